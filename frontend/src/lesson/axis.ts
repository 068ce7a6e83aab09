// The y axis of a lesson step's chart. While a question is open it is the axis the explorer would
// draw for the step's settings over the whole x range (the curve, the baseline, the band, the
// capacity where one is drawn, the memo's points) with headroom: it never depends on the answer
// at the question's x, so the answer sits nowhere in particular, and everything the reveal
// shows already fits. The reveal keeps it, widening only for a prediction that lies outside.
import { drawnLimit } from "../chart/curves.ts";

/** The axis reaches at least this many times the largest value drawn. */
export const HEADROOM = 1.5;

/** The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) >= v. */
export function niceTop(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * p).find((c) => c >= v * (1 - 1e-12)) ?? 10 * p;
}

/** What a step's chart draws once revealed, as y values. */
export interface Drawn {
  curve: number[];
  baseline: number[];
  /** the band's upper edge */
  band: number[];
  /** the metric's capacity along x, where the model knows one (drawn only within reach of the curve) */
  capacity: number[];
  memo: number[];
}

const finite = (xs: number[]) => xs.filter(Number.isFinite);

/** The step's axis top: a round number at least HEADROOM times the largest of the curves, the
 * memo's points and a drawn capacity (and above the band), or the
 * lesson's `y_max` where that is larger. A share (a busy fraction) needs no axis past 100 %, its
 * whole domain. Undefined until the curve is known. */
export function stepTop(d: Drawn, opts: { yMax?: number; share?: boolean } = {}): number | undefined {
  const curve = finite(d.curve);
  if (!curve.length) return undefined;
  const capacity = drawnLimit(d.capacity.map((y) => ({ x: 0, y })), Math.max(...curve)).map((p) => p.y);
  // headroom above what the question is about (the curves, the memo, a capacity); the band of
  // undetermined outcomes only needs to fit
  const most = Math.max(...curve, ...finite(d.baseline), ...capacity, ...finite(d.memo));
  const band = Math.max(0, ...finite(d.band));
  let top = niceTop(Math.max(HEADROOM * most, band));
  if (opts.share && Math.max(most, band) <= 100 * (1 + 1e-9)) top = Math.min(top, 100);
  return opts.yMax !== undefined && opts.yMax > top ? opts.yMax : top;
}

/** The axis after predictions are drawn on it: unchanged, unless one lies above it. */
export function fitPredictions(top: number, predictions: number[]): number {
  const above = finite(predictions).filter((v) => v > top);
  return above.length ? niceTop(1.05 * Math.max(...above)) : top;
}

/** Values a lesson promises will fit on its axis (the answer, the memo's values, an intuition's). */
export interface Promised {
  what: string;
  value: number;
}

/** Why the axis does not hold what the step promises, one reason per value, or none. */
export function axisProblems(top: number, promised: Promised[]): string[] {
  return promised
    .filter((p) => Number.isFinite(p.value) && (p.value > top * (1 + 1e-9) || p.value < 0))
    .map((p) => `${p.what} (${Number(p.value.toPrecision(4))}) lies outside the y axis, 0 to ${Number(top.toPrecision(4))}`);
}

/** The largest value a typed prediction may take: beyond it a value is a slip, not a guess. */
export const TYPED_REACH = 1000;
