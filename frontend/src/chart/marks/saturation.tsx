// Where a resource saturates: the first x at which the model has it at least 95 % busy
// (perfmodels/sweep.py's saturation, curves.ts saturationOf), never the knee, where it only
// starts to set the pace (knee.tsx). A diamond on the curve named beside it (where the chart's
// layout pass finds room: labels.ts), a legend line, a sentence and a chime; a chart along which
// no resource is that busy has none of them.
import { formatValue } from "../../format";
import type { SaturationPoint } from "../curves";
import { dotBox, spotsAround } from "../labels";
import { Label } from "./label";
import { type Axes, type Mark, ORDER } from "./mark";

/** The busy share as people read it: "95.4 %" (rounded down, so 94.96 % never reads as 95 %). */
export const busyText = (u: number) => `${Math.floor(1000 * u) / 10} %`;

/** The mark's words, longest first: "sending CPU saturates at 44 buffers" (at the axis's start,
 * "already saturated at": it is full where the axis begins, not an event along it); a narrow
 * chart's the shorter, the legend says the rest. */
export function saturationWords(a: Axes, s: SaturationPoint): string[] {
  const verb = s.x <= a.xDomain[0] ? "already saturated at" : "saturates at";
  return [`${s.resource} ${verb} ${a.xText(s.x)}`, `${verb} ${a.xText(s.x)}`, s.x <= a.xDomain[0] ? "saturated" : "saturates"];
}

export function saturationMark(a: Axes, s: SaturationPoint): Mark {
  const [full] = saturationWords(a, s);
  const busy = busyText(s.utilization);
  return {
    id: "saturation",
    draw: {
      front: (f) => {
        const x = f.g.x(s.x), y = f.g.y(s.y);
        return (
          <g key="saturation" data-testid="saturation-point" className="saturation" data-x={s.x} data-resource={s.resource} data-utilization={s.utilization}>
            <path d={`M${x},${y - 8}l7,8l-7,8l-7,-8z`} />
            <Label f={f} id="saturation" className="saturation-label" to={{ x, y }} />
          </g>
        );
      },
    },
    // its words beside the diamond (right of it first: the knee lies left), the full words where they fit
    labels: (f) => {
      const px = f.large ? 18 : 12.8;
      return [{ id: "saturation", rank: 1, px, texts: saturationWords(a, s), spots: spotsAround(f.g.x(s.x), f.g.y(s.y), px, 11) }];
    },
    obstacles: (f) => ({ boxes: [dotBox(f.g.x(s.x), f.g.y(s.y), 8)] }),
    legend: [{ at: ORDER.legend.saturation, keys: ["saturation"], testId: "legend-saturation", text: `the ${full}: the model has it ${busy} busy there (saturated: at least 95 %)` }],
    sentences: [{ at: ORDER.said.saturation, text: `The ${full} (${formatValue(s.y, a.yUnit)}): the model has it ${busy} busy there.` }],
    sound: { chimes: [s.x] },
  };
}
