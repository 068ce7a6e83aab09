// The fixed top of a lesson chart's y axis while its question is open: it must neither give the
// answer away nor move when the curve appears, and it must fit the answers a student could
// reasonably give. A point question's axis is set by the values at its x (the model's and the
// memo's): at most about twice the larger, never below it; the rest of the curve is clipped.
// A choice question's axis holds the curve, but not past the metric's capacity when the curve
// stays under it (a CPU share is not drawn to 160 %).
import type { Question } from "./schema.ts";

/** The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) >= v. */
export function niceTop(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * p).find((c) => c >= v * (1 - 1e-12)) ?? 10 * p;
}

export interface AxisInput {
  /** the model's and the memo's values at the question's x (point questions) */
  atValues: number[];
  /** every value drawn once revealed: curve, baseline, memo points */
  drawn: number[];
  /** the metric's capacity along x, where the model knows one */
  capacity: number[];
}

export const MAX_TOP_RATIO = 2;

export function questionTop(q: Question, a: AxisInput): number | undefined {
  const finite = (xs: number[]) => xs.filter(Number.isFinite);
  if (q.predict === "point") {
    if (q.y_max) return q.y_max;
    const at = finite(a.atValues);
    return at.length ? niceTop(1.3 * Math.max(...at)) : undefined; // at most 1.95 times it
  }
  const drawn = finite(a.drawn);
  if (!drawn.length) return undefined;
  const top = niceTop(1.2 * Math.max(...drawn));
  const cap = finite(a.capacity);
  if (cap.length && Math.max(...drawn) <= Math.max(...cap)) return Math.min(top, niceTop(1.05 * Math.max(...cap)));
  return top;
}

/** Why a point question's axis does not fit its plausible answers, or null when it does. */
export function axisProblem(top: number, atValues: number[]): string | null {
  const at = atValues.filter(Number.isFinite);
  if (!at.length) return null;
  const most = Math.max(...at);
  if (top < most) return `the y axis stops at ${top}, below the value at the question's x (${Number(most.toPrecision(4))})`;
  if (top > MAX_TOP_RATIO * most) return `the y axis reaches ${top}, more than ${MAX_TOP_RATIO} times the largest value at the question's x (${Number(most.toPrecision(4))})`;
  return null;
}
