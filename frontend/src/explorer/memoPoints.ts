// Which of a memo dataset's measurements belong on the chart for the current setting, using the
// system's overlay (which field holds each knob's setting and which field measures each metric).
import { isChoice, type Dataset, type KnobValues, type SystemSpec } from "../api/types";
import { citation } from "../data/citation";

export interface MemoPoint {
  x: number;
  y: number;
  printed: string;
  citation: string;
  note?: string;
  /** Every knob besides x matches the current setting; otherwise `differs` says what differs. */
  exact: boolean;
  differs: string[];
}

export function memoPoints(dataset: Dataset | null, spec: SystemSpec, knobs: KnobValues, x: string, y: string): MemoPoint[] {
  const overlay = spec.overlay;
  const m = overlay?.metrics[y];
  const xField = overlay?.knobs[x];
  if (!dataset || !overlay || !m || !xField || dataset.id !== overlay.dataset) return [];
  const field = dataset.fields.find((f) => f.name === m.field);
  if (!field) return [];
  const out: MemoPoint[] = [];
  for (const row of dataset.rows) {
    const value = row[m.field];
    const xv = row[xField];
    if (typeof value !== "number" || typeof xv !== "number") continue;
    let keep = true;
    const differs: string[] = [];
    for (const k of spec.knobs) {
      const f = overlay.knobs[k.name];
      if (k.name === x || !f || row[f] === null || row[f] === knobs[k.name]) continue;
      if (isChoice(k)) keep = false;
      else differs.push(`${k.label} ${row[f]}${k.unit ? ` ${k.unit}` : ""}`);
    }
    if (!keep) continue;
    out.push({
      x: xv,
      y: value * m.scale,
      printed: `${value} ${field.unit ?? ""}`.trim(),
      citation: citation(dataset, row, field),
      note: m.note,
      exact: differs.length === 0,
      differs,
    });
  }
  return out;
}
