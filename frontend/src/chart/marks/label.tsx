// A mark's label where the chart's layout pass put it (labels.ts placeLabels), or nothing where it
// found no room: the legend and the description still say it. A label of a point (`to`) that the
// pass had to put further off than beside it is tied to its point by a thin leader line, so a
// reader never has to guess which diamond it names.
import type { Box } from "../labels";
import type { Frame } from "./mark";

const NEAR = 16; // px: a label this close to its point needs no line

/** The point on box `b` nearest to (x, y). */
const nearest = (b: Box, x: number, y: number) => ({ x: Math.min(Math.max(x, b.x0), b.x1), y: Math.min(Math.max(y, b.y0), b.y1) });

export function Label({ f, id, className, to }: { f: Frame; id: string; className: string; to?: { x: number; y: number } }) {
  const l = f.label(id);
  if (!l) return null;
  const text = <text data-testid="chart-label" className={className} x={l.x} y={l.y} textAnchor={l.anchor}>{l.text}</text>;
  if (!to) return text;
  const from = nearest(l.box, to.x, to.y);
  const d = Math.hypot(to.x - from.x, to.y - from.y);
  if (d <= NEAR) return text;
  const k = (d - 9) / d; // stop short of the mark itself
  return (
    <>
      <line data-testid="label-leader" className="label-leader" x1={from.x} y1={from.y} x2={from.x + (to.x - from.x) * k} y2={from.y + (to.y - from.y) * k} />
      {text}
    </>
  );
}
