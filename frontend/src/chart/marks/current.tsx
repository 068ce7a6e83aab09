// The current setting: a ring on the curve at the knob's value (none until its value is known),
// where the curve's reader starts.
import { dotBox } from "../labels";
import { type Mark, ORDER } from "./mark";

export function currentMark(x: number, y: number): Mark {
  return {
    id: "current",
    draw: {
      front: (f) => Number.isFinite(y) && (
        <circle key="current" data-testid="current-point" className="current-point" cx={f.g.x(x)} cy={f.g.y(y)} r={9} data-x={x} data-y={y} />
      ),
    },
    ys: [y],
    now: x,
    obstacles: (f) => (Number.isFinite(y) ? { boxes: [dotBox(f.g.x(x), f.g.y(y), 10)] } : {}),
    legend: [{ at: ORDER.legend.current, keys: ["current"], text: "current setting (a ring; a memo point inside it is the memo's figure there)" }],
  };
}
