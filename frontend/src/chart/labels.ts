// The chart's labels kept apart: end-of-curve labels moved apart where curves meet (dodge), and
// the layout pass every other label goes through (placeLabels): each mark asks for its labels with
// the spots they may take, and each is put at the first spot clear of the axes, the tick labels,
// the class's marks, the band, the curves, the bounds' lines and the labels placed before it.
import { textWidth } from "./measure";

/** Positions (same order as `ys`) at least `gap` apart, as near their own as possible, within [lo, hi]. */
export function dodge(ys: number[], gap: number, lo: number, hi: number): number[] {
  const order = ys.map((y, i) => ({ y: Math.min(hi, Math.max(lo, y)), i })).sort((a, b) => a.y - b.y);
  // push down from the top, then back up from the bottom: a stack that overflows fits again
  for (let k = 1; k < order.length; k++) order[k].y = Math.max(order[k].y, order[k - 1].y + gap);
  if (order.length && order[order.length - 1].y > hi) {
    order[order.length - 1].y = hi;
    for (let k = order.length - 2; k >= 0; k--) order[k].y = Math.min(order[k].y, order[k + 1].y - gap);
  }
  const out = new Array<number>(ys.length);
  for (const o of order) out[o.i] = o.y;
  return out;
}

/** A rectangle in the chart's pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A line segment a label must not cross (a piece of a curve). */
export type Segment = [number, number, number, number];

export type Anchor = "start" | "middle" | "end";

/** One place a label may go: its text's anchor point (x, and y at the baseline). */
export interface Spot {
  x: number;
  y: number;
  anchor: Anchor;
}

/** A label a mark asks for: its words (the first that fits wins, shorter ones after), how it is
 * drawn, and the spots it may take, best first. */
export interface LabelWant {
  id: string;
  texts: string[];
  px: number;
  weight?: number;
  spots: Spot[];
  /** laid out before labels of a higher rank (0 first; the default) */
  rank?: number;
  /** where it must lie, if not the plot (a region's name above it) */
  within?: Box;
}

export interface Placed extends Spot {
  id: string;
  text: string;
  box: Box;
}

/** What labels keep clear of: boxes (tick labels, a band, a class's marks) and curves' segments. */
export interface Obstacles {
  boxes?: Box[];
  segments?: Segment[];
}

/** The box a text covers at a spot (the baseline at y; the font's ascent above, its descent below). */
export function textBox(text: string, s: Spot, px: number, weight = 400, w = textWidth(text, px, weight)): Box {
  const x0 = s.anchor === "start" ? s.x : s.anchor === "end" ? s.x - w : s.x - w / 2;
  return { x0, y0: s.y - 0.95 * px, x1: x0 + w, y1: s.y + 0.26 * px };
}

export const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

const inside = (a: Box, within: Box) => a.x0 >= within.x0 && a.x1 <= within.x1 && a.y0 >= within.y0 && a.y1 <= within.y1;

/** Whether a segment crosses a box (Liang-Barsky clipping). Called for every spot a label tries
 * against every piece of every curve (thousands of times a knob press), so it allocates nothing
 * and turns away a segment wholly to one side of the box first. */
export function crosses(b: Box, g: Segment): boolean {
  const x0 = g[0], y0 = g[1], x1 = g[2], y1 = g[3];
  if ((x0 < b.x0 && x1 < b.x0) || (x0 > b.x1 && x1 > b.x1) || (y0 < b.y0 && y1 < b.y0) || (y0 > b.y1 && y1 > b.y1)) return false;
  const dx = x1 - x0, dy = y1 - y0;
  let lo = 0, hi = 1;
  // the box's four sides in turn: left, right, top, bottom (p: the segment's run toward the
  // side's outside, q: how far inside the side its start lies)
  for (let side = 0; side < 4; side++) {
    const p = side === 0 ? -dx : side === 1 ? dx : side === 2 ? -dy : dy;
    const q = side === 0 ? x0 - b.x0 : side === 1 ? b.x1 - x0 : side === 2 ? y0 - b.y0 : b.y1 - y0;
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) lo = Math.max(lo, t);
      else hi = Math.min(hi, t);
      if (lo > hi) return false;
    }
  }
  return true;
}

