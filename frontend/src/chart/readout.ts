// What the pointer (or keyboard) readout says at one point of the curve: x, y, the bottleneck
// there, the memo's measurement at that x, and the other drawn series at the same x; and how the
// keyboard's reader steps between the memo's measurements and between the drawn lines.
import type { SeriesPoint } from "./geometry";
import { comparedText, type MemoPoint, settingOf } from "./memoPoints";
import { formatValue } from "../format";
import { boundsAt, type BoundsReading, type BoundView } from "./curves";

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
  /** the textbook bounds at this x (curves.ts boundsAt), where they are drawn */
  bounds: BoundsReading[];
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

export function readoutAt(curve: SeriesPoint[], i: number, memo: MemoPoint[], others: NamedSeries[], bounds: BoundView[] = []): ReadoutAt | null {
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
    bounds: boundsAt(bounds, p.x),
  };
}

/** One kind of bound in words: "asymptotic bounds 150 to 184 Kbps", "CPU alone at most 732 Kbytes/sec". */
export function boundText(b: BoundsReading, unit: string): string {
  if (b.lower !== null && b.upper !== null) return `${b.label} ${formatValue(b.lower, unit)} to ${formatValue(b.upper, unit)}`;
  if (b.upper !== null) return `${b.label} at most ${formatValue(b.upper, unit)}`;
  return `${b.label} at least ${formatValue(b.lower ?? Number.NaN, unit)}`;
}

/** What the keyboard's reader says at one point: x and y, what limits the curve there, the memo's
 * measurements at that x, and every other drawn series at the same x. */
export function readoutText(r: ReadoutAt, xLabel: string, xText: (v: number) => string, yLabel: string, yUnit: string): string {
  const parts = [`${xLabel} ${xText(r.x)}: ${yLabel} ${formatValue(r.y, yUnit)}`];
  if (r.bottleneck) parts.push(`limited by the ${r.bottleneck}`);
  for (const m of r.memo) parts.push(memoReading(m, yUnit));
  for (const o of r.others) parts.push(`${o.label} ${formatValue(o.y, yUnit)}`);
  for (const b of r.bounds) parts.push(boundText(b, yUnit));
  return `${parts.join("; ")}.`;
}

/** "the memo measured 360 bit/s" here; one measured at another setting with that setting and
 * the model there ("the memo measured 1.47M bit/s at buffer size 1467 bytes, the model at that
 * setting 1.45M bit/s, 1 % below"), never against this curve. */
export function memoReading(m: MemoPoint, yUnit: string): string {
  if (m.exact) return `the memo measured ${formatValue(m.y, yUnit)}`;
  const compared = comparedText(m, m.model ?? Number.NaN, yUnit);
  return `the memo measured ${formatValue(m.y, yUnit)} at ${settingOf(m)}${compared ? `, ${compared}` : ""}`;
}

/** The curve point at the next memo measurement beyond `from` (dir 1) or before it (dir -1),
 * or null when there is none that way. */
export function memoStep(curve: SeriesPoint[], memo: MemoPoint[], from: number, dir: 1 | -1): number | null {
  const here = curve[from]?.x ?? Number.NaN;
  const xs = [...new Set(memo.map((m) => m.x))].filter((x) => (dir > 0 ? x > here : x < here)).sort((a, b) => dir * (a - b));
  for (const x of xs) {
    const i = nearestIndex(curve, x);
    if (i >= 0 && i !== from) return i;
  }
  return null;
}

/** Where the reader lands on another drawn line (dir 1: the next, -1: the one before, wrapping
 * round): the point of that line nearest the x it was reading. */
export function lineStep(lines: NamedSeries[], at: { s: number; i: number }, dir: 1 | -1): { s: number; i: number } {
  const n = lines.length;
  if (n < 2) return at;
  const x = lines[at.s]?.points[at.i]?.x;
  const s = (((at.s + dir) % n) + n) % n;
  return { s, i: x === undefined ? 0 : Math.max(0, nearestIndex(lines[s].points, x)) };
}
