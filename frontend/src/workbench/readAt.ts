// The edited model's answers at the setting on screen, read as untrusted data (the sandbox may be
// running anyone's code): the evaluation the readouts and the path show, and the sensitivity the
// "What matters most here" panel shows. Each is first what its type's generated shape allows
// (./answers.ts `checked`: anything else refuses it whole); then only the spec's metrics and knobs
// are kept, named by the page, with the page's own setting, and the words it shows kept short.
import type { EvaluateResult, KnobEffect, KnobValues, Sensitivity, SystemSpec } from "../api/types";
import { checked } from "./answers";

const short = (s: string | null | undefined, n = 80) => (s == null ? null : s.slice(0, n));

/** The evaluation at `knobs` as the readouts and the path view draw it, or null if it is not one. */
export function readEvaluation(v: unknown, spec: SystemSpec, knobs: KnobValues): EvaluateResult | null {
  const o = checked("evaluate", v);
  if (!o) return null;
  return {
    system: spec.id,
    knobs,
    metrics: Object.fromEntries(spec.metrics.map((m) => [m.name, o.metrics[m.name] ?? null])),
    bottleneck: short(o.bottleneck),
    stages: (o.stages ?? []).slice(0, 40).map((s) => ({
      ...s, name: short(s.name)!, label: short(s.label)!, resource: short(s.resource)!, unit: short(s.unit)!,
      ...(s.parts ? { parts: s.parts.slice(0, 20).map((p) => ({ label: short(p.label)!, utilization: p.utilization })) } : {}),
    })),
  };
}

/** The sensitivity of `metric` at the setting, each knob the spec's (in its order, labelled by the page), or null. */
export function readSensitivity(v: unknown, spec: SystemSpec, metric: string): Sensitivity | null {
  const o = checked("sensitivity", v);
  if (!o) return null;
  const label = new Map(spec.knobs.map((k) => [k.name, k.label]));
  const known = (n: string | null) => (n !== null && label.has(n) ? n : null);
  const knobs = o.knobs.filter((k) => label.has(k.name)).slice(0, spec.knobs.length).map((k): KnobEffect => ({
    ...k, label: label.get(k.name)!, ...(k.reason != null ? { reason: k.reason.slice(0, 200) } : {}),
    ...(k.choices ? { choices: Object.fromEntries(Object.entries(k.choices).slice(0, 40).map(([n, x]) => [n.slice(0, 80), x])) } : {}),
  }));
  return { system: spec.id, metric, value: o.value, bottleneck: short(o.bottleneck), cause: known(o.cause), largest: known(o.largest), knobs };
}
