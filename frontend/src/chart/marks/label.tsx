// A mark's label where the chart's layout pass put it (labels.ts placeLabels), or nothing where it
// found no room: the legend and the description still say it.
import type { Frame } from "./mark";

export function Label({ f, id, className }: { f: Frame; id: string; className: string }) {
  const l = f.label(id);
  return l && <text data-testid="chart-label" className={className} x={l.x} y={l.y} textAnchor={l.anchor}>{l.text}</text>;
}
