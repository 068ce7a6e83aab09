// A fit of the edited model (the table's "fit_memo", "fit_own" and "left_out" rows, run in the
// sandbox), read as untrusted data: each answer is first what its type's generated shape allows
// (./answers.ts `checked`: anything else refuses it whole); then the names it uses must be the
// model's own (its parameters, knobs and metrics, from the page's description).
import type { OwnFit, SystemSpec } from "../api/types";
import { checked } from "./answers";
import type { ErrorSummary } from "./useEdit";

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
const pairs = (ranges: Record<string, number[]>) => Object.values(ranges).every((r) => r.length === 2);

/** The memo fit as the page shows it, or null if the answer is not one (or names what the model has not). */
export function readMemoFit(v: unknown, spec: SystemSpec): MemoFitResult | null {
  const r = checked("fit_memo", v);
  const params = Object.keys(r?.params ?? {});
  if (!r || !params.every((p) => spec.params.some((q) => q.name === p)) || !params.every((p) => p in r.ranges) || !pairs(r.ranges)) return null;
  return r as MemoFitResult;
}

/** The fit to a user's table, in the shape the explorer's own fit is shown in (OwnFitResult), or null. */
export function readOwnFit(v: unknown, spec: SystemSpec): OwnFitAnswer | null {
  const o = checked("fit_own", v);
  if (!o) return null;
  const f = o.fit;
  const named = [...f.fitted, ...Object.keys(f.best), ...Object.keys(f.params), ...Object.keys(f.knobs), ...f.unpinned.map((u) => u.name)];
  if (!within(spec, named) || !f.fitted.every((n) => n in f.best && n in f.ranges) || !pairs(f.ranges)) return null;
  if (!f.rows.every((r) => spec.metrics.some((m) => m.name === r.metric))) return null;
  return { fit: { ...f, system: spec.id }, before: o.before };
}

/** A fit's rows left out: "{line} {metric}" -> error (%), or null. */
export function readLeftOut(v: unknown): Record<string, number | null> | null {
  return checked("left_out", v);
}
