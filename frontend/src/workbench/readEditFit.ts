// A fit of the edited model (perfmodels/editbridge.py "fit_memo", "fit_own", "left_out"), read as
// untrusted data: the sandbox may be running anyone's code, so each answer is parsed against the
// shape the page shows (numbers finite, words and lists bounded), the names kept to the model's
// own (its parameters and knobs, from the page's description), and anything else refused.
import { z } from "zod";
import type { ErrorSummary } from "./useEdit";
import type { OwnFit, SystemSpec } from "../api/types";

const word = z.string().max(80);
const text = z.string().max(600);
const value = z.number();
const maybe = value.nullable();
const summary = z.object({ n: z.number().int().min(0), median_abs: maybe, max_abs: maybe });
const values = z.record(word, value);
const ranges = z.record(word, z.tuple([value, value]));

const memoFit = z.object({ params: values, ranges, before: summary, after: summary });

const ownFit = z.object({
  fitted: z.array(word).max(32),
  best: values,
  params: values,
  knobs: values,
  ranges,
  loss: value,
  rows: z.array(z.object({
    line: z.number().int(),
    metric: word,
    measured: value,
    fitted: maybe,
    memo_model: maybe,
    error_percent: maybe,
    baseline_percent: maybe,
    missing: z.object({ kind: word, limit: word.nullable(), value: maybe, message: text }).nullable(),
  })).max(2000),
  summary: z.object({ in_sample: summary, baseline: summary }),
  warnings: z.array(z.object({ kind: word, name: word.nullable(), message: text })).max(50),
  unpinned: z.array(z.object({ name: word, reason: word, partners: z.array(word).max(32), value, message: text })).max(32),
  prior: z.object({ weight: value, tried: z.array(z.array(value).max(4)).max(50) }),
  comparison: z.object({ fitted_left_out: summary, memo: summary, better: z.boolean() }),
});

export interface MemoFitResult {
  /** the model's parameters, fitted, and each one's range of equally good values */
  params: Record<string, number>;
  ranges: Record<string, [number, number]>;
  /** the error over the memo's figures with the parameters the edit runs with, and fitted */
  before: ErrorSummary;
  after: ErrorSummary;
}

export interface OwnFitAnswer {
  fit: OwnFit;
  /** the error on the table's rows with the parameters the edit runs with */
  before: ErrorSummary;
}

const names = (spec: SystemSpec) => new Set([...spec.params.map((p) => p.name), ...spec.knobs.map((k) => k.name)]);
const within = (spec: SystemSpec, keys: string[]) => keys.every((k) => names(spec).has(k));

/** The memo fit as the page shows it, or null if the answer is not one (or names what the model has not). */
export function readMemoFit(v: unknown, spec: SystemSpec): MemoFitResult | null {
  const r = memoFit.safeParse(v);
  if (!r.success) return null;
  const params = Object.keys(r.data.params);
  if (!params.every((p) => spec.params.some((q) => q.name === p)) || !params.every((p) => p in r.data.ranges)) return null;
  return r.data;
}

/** The fit to a user's table, in the shape the explorer's own fit is shown in (OwnFitResult), or null. */
export function readOwnFit(v: unknown, spec: SystemSpec): OwnFitAnswer | null {
  const o = z.object({ fit: ownFit, before: summary }).safeParse(v);
  if (!o.success) return null;
  const f = o.data.fit;
  const named = [...f.fitted, ...Object.keys(f.best), ...Object.keys(f.params), ...Object.keys(f.knobs), ...f.unpinned.map((u) => u.name)];
  if (!within(spec, named) || !f.fitted.every((n) => n in f.best && n in f.ranges)) return null;
  if (!f.rows.every((r) => spec.metrics.some((m) => m.name === r.metric))) return null;
  return { fit: { ...f, system: spec.id }, before: o.data.before };
}

/** A fit's rows left out: "{line} {metric}" -> error (%), or null. */
export function readLeftOut(v: unknown): Record<string, number | null> | null {
  const r = z.record(word, maybe).safeParse(v);
  return r.success && Object.keys(r.data).length <= 4000 ? r.data : null;
}
