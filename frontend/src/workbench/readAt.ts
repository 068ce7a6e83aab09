// The edited model's answers at the setting on screen, read as untrusted data (the sandbox may be
// running anyone's code): the evaluation the readouts and the path show, and the sensitivity the
// "What matters most here" panel shows. Only the fields they draw are kept, each checked (numbers
// finite or null, words short, lists bounded); the knobs and names are the page's own.
import type { EvaluateResult, KnobEffect, KnobValues, Sensitivity, Stage, SystemSpec } from "../api/types";
import { num } from "./answers";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : null);
const word = (v: unknown, n = 80): string | null => (typeof v === "string" ? v.slice(0, n) : null);
const list = (v: unknown, n: number): unknown[] => (Array.isArray(v) ? v.slice(0, n) : []);

function stage(v: unknown): Stage[] {
  const s = obj(v);
  const name = word(s?.name), label = word(s?.label), resource = word(s?.resource), unit = word(s?.unit), demand = num(s?.demand);
  if (!s || name === null || label === null || resource === null || unit === null || demand === null) return [];
  const parts = list(s.parts, 20).flatMap((p) => {
    const o = obj(p), l = word(o?.label), u = num(o?.utilization);
    return l !== null && u !== null ? [{ label: l, utilization: u }] : [];
  });
  return [{ name, label, resource, unit, demand, utilization: num(s.utilization), bottleneck: s.bottleneck === true, ...(parts.length ? { parts } : {}) }];
}

/** The evaluation at `knobs` as the readouts and the path view draw it, or null if it is not one. */
export function readEvaluation(v: unknown, spec: SystemSpec, knobs: KnobValues): EvaluateResult | null {
  const o = obj(v);
  const metrics = obj(o?.metrics);
  if (!o || !metrics) return null;
  return {
    system: spec.id,
    knobs,
    metrics: Object.fromEntries(spec.metrics.map((m) => [m.name, num(metrics[m.name])])),
    bottleneck: word(o.bottleneck),
    stages: list(o.stages, 40).flatMap(stage),
  };
}

function effect(v: unknown): KnobEffect["effect"] {
  const e = obj(v), kind = word(e?.kind, 20), percent = num(e?.percent), to = num(e?.to);
  return kind !== null && percent !== null ? { kind, percent, ...(to !== null ? { to } : {}) } : undefined;
}

/** The sensitivity of `metric` at the setting, each knob the spec's (in its order), or null. */
export function readSensitivity(v: unknown, spec: SystemSpec, metric: string): Sensitivity | null {
  const o = obj(v);
  if (!o || !Array.isArray(o.knobs)) return null;
  const names = new Set(spec.knobs.map((k) => k.name));
  const known = (n: unknown) => (typeof n === "string" && names.has(n) ? n : null);
  const knobs = list(o.knobs, spec.knobs.length).flatMap((k): KnobEffect[] => {
    const e = obj(k), name = known(e?.name);
    if (!e || name === null) return [];
    const label = spec.knobs.find((kk) => kk.name === name)!.label;
    const c = obj(e.choices);
    const choices = c ? Object.fromEntries(Object.entries(c).slice(0, 40).map(([n, x]) => [n.slice(0, 80), num(x)])) : undefined;
    return [{
      name, label, active: e.active === true, low: num(e.low), high: num(e.high), least: num(e.least), most: num(e.most),
      elasticity: num(e.elasticity), effect: effect(e.effect), ...(choices ? { choices } : {}), ...(word(e.reason, 200) !== null ? { reason: word(e.reason, 200)! } : {}),
    }];
  });
  return { system: spec.id, metric, value: num(o.value), bottleneck: word(o.bottleneck), cause: known(o.cause), largest: known(o.largest), knobs };
}
