// A learner's prediction on the chart: a point at a fixed x that a pointer drags or arrow keys
// step up and down (a slider for assistive technology), drawn above the curve's reader; and its
// line in a lesson's legend.
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { formatValue } from "../../format";
import type { geometry } from "../geometry";
import { type Mark, ORDER } from "./mark";
import { followPointer } from "./pointer";

export interface Prediction {
  x: number;
  /** null until the learner places it */
  y: number | null;
  /** its accessible name */
  label: string;
  /** absent once the prediction is committed */
  onChange?: (y: number) => void;
}

type Scales = ReturnType<typeof geometry>;

export function predictionMark(a: { yUnit: string }, p: Prediction): Mark {
  return {
    id: "prediction",
    grabs: p.onChange !== undefined,
    draw: {
      top: (f) => <PredictionMark p={p} g={f.g} top={f.margin.top} bottom={f.bottom} left={f.margin.left} right={f.width - f.margin.right} unit={a.yUnit} />,
    },
    brief: [{ at: ORDER.brief.prediction, keys: ["prediction"], text: "your prediction" }],
  };
}

/** The learner's predicted point: a vertical guide at its x, a handle that a pointer drags
 * anywhere in the plot (only y moves) and that arrow keys step (a slider for assistive tech). */
function PredictionMark({ p, g, top, bottom, left, right, unit }: { p: Prediction; g: Scales; top: number; bottom: number; left: number; right: number; unit: string }) {
  const [lo, hi] = g.y.domain();
  const clamp = (v: number) => Math.max(lo, Math.min(hi, v));
  // a drag outlives renders (the axis may widen under the finger): it reads the latest props
  const latest = useRef({ p, g });
  latest.current = { p, g };
  // the drag belongs to the whole <svg> (pointer.ts): the handle follows a finger off the plot
  const onDown = (e: PointerEvent<SVGRectElement>) => {
    const svg = e.currentTarget.ownerSVGElement;
    if (!svg || !latest.current.p.onChange) return;
    e.preventDefault();
    followPointer(svg, e, (ev) => {
      const { p: now, g: scales } = latest.current;
      const [a, b] = scales.y.domain();
      const y = scales.y.invert(ev.clientY - svg.getBoundingClientRect().top);
      now.onChange?.(Math.max(a, Math.min(b, y)));
    });
  };
  const onKey = (e: KeyboardEvent<SVGCircleElement>) => {
    if (!p.onChange) return;
    const here = p.y ?? (lo + hi) / 2;
    const step = (hi - lo) / 100;
    const next: Record<string, number> = {
      ArrowUp: here + step, ArrowRight: here + step, ArrowDown: here - step, ArrowLeft: here - step,
      PageUp: here + 10 * step, PageDown: here - 10 * step, Home: lo, End: hi,
    };
    if (!(e.key in next)) return;
    e.preventDefault();
    e.stopPropagation(); // a presenter's arrow keys move between steps, but not from here
    p.onChange(clamp(next[e.key]));
  };
  const cx = g.x(p.x);
  const cy = p.y === null ? (top + bottom) / 2 : g.y(p.y);
  return (
    <g className={p.onChange ? "prediction editable" : "prediction"} data-testid="prediction">
      {p.onChange && (
        <rect className="prediction-area" x={left} y={top} width={Math.max(0, right - left)} height={bottom - top}
          onPointerDown={onDown} />
      )}
      <line className="prediction-guide" x1={cx} x2={cx} y1={top} y2={bottom} />
      {/* once it can no longer move (answered, revealed), a ring: the model's point under it shows */}
      <circle
        className={p.y === null ? "prediction-handle unset" : p.onChange ? "prediction-handle" : "prediction-handle placed"}
        data-testid="prediction-handle"
        data-y={p.y ?? ""}
        cx={cx}
        cy={cy}
        r={p.onChange ? 10 : 12}
        // out of the Tab order: it sits in the chart, after the question's Reveal, so Tab from it
        // left the step unanswered; the question's typed box (before Reveal, arrow keys step it)
        // is its keyboard way. A click or a script still focuses it, and its arrows still work.
        tabIndex={-1}
        role="slider"
        aria-label={p.label}
        aria-valuemin={lo}
        aria-valuemax={hi}
        aria-valuenow={p.y ?? undefined}
        aria-valuetext={p.y === null ? "not placed yet" : formatValue(p.y, unit)}
        aria-readonly={!p.onChange}
        onKeyDown={onKey}
      />
    </g>
  );
}
