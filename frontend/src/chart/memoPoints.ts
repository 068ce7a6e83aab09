// Which of a memo dataset's measurements belong on the chart for the current setting, using the
// system's overlay (which field holds each knob's setting and which field measures each metric);
// each measured at another setting carries the model at that setting (the sweep's memo_models).
import { isActive, isChoice, type Dataset, type KnobSpec, type KnobValues, type SweepResult, type SystemSpec } from "../api/types.ts";
import { citation } from "../data/citation.ts";
import { formatValue } from "../format.ts";
import { valueAt } from "./curves.ts";

export interface MemoPoint {
  x: number;
  y: number;
  printed: string;
  citation: string;
  note?: string;
  /** Every knob besides x matches the current setting; otherwise `differs` says what differs. */
  exact: boolean;
  differs: string[];
  /** the setting it was measured at: the knobs the memo names */
  knobs?: KnobValues;
  /** measured at another setting: the model's value at that setting (NaN where not known) */
  model?: number;
  /** measured somewhere between x0 and x1 (the memo does not say where) */
  x0?: number;
  x1?: number;
}

type MemoModels = SweepResult["memo_models"];

/** `models`: the sweep's answers at the memo's own settings (absent: not known yet). */
export function memoPoints(dataset: Dataset | null, spec: SystemSpec, knobs: KnobValues, x: string, y: string, models?: MemoModels): MemoPoint[] {
  const points = [...overlayPoints(dataset, spec, knobs, x, y), ...figurePoints(spec, knobs, x, y)];
  return points.map((p) => (p.exact ? p : { ...p, model: modelAt(models ?? [], p.knobs ?? {}, y) }));
}

/** The model's y at a setting the memo names: the answer whose configuration it matches. */
function modelAt(models: MemoModels, knobs: KnobValues, y: string): number {
  const at = models.find((m) => Object.entries(m.knobs).every(([k, v]) => knobs[k] === v));
  return at?.metrics[y] ?? Number.NaN;
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
      knobs: f.knobs,
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
    const at: KnobValues = {};
    for (const k of spec.knobs) {
      const f = overlay.knobs[k.name];
      const v = f ? row[f] : null;
      if (v !== null && v !== undefined) at[k.name] = v;
      if (k.name === x || (f && (row[f] === null || row[f] === knobs[k.name]))) continue;
      // a knob the dataset does not record was at its default (the memo's setting) where it was
      // measured, unless the memo leaves it open (an unknown) or it does nothing here
      if (!f && (knobs[k.name] === k.default || spec.unknowns.includes(k.name) || !isActive(k, knobs))) continue;
      const was = f ? row[f] : k.default;
      if (isChoice(k)) keep = false;
      else differs.push(`${k.label} ${was}${k.unit ? ` ${k.unit}` : ""}`);
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
      knobs: at,
    });
  }
  return out;
}

/** The model beside a memo point: at the point's own setting where it was measured at another
 * (the sweep's memo_models), else the curve at its x. */
export function modelBeside(m: MemoPoint, curve: { x: number; y: number }[]): number {
  return m.exact ? valueAt(curve, m.x) : (m.model ?? Number.NaN);
}

/** Where a point measured at another setting was measured, in a sentence ("buffer size 1467 bytes"). */
export const settingOf = (m: MemoPoint) => m.differs.map((d) => d.charAt(0).toLowerCase() + d.slice(1)).join(", ");

/** The model beside the memo's figure: "the model 400 bit/s, 20 % below" (at the chart's
 * setting) or "the model at that setting 1.45M bit/s, 1 % below"; null where it is not known. */
export function comparedText(m: MemoPoint, model: number, yUnit: string): string | null {
  if (!Number.isFinite(model) || m.y === 0) return null;
  const off = Math.abs(Math.round((100 * (model - m.y)) / m.y));
  const how = off === 0 ? "within 1 %" : `${off} % ${model >= m.y ? "above" : "below"}`;
  return `the model${m.exact ? "" : " at that setting"} ${formatValue(model, yUnit)}, ${how}`;
}
