// How wide a line of text is drawn, so labels and export footers are laid out inside the image:
// measured by the browser's canvas where there is one, estimated elsewhere (tests, Node).
let ctx: CanvasRenderingContext2D | null | undefined;

export function textWidth(s: string, px: number, weight = 400): number {
  if (ctx === undefined) {
    const canvasOk = typeof document !== "undefined" && typeof navigator !== "undefined" && !/jsdom/i.test(navigator.userAgent);
    try {
      ctx = canvasOk ? document.createElement("canvas").getContext("2d") : null;
    } catch {
      ctx = null;
    }
  }
  if (ctx) {
    ctx.font = `${weight} ${px}px system-ui, sans-serif`;
    return ctx.measureText(s).width;
  }
  return 0.62 * px * s.length; // a generous average for sans-serif text
}

/** `s` broken at spaces into lines no wider than `width` (a word longer than that keeps a line of its own). */
export function wrap(s: string, width: number, px: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, px) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A string with no spaces (a link) broken into lines no wider than `width`: after a separator
 * ("&", ";", ",", "/") where one falls in the line's second half, else anywhere. */
export function wrapAnywhere(s: string, width: number, px: number): string[] {
  const lines: string[] = [];
  let rest = s;
  while (rest) {
    let n = 1;
    while (n < rest.length && textWidth(rest.slice(0, n + 1), px) <= width) n++;
    if (n < rest.length) {
      const cut = Math.max(...["&", ";", ",", "/"].map((c) => rest.lastIndexOf(c, n - 1)));
      if (cut >= n / 2) n = cut + 1;
    }
    lines.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return lines;
}
