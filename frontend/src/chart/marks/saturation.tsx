// The curve's saturation point: the model's knee (its resource named) or where the curve reaches
// its capacity. A diamond on the curve named beside it, a legend line, a sentence and a chime.
import { formatValue } from "../../format";
import { textWidth } from "../measure";
import { type Axes, type Frame, type Mark, ORDER } from "./mark";

export interface Saturation {
  at: { x: number; y: number; resource?: string };
  /** drawn where the model names its resource, or where the capacity line is drawn */
  drawn: boolean;
}

export function saturationMark(a: Axes, s: Saturation): Mark {
  const { at } = s;
  return {
    id: "saturation",
    draw: {
      front: (f) => {
        if (!s.drawn) return null;
        const label = placed(a, at, f);
        const x = f.g.x(at.x), y = f.g.y(at.y);
        return (
          <g key="saturation" data-testid="saturation-point" className="saturation" data-x={at.x}>
            <path d={`M${x},${y - 8}l7,8l-7,8l-7,-8z`} />
            <text x={label.x} textAnchor={label.anchor} y={y + 18}>{label.text}</text>
          </g>
        );
      },
    },
    legend: at.resource
      ? [{ at: ORDER.legend.saturation, keys: ["saturation"], testId: "legend-saturation", text: `the ${at.resource} saturates at ${a.xText(at.x)}: from there on it sets the pace` }]
      : [],
    sentences: [{
      at: ORDER.said.capacity,
      text: `It reaches its capacity at ${a.xText(at.x)} (${formatValue(at.y, a.yUnit)})${at.resource ? `, where the ${at.resource} is fully busy` : ""}.`,
    }],
    sound: { chimes: [at.x] },
  };
}

/** The mark's words, beside it, on whichever side keeps them inside the chart. */
function placed(a: Axes, sat: Saturation["at"], f: Frame): { text: string; x: number; anchor: "start" | "end" } {
  const full = `${sat.resource ? `${sat.resource} saturates` : "saturates"} at ${a.xText(sat.x)}`;
  const px = f.large ? 18 : 12.8;
  const at = f.g.x(sat.x);
  // the full words right of the mark, else left of it, else the short words: never over the y axis
  for (const text of [full, `saturates at ${a.xText(sat.x)}`]) {
    const w = textWidth(text, px);
    if (at + 10 + w <= f.width - 2) return { text, x: at + 10, anchor: "start" };
    if (at - 10 - w >= f.margin.left) return { text, x: at - 10, anchor: "end" };
  }
  // a very narrow chart: the short words under the mark, kept within the chart's width
  const text = `saturates at ${a.xText(sat.x)}`;
  const w = textWidth(text, px);
  return { text, x: Math.max(2, Math.min(at - w / 2, f.width - 2 - w)), anchor: "start" };
}
