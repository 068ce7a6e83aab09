// Where a point mark's words go: beside it, on whichever side keeps them inside the chart, the
// longest wording that fits first; on a very narrow chart the shortest, kept within its width.
import { textWidth } from "../measure";
import type { Frame } from "./mark";

export interface Placed {
  text: string;
  x: number;
  anchor: "start" | "end";
}

/** `wordings`, longest first; `at`: the mark's x in pixels. Never over the y axis. */
export function beside(wordings: string[], at: number, f: Frame): Placed {
  const px = f.large ? 18 : 12.8;
  for (const text of wordings) {
    const w = textWidth(text, px);
    if (at + 10 + w <= f.width - 2) return { text, x: at + 10, anchor: "start" };
    if (at - 10 - w >= f.margin.left) return { text, x: at - 10, anchor: "end" };
  }
  const text = wordings[wordings.length - 1];
  const w = textWidth(text, px);
  return { text, x: Math.max(2, Math.min(at - w / 2, f.width - 2 - w)), anchor: "start" };
}
