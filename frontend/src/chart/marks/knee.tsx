// The knee: where the pace setter turns from a window or the users to a resource (the sweep's
// knee, curves.ts kneeOf), named for what it is. At the textbook's N* "knee N* = 31.84 buffers:
// beyond it the sending CPU sets the pace"; under another rule (LAVC's users at full demand)
// "the boot CPU sets the pace from 113.7 users". The resource is not full there: saturation is
// its own mark (saturation.tsx), further on, or none. A hollow diamond on the curve with its
// words above it, a legend line and a sentence.
import { formatValue } from "../../format";
import type { KneePoint, SaturationPoint } from "../curves";
import { beside, stacked } from "./beside";
import { type Axes, type Mark, ORDER } from "./mark";

/** The mark's words on two lines: what the point is, and what happens beyond it. */
export function kneeLines(a: Axes, k: KneePoint): [string, string] {
  const at = a.xText(k.x);
  return k.nStar ? [`knee N* = ${at}:`, `beyond it the ${k.resource} sets the pace`] : [`from ${at}`, `the ${k.resource} sets the pace`];
}

/** The mark's words on one line, longest first (a narrow chart's take the shorter). */
export function kneeWords(a: Axes, k: KneePoint): string[] {
  const at = a.xText(k.x);
  return k.nStar
    ? [`knee N* = ${at}: beyond it the ${k.resource} sets the pace`, `knee N* = ${at}`, "knee N*"]
    : [`the ${k.resource} sets the pace from ${at}`, `${k.resource} from ${at}`, `from ${at}`];
}

/** `sat`: where a resource saturates along the axis, if one does (the sentence says which). */
export function kneeMark(a: Axes, k: KneePoint, sat: SaturationPoint | null): Mark {
  const at = a.xText(k.x);
  const later = !sat || sat.x > k.x; // (the model's saturation comes after the knee)
  const short = later ? ", short of saturated" : "";
  const y = formatValue(k.y, a.yUnit);
  const what = k.nStar
    ? `The knee N* is at ${at} (${y}), where the textbook's two asymptotes meet: beyond it the ${k.resource} sets the pace${later ? ", though it is not yet saturated there" : ""}.`
    : `From ${at} (${y}) the ${k.resource} sets the pace${later ? ", though it is not yet saturated there" : ""}; before it no resource does.`;
  return {
    id: "knee",
    draw: {
      front: (f) => {
        const x = f.g.x(k.x), y = f.g.y(k.y);
        const [head, tail] = kneeLines(a, k);
        // two lines above and left of it (where a rising curve is not), else below and right;
        // on a narrow chart fewer words, left of it (the saturation point lies right of it)
        const two = stacked([head, tail], x, y, f);
        const one = two ? null : beside(kneeWords(a, k).slice(1), x, f, "left");
        return (
          <g key="knee" data-testid="knee-mark" className="knee-mark" data-x={k.x} data-resource={k.resource} data-n-star={k.nStar}>
            <path d={`M${x},${y - 7}l6,7l-6,7l-6,-7z`} />
            {two ? (
              <text x={two.x} textAnchor={two.anchor} y={two.ys[0]}>
                {head}
                <tspan x={two.x} y={two.ys[1]}>{tail}</tspan>
              </text>
            ) : (
              <text x={one!.x} textAnchor={one!.anchor} y={y - 10}>{one!.text}</text>
            )}
          </g>
        );
      },
    },
    legend: [{
      at: ORDER.legend.knee,
      keys: ["knee-mark"],
      testId: "legend-knee",
      text: k.nStar
        ? `knee N* = ${at}: where the asymptotes meet; beyond it the ${k.resource} sets the pace${short}`
        : `from ${at} the ${k.resource} sets the pace (before it no resource does)${short}`,
    }],
    sentences: [{ at: ORDER.said.knee, text: sat ? what : `${what} No resource saturates (95 % busy) along this axis.` }],
  };
}
