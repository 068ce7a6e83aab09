// The pinned baseline: its curve, dashed over the model's, and a square at its own setting; in
// words, how the model's value at the knob compares with it.
import { curveObstacles, dotBox } from "../labels";
import { formatValue, withUnit } from "../../format";
import { valueAt } from "../curves";
import type { SeriesPoint } from "../geometry";
import { THEME } from "../theme";
import { type Axes, type CsvRow, finite, type Mark, ORDER } from "./mark";

export interface Baseline {
  points: SeriesPoint[];
  /** its own setting on this chart (the square), if it has one */
  at?: { x: number; y: number } | null;
  /** the settings it was pinned at, in words (the explorer's legend) */
  settings?: string;
  /** the model's curve and the knob's value, to compare with */
  curve: SeriesPoint[];
  currentX: number;
}

export function baselineMark(a: Axes, b: Baseline): Mark {
  const drawn = b.points.some(finite);
  const at = b.at;
  return {
    id: "baseline",
    draw: {
      // drawn over the model curve, dashed: where the two agree both stay visible
      plot: (f) => b.points.length > 0 && <path key="baseline" data-testid="baseline-curve" className="baseline-curve" d={f.g.linePath(b.points)} />,
      front: (f) => at && Number.isFinite(at.y) && (
        <rect key="baseline-point" data-testid="baseline-point" className="baseline-point" x={f.g.x(at.x) - 6} y={f.g.y(at.y) - 6} width={12} height={12} />
      ),
    },
    ys: b.points.map((p) => p.y),
    obstacles: (f) => ({
      ...curveObstacles(f.g, b.points),
      boxes: at && Number.isFinite(at.y) ? [dotBox(f.g.x(at.x), f.g.y(at.y), 7)] : [],
    }),
    lines: b.points.length ? [{ label: "Baseline", points: b.points }] : [],
    legend: [{ at: ORDER.legend.baseline, keys: ["baseline"], testId: "baseline-settings", text: `baseline (dashed; square at its own setting): ${b.settings || "same settings as now"}` }],
    brief: [{ at: ORDER.brief.baseline, keys: ["baseline"], text: "baseline" }],
    exportKey: drawn ? [{ at: ORDER.exportKey.baseline, label: "baseline", colour: THEME.baseline, dashed: true }] : [],
    sentences: drawn ? [{ at: ORDER.said.baseline, text: compared(a, b) }] : [],
    columns: b.points.length ? [{ at: ORDER.column.baseline, head: withUnit(`${a.yLabel}, baseline`, a.yUnit), cell: (p) => formatValue(valueAt(b.points, p.x), ""), num: true }] : [],
    csv: { at: ORDER.csv.baseline, rows: b.points.map((p): CsvRow => ["baseline", p.x, p.y, p.bottleneck ?? "", "", ""]) },
  };
}

function compared(a: Axes, b: Baseline): string {
  const y = (v: number) => formatValue(v, a.yUnit);
  const here = valueAt(b.curve.filter(finite), b.currentX);
  const base = valueAt(b.points.filter(finite), b.currentX);
  if (!Number.isFinite(here) || !Number.isFinite(base)) return "A baseline is pinned; it has no value at the current setting.";
  if (Math.abs(here - base) <= 1e-9 * Math.max(1, Math.abs(base))) return `At ${a.xText(b.currentX)} it equals the pinned baseline, ${y(base)}.`;
  const pct = base !== 0 ? ` (${Math.abs(Math.round((100 * (here - base)) / base))} %)` : "";
  return `At ${a.xText(b.currentX)} it is ${y(here)}, ${here > base ? "above" : "below"} the pinned baseline's ${y(base)}${pct}.`;
}
