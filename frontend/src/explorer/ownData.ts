// A user's own measurements on the explorer's chart: which rows of their table sit on the chart
// on screen, and a synthetic example table made by the model itself (labelled as such).
import type { KnobValues, OwnTable } from "../api/types";
import type { OwnPoint } from "../chart/marks/own";

/** The rows measured at the setting on screen (every knob the table gives, other than x, as on
 * screen) that measured the y metric: the chart's points. */
export function ownPoints(table: OwnTable | null, x: string, y: string, knobs: KnobValues): OwnPoint[] {
  if (!table) return [];
  const out: OwnPoint[] = [];
  for (const row of table.rows) {
    const v = row.metrics[y];
    if (v === undefined) continue;
    const here = Object.entries(row.knobs).every(([k, value]) => k === x || knobs[k] === value);
    const at = Number(row.knobs[x] ?? knobs[x]);
    if (here && Number.isFinite(at)) out.push({ x: at, y: v, line: row.line });
  }
  return out;
}

/** How many of the table's rows the chart on screen leaves out (measured elsewhere). */
export function rowsElsewhere(table: OwnTable | null, shown: OwnPoint[]): number {
  return table ? table.rows.length - new Set(shown.map((p) => p.line)).size : 0;
}

/** The knob a table is measured along when that is not the chart's x: the first of its knob
 * columns whose values differ from row to row (null: the table gives x, or varies no knob). */
export function tableAlong(table: OwnTable | null, x: string): string | null {
  if (!table) return null;
  const knobs = table.columns.flatMap((c) => (c.kind === "knob" && c.name ? [c.name] : []));
  if (knobs.includes(x)) return null;
  return knobs.find((k) => new Set(table.rows.map((r) => String(r.knobs[k]))).size > 1) ?? null;
}

/** A table's column head for a knob or a metric: its name, and its unit in brackets. */
export const columnHead = (name: string, unit: string) => (unit ? `${name} (${unit})` : name);

/** A small table made from the model's own curve with a few per cent of made-up noise, so a
 * person can see the format and try a fit: it says, in its first line, that it is not a
 * measurement. Deterministic (the same curve gives the same table). */
export function exampleTable(
  curve: { x: number; y: number }[],
  x: { name: string; unit: string },
  y: { name: string; unit: string },
): string {
  const pts = curve.filter((p) => Number.isFinite(p.y) && p.y > 0);
  if (pts.length < 2) return "";
  const n = Math.min(6, pts.length);
  const picked = Array.from({ length: n }, (_, i) => pts[Math.round((i * (pts.length - 1)) / (n - 1))]);
  const noise = [1.03, 0.97, 1.02, 0.98, 1.04, 0.96];
  return [
    "# A synthetic example, not a measurement: the model's own curve with a few per cent of noise.",
    `${columnHead(x.name, x.unit)},${columnHead(y.name, y.unit)}`,
    ...picked.map((p, i) => `${p.x},${Number((p.y * noise[i % noise.length]).toPrecision(4))}`),
  ].join("\n");
}
