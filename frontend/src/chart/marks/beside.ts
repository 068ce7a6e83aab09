// Where a point mark's words go: beside it, on whichever side keeps them inside the chart, the
// longest wording that fits first; on a very narrow chart the shortest, kept within its width.
import { textWidth } from "../measure";
import type { Frame } from "./mark";

export interface Placed {
  text: string;
  x: number;
  anchor: "start" | "end";
}

/** `wordings`, longest first; `at`: the mark's x in pixels. Never over the y axis. With `side`,
 * every wording is tried on that side before the other (a neighbour's mark lies on the other). */
export function beside(wordings: string[], at: number, f: Frame, side?: "right" | "left"): Placed {
  const px = f.large ? 18 : 12.8;
  const right = (text: string): Placed | null => (at + 10 + textWidth(text, px) <= f.width - 2 ? { text, x: at + 10, anchor: "start" } : null);
  const left = (text: string): Placed | null => (at - 10 - textWidth(text, px) >= f.margin.left ? { text, x: at - 10, anchor: "end" } : null);
  const tries = side === undefined ? [(t: string) => right(t) ?? left(t)] : side === "right" ? [right, left] : [left, right];
  for (const attempt of tries) {
    for (const text of wordings) {
      const got = attempt(text);
      if (got) return got;
    }
  }
  const text = wordings[wordings.length - 1];
  const w = textWidth(text, px);
  return { text, x: Math.max(2, Math.min(at - w / 2, f.width - 2 - w)), anchor: "start" };
}

/** Two lines of words by a point on a rising curve, where the curve is not: above and left of
 * it (right-aligned), else below and right of it; null where neither fits (then `beside` the
 * point, shorter). `y` is the point's. */
export function stacked(lines: [string, string], at: number, y: number, f: Frame): { x: number; ys: [number, number]; anchor: "start" | "end" } | null {
  const px = f.large ? 18 : 12.8;
  const w = Math.max(...lines.map((l) => textWidth(l, px)));
  const gap = px * 1.15;
  if (at - 8 - w >= f.margin.left) {
    const low = Math.max(y - 10, f.margin.top + gap + px);
    return { x: at - 8, ys: [low - gap, low], anchor: "end" };
  }
  if (at + 10 + w <= f.width - 2) return { x: at + 10, ys: [y + 18, y + 18 + gap], anchor: "start" };
  return null;
}
