// A learner's sketch of the whole curve (a lesson's `predict: curve`): drawn with a finger or the
// mouse over the plot, and read at the question's x values, each a dot joined to the next. A
// stroke sets the points it passes over (the last pass over a point wins: drawing again
// corrects); a tap sets the point nearest to it. The keyboard's way is the step's sliders
// (lesson/SketchQuestion.tsx), which set the same values.
import { type PointerEvent, useRef, useState } from "react";
import type { geometry } from "../geometry";
import { type Mark, ORDER } from "./mark";
import { followPointer } from "./pointer";

export interface Sketch {
  /** where the sketch is read (the question's x values) */
  xs: number[];
  /** its value at each (NaN: not set yet) */
  ys: number[];
  /** absent once the sketch is committed; given the values as drawn (the owner rounds them) */
  onChange?: (ys: number[]) => void;
}

type Scales = ReturnType<typeof geometry>;
type Px = [number, number];

/** The stroke's height (in pixels) at each of `at` (pixels along x): where it passes over one, its
 * last pass there; else the stroke's point nearest in x if within `snap` pixels (a tap, or a
 * stroke ending just short); else null. */
export function sampleStroke(stroke: Px[], at: number[], snap: number): (number | null)[] {
  return at.map((px) => {
    let found: number | null = null;
    for (let i = 1; i < stroke.length; i++) {
      const [[x0, y0], [x1, y1]] = [stroke[i - 1], stroke[i]];
      if (x0 !== x1 && (px - x0) * (px - x1) <= 0) found = y0 + ((y1 - y0) * (px - x0)) / (x1 - x0);
    }
    if (found !== null) return found;
    let best: Px | null = null;
    for (const p of stroke) if (Math.abs(p[0] - px) <= snap && (!best || Math.abs(p[0] - px) < Math.abs(best[0] - px))) best = p;
    return best ? best[1] : null;
  });
}

/** The sketch's line: straight from each set point to the next set one. */
export function sketchPath(g: Scales, xs: number[], ys: number[]): string {
  const set = xs.flatMap((x, i) => (Number.isFinite(ys[i]) ? [`${g.x(x)},${g.y(ys[i])}`] : []));
  return set.length > 1 ? `M${set.join("L")}` : "";
}

export function sketchMark(s: Sketch): Mark {
  const any = s.ys.some(Number.isFinite);
  return {
    id: "sketch",
    grabs: s.onChange !== undefined,
    draw: { top: (f) => <SketchDrawing s={s} g={f.g} top={f.margin.top} bottom={f.bottom} left={f.margin.left} right={f.width - f.margin.right} small={f.small} large={f.large} /> },
    obstacles: (f) => ({ boxes: s.xs.flatMap((x, i) => (Number.isFinite(s.ys[i]) ? [{ x0: f.g.x(x) - 8, x1: f.g.x(x) + 8, y0: f.g.y(s.ys[i]) - 8, y1: f.g.y(s.ys[i]) + 8 }] : [])) }),
    brief: [{ at: ORDER.brief.sketch, keys: ["sketch"], text: any || s.onChange ? "your sketch, read at the dotted lines" : "your sketch (none given)" }],
  };
}

function SketchDrawing({ s, g, top, bottom, left, right, small, large }: { s: Sketch; g: Scales; top: number; bottom: number; left: number; right: number; small: boolean; large: boolean }) {
  const [stroke, setStroke] = useState<Px[]>([]);
  // a stroke outlives renders (each move sets new values): it reads the latest props
  const latest = useRef({ s, g });
  latest.current = { s, g };
  const onDown = (e: PointerEvent<SVGRectElement>) => {
    const svg = e.currentTarget.ownerSVGElement;
    if (!svg || !latest.current.s.onChange) return;
    e.preventDefault();
    const box = svg.getBoundingClientRect();
    const drawn: Px[] = [];
    // the drawing belongs to the whole <svg> (pointer.ts): the page does not scroll under it
    followPointer(svg, e, (ev) => {
      const { s: now, g: scales } = latest.current;
      const [lo, hi] = scales.y.range();
      drawn.push([ev.clientX - box.left, Math.max(hi, Math.min(lo, ev.clientY - box.top))]);
      setStroke([...drawn]);
      const at = now.xs.map((x) => scales.x(x));
      const gap = Math.min(...at.slice(1).map((x, i) => x - at[i]));
      const read = sampleStroke(drawn, at, Math.max(8, gap / 2));
      if (read.every((v) => v === null)) return;
      // (the step puts each value on its sliders' grid: what they show is what is sent)
      now.onChange?.(now.ys.map((y, i) => (read[i] === null ? y : scales.y.invert(read[i] as number))));
    }, () => setStroke([]));
  };
  const editable = s.onChange !== undefined;
  const r = small ? 6 : large ? 9 : 7;
  return (
    <g className={editable ? "sketch editable" : "sketch"} data-testid="sketch">
      {editable && (
        <>
          <rect className="sketch-area" data-testid="sketch-area" x={left} y={top} width={Math.max(0, right - left)} height={bottom - top} onPointerDown={onDown} />
          {s.xs.map((x) => <line key={x} className="sketch-guide" x1={g.x(x)} x2={g.x(x)} y1={top} y2={bottom} />)}
        </>
      )}
      {stroke.length > 1 && <path className="sketch-stroke" d={`M${stroke.map(([x, y]) => `${x},${y}`).join("L")}`} />}
      <path className="sketch-line" data-testid="sketch-line" d={sketchPath(g, s.xs, s.ys)} />
      {s.xs.map((x, i) => Number.isFinite(s.ys[i]) && (
        <circle key={x} className="sketch-point" data-testid="sketch-point" data-x={x} data-y={s.ys[i]} cx={g.x(x)} cy={g.y(s.ys[i])} r={r} />
      ))}
    </g>
  );
}
