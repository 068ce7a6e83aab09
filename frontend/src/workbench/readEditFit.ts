// A fit of the edited model (perfmodels/editbridge.py "fit_memo", "fit_own", "left_out"), read as
// untrusted data: the sandbox may be running anyone's code, so each answer is parsed against the
// shape the page shows (numbers finite, words and lists bounded), the names kept to the model's
// own (its parameters and knobs, from the page's description), and anything else refused whole.
// (Small readers of its own rather than a schema library: the editor's weight is counted.)
import type { OwnFit, SystemSpec } from "../api/types";
import { num } from "./answers";
import type { ErrorSummary } from "./useEdit";

// each reader returns the value as the page keeps it, or throws Bad (the answer is refused whole)
class Bad extends Error {}
type Read<T> = (v: unknown) => T;

const fail = (): never => {
  throw new Bad();
};
const value: Read<number> = (v) => num(v) ?? fail();
const maybe: Read<number | null> = (v) => (v === null ? null : value(v));
const string = (max: number): Read<string> => (v) => (typeof v === "string" && v.length <= max ? v : fail());
const word = string(80);
const text = string(600);
const nullable = <T>(read: Read<T>): Read<T | null> => (v) => (v === null ? null : read(v));
const list = <T>(read: Read<T>, max: number): Read<T[]> => (v) => (Array.isArray(v) && v.length <= max ? v.map(read) : fail());
const record = <T>(read: Read<T>, max = 64): Read<Record<string, T>> => (v) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return fail();
  const entries = Object.entries(v);
  return entries.length <= max ? Object.fromEntries(entries.map(([k, x]) => [word(k), read(x)])) : fail();
};
/** An object with these fields, each read (fields not named are dropped). */
const object = <T extends object>(fields: { [K in keyof T]: Read<T[K]> }): Read<T> => (v) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return fail();
  const o = v as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([k, read]) => [k, (read as Read<unknown>)(o[k])])) as T;
};
const pair: Read<[number, number]> = (v) => (Array.isArray(v) && v.length === 2 ? [value(v[0]), value(v[1])] : fail());
const count: Read<number> = (v) => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : fail());
const summary = object<ErrorSummary>({ n: count, median_abs: maybe, max_abs: maybe });
const ranges = record(pair);

const memoFit = object<MemoFitResult>({ params: record(value), ranges, before: summary, after: summary });

const ownFit = object<Omit<OwnFit, "system" | "held">>({
  fitted: list(word, 32),
  best: record(value),
  params: record(value),
  knobs: record(value),
  ranges,
  loss: value,
  rows: list(object<OwnFit["rows"][number]>({
    line: (v) => (Number.isInteger(v) ? (v as number) : fail()),
    metric: word,
    measured: value,
    fitted: maybe,
    memo_model: maybe,
    error_percent: maybe,
    baseline_percent: maybe,
    missing: nullable(object<NonNullable<OwnFit["rows"][number]["missing"]>>({ kind: word, limit: nullable(word), value: maybe, message: text })),
  }), 2000),
  summary: object<OwnFit["summary"]>({ in_sample: summary, baseline: summary }),
  warnings: list(object<OwnFit["warnings"][number]>({ kind: word, name: nullable(word), message: text }), 50),
  unpinned: list(object<OwnFit["unpinned"][number]>({ name: word, reason: word, partners: list(word, 32), value, message: text }), 32),
  prior: object<OwnFit["prior"]>({ weight: value, tried: list(list(value, 4), 50) }),
  comparison: object<OwnFit["comparison"]>({ fitted_left_out: summary, memo: summary, better: (v) => (typeof v === "boolean" ? v : fail()) }),
});

/** `read(v)`, or null if it refuses it. */
function attempt<T>(read: Read<T>, v: unknown): T | null {
  try {
    return read(v);
  } catch (e) {
    if (e instanceof Bad) return null;
    throw e;
  }
}

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
  const r = attempt(memoFit, v);
  const params = Object.keys(r?.params ?? {});
  if (!r || !params.every((p) => spec.params.some((q) => q.name === p)) || !params.every((p) => p in r.ranges)) return null;
  return r;
}

/** The fit to a user's table, in the shape the explorer's own fit is shown in (OwnFitResult), or null. */
export function readOwnFit(v: unknown, spec: SystemSpec): OwnFitAnswer | null {
  const o = attempt(object<{ fit: Omit<OwnFit, "system" | "held">; before: ErrorSummary }>({ fit: ownFit, before: summary }), v);
  if (!o) return null;
  const f = o.fit;
  const named = [...f.fitted, ...Object.keys(f.best), ...Object.keys(f.params), ...Object.keys(f.knobs), ...f.unpinned.map((u) => u.name)];
  if (!within(spec, named) || !f.fitted.every((n) => n in f.best && n in f.ranges)) return null;
  if (!f.rows.every((r) => spec.metrics.some((m) => m.name === r.metric))) return null;
  return { fit: { ...f, system: spec.id }, before: o.before };
}

/** A fit's rows left out: "{line} {metric}" -> error (%), or null. */
export function readLeftOut(v: unknown): Record<string, number | null> | null {
  return attempt(record(maybe, 4000), v);
}
