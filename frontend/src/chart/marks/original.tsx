// The original model's curve, dashed, under an edited model's (the workbench's): the edit is the
// chart's main line, and this is what it was before; in words, how far the edit moved the value
// at the knob.
import { curveObstacles } from "../labels";
import { formatValue, withUnit } from "../../format";
import { valueAt } from "../curves";
import type { SeriesPoint } from "../geometry";
import { THEME } from "../theme";
import { type Axes, type CsvRow, finite, type Mark, ORDER } from "./mark";

export function originalMark(a: Axes, o: { points: SeriesPoint[]; edited: SeriesPoint[]; currentX: number }): Mark {
  const drawn = o.points.some(finite);
  return {
    id: "original",
    draw: {
      plot: (f) => drawn && <path key="original" data-testid="original-curve" className="original-curve" d={f.g.linePath(o.points)} />,
    },
    ys: o.points.map((p) => p.y),
    obstacles: (f) => curveObstacles(f.g, o.points),
    lines: drawn ? [{ label: "Original model", points: o.points }] : [],
    legend: [{ at: ORDER.legend.original, keys: ["original"], testId: "original-legend", text: "the original model (dashed), before your edit" }],
    exportKey: drawn ? [{ at: ORDER.exportKey.original, label: "original model", colour: THEME.baseline, dashed: true }] : [],
    sentences: drawn ? [{ at: ORDER.said.original, text: compared(a, o) }] : [],
    columns: drawn ? [{ at: ORDER.column.original, head: withUnit(`${a.yLabel}, original model`, a.yUnit), cell: (p) => formatValue(valueAt(o.points, p.x), ""), num: true }] : [],
    csv: { at: ORDER.csv.original, rows: o.points.map((p): CsvRow => ["original model", p.x, p.y, p.bottleneck ?? "", "", ""]) },
  };
}

function compared(a: Axes, o: { points: SeriesPoint[]; edited: SeriesPoint[]; currentX: number }): string {
  const y = (v: number) => formatValue(v, a.yUnit);
  const was = valueAt(o.points.filter(finite), o.currentX);
  const now = valueAt(o.edited.filter(finite), o.currentX);
  if (!Number.isFinite(was) || !Number.isFinite(now)) return "The model is edited; the original is drawn dashed.";
  if (Math.abs(now - was) <= 1e-9 * Math.max(1, Math.abs(was))) return `The model is edited; at ${a.xText(o.currentX)} the edit gives the original's ${y(was)}.`;
  const pct = was !== 0 ? ` (${Math.abs(Math.round((100 * (now - was)) / was))} %)` : "";
  return `The model is edited: at ${a.xText(o.currentX)} it gives ${y(now)}, ${now > was ? "above" : "below"} the original's ${y(was)}${pct}.`;
}
