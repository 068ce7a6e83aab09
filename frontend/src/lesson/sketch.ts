// A sketched curve (a lesson's `predict: curve`) read as numbers: how far it is from the model
// (the mean relative error over its x values, as the class report judges it:
// backend/app/classes/report.py), how far from the memo's points between them, and a class's
// sketches as a median with its middle half (the 25th to the 75th percentile) at each x.

/** The p-quantile (0..1) of sorted values, straight between neighbouring ranks (the usual
 * definition, R's type 7): the median of an even count is the mean of the middle two. */
export function quantile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (at - lo) * (sorted[hi] - sorted[lo]);
}

/** A class's sketches at each x: the median, and the middle half between `low` (25 %) and `high`
 * (75 %). `perX`: at each x, the class's values there (in any order). */
export interface SketchBand {
  median: number[];
  low: number[];
  high: number[];
}

export function sketchBand(perX: number[][]): SketchBand {
  const sorted = perX.map((vs) => vs.filter(Number.isFinite).sort((a, b) => a - b));
  return {
    median: sorted.map((vs) => quantile(vs, 0.5)),
    low: sorted.map((vs) => quantile(vs, 0.25)),
    high: sorted.map((vs) => quantile(vs, 0.75)),
  };
}

/** Whole sketches (one list of values a student) turned into each x's values, sorted: the shape
 * the server sends a revealed step's sketches in (classes/models.py Spread.sketches). */
export function byX(sketches: number[][]): number[][] {
  const n = sketches.length ? Math.min(...sketches.map((s) => s.length)) : 0;
  return Array.from({ length: n }, (_, i) => sketches.map((s) => s[i]).sort((a, b) => a - b));
}

/** How far a sketch is from the model: the mean over its x values of |sketch − model| / model
 * (NaN when a value is missing). */
export function meanRelativeError(sketch: number[], model: number[]): number {
  if (!sketch.length || sketch.length !== model.length) return Number.NaN;
  const each = sketch.map((s, i) => Math.abs(s - model[i]) / Math.abs(model[i] || 1));
  return each.reduce((a, b) => a + b, 0) / each.length;
}

/** The sketch's value at x: straight between its points as the chart draws them (on a log axis,
 * straight in log x); null outside its first and last x. */
export function sketchAt(xs: number[], ys: number[], x: number, log = false): number | null {
  const t = (v: number) => (log ? Math.log2(v) : v);
  for (let i = 1; i < xs.length; i++) {
    if (x >= xs[i - 1] && x <= xs[i]) {
      const f = xs[i] === xs[i - 1] ? 0 : (t(x) - t(xs[i - 1])) / (t(xs[i]) - t(xs[i - 1]));
      return ys[i - 1] + f * (ys[i] - ys[i - 1]);
    }
  }
  return null;
}

/** The sketch against measured points (the memo's) that lie within its x values: the mean
 * relative error over them, and how many there were; null when none lies within. */
export function errorAgainst(xs: number[], ys: number[], points: { x: number; y: number }[], log = false): { error: number; count: number } | null {
  const pairs = points.flatMap((p) => {
    const s = sketchAt(xs, ys, p.x, log);
    return s === null || !Number.isFinite(p.y) ? [] : [[s, p.y]];
  });
  if (!pairs.length) return null;
  return { error: meanRelativeError(pairs.map(([s]) => s), pairs.map(([, m]) => m)), count: pairs.length };
}

/** A sketch's values are set on a grid of a hundredth of the axis (its sliders' steps), drawn
 * or set by keyboard alike: what the sliders show is what is sent. */
export const SKETCH_STEPS = 100;

export function snap(v: number, top: number): number {
  const step = top / SKETCH_STEPS;
  return Number((Math.round(Math.max(0, Math.min(top, v)) / step) * step).toPrecision(4));
}

/** An error as people read it: a whole percent. */
export const percent = (error: number) => `${Math.round(100 * error)} %`;
