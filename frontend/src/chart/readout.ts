// What the pointer (or keyboard) readout says at one point of the curve: x, y, the bottleneck
// there, the memo's measurement at that x, and the other drawn series at the same x.
import type { SeriesPoint } from "./geometry";
import type { MemoPoint } from "./memoPoints";

export interface NamedSeries {
  label: string;
  points: SeriesPoint[];
}

export interface ReadoutAt {
  x: number;
  y: number;
  bottleneck: string | null;
  memo: MemoPoint[];
  others: { label: string; y: number }[];
}

/** The index of the curve point nearest to `x` (curves are sorted by x). */
export function nearestIndex(curve: SeriesPoint[], x: number): number {
  let best = -1;
  let gap = Infinity;
  curve.forEach((p, i) => {
    const d = Math.abs(p.x - x);
    if (d < gap) {
      gap = d;
      best = i;
    }
  });
  return best;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

export function readoutAt(curve: SeriesPoint[], i: number, memo: MemoPoint[], others: NamedSeries[]): ReadoutAt | null {
  const p = curve[i];
  if (!p) return null;
  return {
    x: p.x,
    y: p.y,
    bottleneck: p.bottleneck ?? null,
    // a point measured at this x, or somewhere in a range that contains it
    memo: memo.filter((m) => (m.x0 !== undefined && m.x1 !== undefined ? m.x0 <= p.x && p.x <= m.x1 : near(m.x, p.x))),
    others: others.flatMap((s) => {
      const q = s.points.find((pt) => near(pt.x, p.x));
      return q ? [{ label: s.label, y: q.y }] : [];
    }),
  };
}
