// Which of a memo dataset's measurements belong on the chart for the current setting, using the
// system's overlay (which field holds each knob's setting and which field measures each metric).
import { isChoice, type Dataset, type KnobSpec, type KnobValues, type SystemSpec } from "../api/types.ts";
import { citation } from "../data/citation.ts";

export interface MemoPoint {
  x: number;
  y: number;
  printed: string;
  citation: string;
  note?: string;
  /** Every knob besides x matches the current setting; otherwise `differs` says what differs. */
  exact: boolean;
  differs: string[];
  /** measured somewhere between x0 and x1 (the memo does not say where) */
  x0?: number;
  x1?: number;
}

export function memoPoints(dataset: Dataset | null, spec: SystemSpec, knobs: KnobValues, x: string, y: string): MemoPoint[] {
  return [...overlayPoints(dataset, spec, knobs, x, y), ...figurePoints(spec, knobs, x, y)];
}

const describeKnob = (k: KnobSpec, v: unknown) => `${k.label} ${String(v)}${k.unit ? ` ${k.unit}` : ""}`;

/** The model's own memo figures (spec.memo_points): the setting each was measured at. */
function figurePoints(spec: SystemSpec, knobs: KnobValues, x: string, y: string): MemoPoint[] {
  const out: MemoPoint[] = [];
  for (const f of spec.memo_points ?? []) {
    const xv = f.knobs[x];
    if (f.metric !== y || typeof xv !== "number") continue;
    const range = f.x_range?.[x];
    let keep = true;
    const differs: string[] = [];
    for (const k of spec.knobs) {
      if (k.name === x || f.knobs[k.name] === knobs[k.name]) continue;
      if (isChoice(k)) keep = false;
      else if (!f.x_range?.[k.name]) differs.push(describeKnob(k, f.knobs[k.name]));
    }
    if (!keep) continue;
    out.push({
      x: range ? (range[0] + range[1]) / 2 : xv,
      y: f.value,
      printed: f.printed,
      citation: f.citation,
      exact: differs.length === 0,
      differs,
      ...(range ? { x0: range[0], x1: range[1] } : {}),
    });
  }
  return out;
}

function overlayPoints(dataset: Dataset | null, spec: SystemSpec, knobs: KnobValues, x: string, y: string): MemoPoint[] {
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
