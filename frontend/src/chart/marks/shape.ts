// A curve's shape in one sentence ("It rises from … to …; its rise slows to half its first pace
// by …"): the model's curve says it of itself, and each other curve of "one curve per" too.

/** Rises, falls, peaks or stays flat, with where a rise or a fall slows to half its pace. */
export function shape(pts: { x: number; y: number }[], xText: (v: number) => string, y: (v: number) => string): string {
  const first = pts[0];
  const last = pts[pts.length - 1];
  const top = pts.reduce((a, b) => (b.y > a.y ? b : a));
  const span = Math.max(...pts.map((p) => Math.abs(p.y))) || 1;
  const flat = (a: number, b: number) => Math.abs(a - b) <= 0.01 * span;
  if (pts.length === 1 || pts.every((p) => flat(p.y, first.y))) return `It stays at about ${y(first.y)} all along.`;
  if (top !== first && top !== last && !flat(top.y, last.y)) {
    return `It rises from ${y(first.y)} to a peak of ${y(top.y)} at ${xText(top.x)}, then falls to ${y(last.y)}.`;
  }
  if (last.y < first.y) return `It falls from ${y(first.y)} to ${y(last.y)}${halving(pts, xText, y, -1)}.`;
  return `It rises from ${y(first.y)} to ${y(last.y)}${halving(pts, xText, y, 1)}.`;
}

/** Where the curve's slope first falls to half its opening slope (a rise flattening, a fall
 * levelling off), or nothing if it never does. */
function halving(pts: { x: number; y: number }[], xText: (v: number) => string, y: (v: number) => string, sign: 1 | -1): string {
  const slope = (i: number) => (sign * (pts[i + 1].y - pts[i].y)) / (pts[i + 1].x - pts[i].x);
  const s0 = slope(0);
  if (!(s0 > 0)) return "";
  for (let i = 1; i < pts.length - 1; i++) {
    if (slope(i) <= s0 / 2) {
      const verb = sign > 0 ? "its rise slows to half its first pace" : "its fall slows to half its first pace";
      return `; ${verb} by ${xText(pts[i].x)} (${y(pts[i].y)})`;
    }
  }
  return sign > 0 ? ", at a steady pace" : "";
}

export const lower = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);
