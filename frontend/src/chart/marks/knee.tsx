// The knee: where the pace setter turns from a window or the users to a resource (the sweep's
// knee, curves.ts kneeOf), named for what it is. Along a closed network's population it is the
// textbook's N*, "knee N* = 31.84 buffers: beyond it the sending CPU sets the pace"; along
// another knob it is only the setting where a resource takes over, "the boot CPU sets the pace
// from 1.253 locks/s" (LAVC at 86 users), never called N*. The resource is not full there:
// saturation is its own mark (saturation.tsx), further on, or none. A hollow diamond on the
// curve with its words beside it (above and left first, where a rising curve is not; placed by
// the chart's layout pass, labels.ts), a legend line and a sentence.
import { formatValue } from "../../format";
import type { KneePoint, SaturationPoint } from "../curves";
import { dotBox, type Spot, spotsAround } from "../labels";
import { Label } from "./label";
import { type Axes, type Mark, ORDER } from "./mark";

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
        return (
          <g key="knee" data-testid="knee-mark" className="knee-mark" data-x={k.x} data-resource={k.resource} data-n-star={k.nStar}>
            <path d={`M${x},${y - 7}l6,7l-6,7l-6,-7z`} />
            <Label f={f} id="knee-mark" className="knee-mark-label" to={{ x, y }} />
          </g>
        );
      },
    },
    labels: (f) => {
      const px = f.large ? 18 : 12.8;
      return [{ id: "knee-mark", rank: 1, px, texts: kneeWords(a, k), spots: leftAboveFirst(spotsAround(f.g.x(k.x), f.g.y(k.y), px, 10)) }];
    },
    obstacles: (f) => ({ boxes: [dotBox(f.g.x(k.x), f.g.y(k.y), 7)] }),
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

/** spotsAround's rings (eight spots each: right, left, above, below, then the corners) with the
 * spots above and left of the point first in each ring: a rising curve lies below and right. */
function leftAboveFirst(spots: Spot[]): Spot[] {
  const order = [5, 2, 1, 4, 0, 7, 3, 6]; // left-above, above, left, right-above, right, ...
  const out: Spot[] = [];
  for (let i = 0; i < spots.length; i += 8) for (const j of order) if (spots[i + j]) out.push(spots[i + j]);
  return out;
}