/** The labels laid out in turn (the first asked, the first served): each at its first spot, with
 * its first words, whose box lies within `within` and clear of the obstacles and of the labels
 * already placed, with `pad` pixels to spare; a label that fits nowhere is left out (the legend and
 * the description still say it). */
export function placeLabels(wants: LabelWant[], obstacles: Obstacles, within: Box, pad = 2): Placed[] {
  const placed: Placed[] = [];
  const boxes = obstacles.boxes ?? [];
  const segments = obstacles.segments ?? [];
  for (const w of wants) {
    let found: Placed | null = null;
    for (const text of w.texts) {
      const width = textWidth(text, w.px, w.weight); // measured once, tried at every spot
      for (const s of w.spots) {
        const box = textBox(text, s, w.px, w.weight, width);
        const padded = { x0: box.x0 - pad, y0: box.y0 - pad, x1: box.x1 + pad, y1: box.y1 + pad };
        if (!inside(box, w.within ?? within)) continue;
        if (boxes.some((b) => overlaps(padded, b)) || placed.some((p) => overlaps(padded, p.box)) || segments.some((g) => crosses(padded, g))) continue;
        found = { id: w.id, text, ...s, box };
        break;
      }
      if (found) break;
    }
    if (found) placed.push(found);
  }
  return placed;
}

/** The segments of a polyline in pixels (gaps where a value is missing). */
export function segmentsOf(pts: { x: number; y: number }[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1], b = pts[i];
    if ([a.x, a.y, b.x, b.y].every(Number.isFinite)) out.push([a.x, a.y, b.x, b.y]);
  }
  return out;
}

/** Spots around a point, nearest first: right, left, above, below, at growing distances. */
export function spotsAround(x: number, y: number, px: number, gap = 10): Spot[] {
  const out: Spot[] = [];
  for (const k of [1, 2, 3.5, 5, 7, 10]) {
    const d = gap * k;
    out.push(
      { x: x + d, y: y + 0.35 * px, anchor: "start" },
      { x: x - d, y: y + 0.35 * px, anchor: "end" },
      { x, y: y - d, anchor: "middle" },
      { x, y: y + d + 0.8 * px, anchor: "middle" },
      { x: x + d, y: y - d, anchor: "start" },
      { x: x - d, y: y - d, anchor: "end" },
      { x: x + d, y: y + d + 0.8 * px, anchor: "start" },
      { x: x - d, y: y + d + 0.8 * px, anchor: "end" },
    );
  }
  return out;
}

/** A dot's box (its radius r around its centre). */
export const dotBox = (x: number, y: number, r: number): Box => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r });

/** A curve as obstacles: its segments in the frame's pixels. */
export const curveObstacles = (g: { x: (v: number) => number; y: (v: number) => number }, pts: { x: number; y: number }[]): Obstacles => ({
  segments: segmentsOf(pts.filter((p) => Number.isFinite(p.y)).map((p) => ({ x: g.x(p.x), y: g.y(p.y) }))),
});

/** Spots along a line for its name (a capacity, a bound): just above it, then just below, at its
 * right end first and then at points further left, so the name stays on its line. */
export function spotsAlong(pts: { x: number; y: number }[], px: number): Spot[] {
  const shown = pts.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const out: Spot[] = [];
  if (!shown.length) return out;
  for (const share of [1, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1]) {
    const p = shown[Math.round(share * (shown.length - 1))];
    // clear of the line itself by a few pixels (the label's box is kept 2 px from any line)
    out.push({ x: p.x - 4, y: p.y - 4 - 0.3 * px, anchor: "end" }, { x: p.x - 4, y: p.y + 4 + 0.95 * px, anchor: "end" });
  }
  return out;
}

/** The labels in the order they are laid out: by rank (0 first), then as asked. */
export const sortByRank = (wants: LabelWant[]): LabelWant[] =>
  wants.map((w, i) => ({ w, i })).sort((a, b) => (a.w.rank ?? 0) - (b.w.rank ?? 0) || a.i - b.i).map((e) => e.w);
