// Where the y axis's title goes: turned on its side at the chart's left edge, centred on the plot
// but never past the svg's top or bottom (a long title on a phone's 250 px chart ran off both
// ends), broken onto a second line where it is longer than the chart is tall (the plot moves
// right by a line), and in smaller type only where two lines still do not fit.
import { textWidth, wrap } from "./measure";

export interface YTitle {
  lines: string[];
  /** the type's size, px (smaller than asked only where two lines do not fit: then `shrunk`) */
  px: number;
  shrunk: boolean;
  /** the first line's baseline from the svg's left edge, and the lines' centre down the svg */
  x: number;
  y: number;
  lineHeight: number;
  /** how much wider the left margin must be for the lines after the first */
  extra: number;
}

/** Clear of the svg's edges by this much, px. */
const PAD = 4;
/** a glyph's height above the baseline, as a share of the type's size (turned, it reaches left) */
const ASCENT = 0.8;

export function yTitleLayout(title: string, o: { px: number; x: number; top: number; bottom: number; height: number; minPx?: number }): YTitle {
  const room = o.height - 2 * PAD;
  const minPx = o.minPx ?? 10;
  const widest = (ls: string[], p: number) => Math.max(0, ...ls.map((l) => textWidth(l, p)));
  // on one line if it fits; else two lines as even as the words allow (the narrowest width that
  // still takes two), so that neither runs the chart's whole height
  const linesAt = (p: number) => {
    const whole = textWidth(title, p);
    if (whole <= room) return [title];
    for (let w = Math.ceil(whole / 2); w < room; w += 4) {
      const two = wrap(title, w, p);
      if (two.length <= 2) return two;
    }
    return wrap(title, room, p);
  };
  let px = o.px;
  let lines = linesAt(px);
  while ((lines.length > 2 || widest(lines, px) > room) && px > minPx) {
    px = Math.max(minPx, px - 1);
    lines = linesAt(px);
  }
  const half = widest(lines, px) / 2;
  const mid = (o.top + o.bottom) / 2;
  // centred on the plot, moved only as far as keeps both ends inside the svg
  const y = half * 2 >= room ? o.height / 2 : Math.min(Math.max(mid, PAD + half), o.height - PAD - half);
  const lineHeight = Math.round(px * 1.2);
  return { lines, px, shrunk: px < o.px, x: Math.max(o.x, Math.ceil(px * ASCENT) + 2), y, lineHeight, extra: (lines.length - 1) * lineHeight };
}
