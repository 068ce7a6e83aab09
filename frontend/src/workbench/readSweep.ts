// A curve computed by the edited model, read as untrusted data: the sandbox may be running anyone's
// code, so the answer is first what the sweep's generated shape allows (./answers.ts `checked`:
// anything else refuses it whole); then only what the chart draws is kept: the spec's metrics,
// every series as long as the curve and none below zero (a law of every model here: its metrics
// are counts, times, rates and shares), short words, and the page's own knobs, never the sandbox's.
import type { KnobValues, SweepResult, SystemSpec } from "../api/types";
import { counted } from "../format";
import { checked, notOfType } from "./answers";

const MAX_POINTS = 1000;
const short = (s: string | null) => (s === null ? null : s.slice(0, 80));
type Series = Record<string, (number | null)[]>;

/** The answer's type-checked sweep, and why the chart cannot draw it (null: it can). */
function inspect(v: unknown, spec: SystemSpec) {
  const o = checked("sweep", v);
  if (!o) return { o: null, why: notOfType("sweep", v) ?? "not a curve" };
  const n = o.x.length;
  const bad = (why: string) => ({ o: null, why });
  if (n === 0 || n > MAX_POINTS) return bad(`a curve of ${counted(n, "point")} (1 to ${MAX_POINTS})`);
  if (!o.x.every((p) => typeof p === "number")) return bad("a point along x that is not a number");
  for (const [field, series] of [["metrics", o.metrics], ["limits", o.limits]] as [string, Series][]) {
    for (const m of spec.metrics) {
      const s = series[m.name];
      if (!s) continue;
      if (s.length !== n) return bad(`${field}.${m.name} has ${counted(s.length, "value")} for a curve of ${counted(n, "point")}`);
      const i = s.findIndex((y) => y !== null && y < 0);
      if (i >= 0) return bad(`${field}.${m.name}[${i}] is ${s[i]}, below zero, which no metric of these models may be`);
    }
  }
  if (o.bottleneck.length !== n) return bad(`bottleneck has ${counted(o.bottleneck.length, "value")} for a curve of ${counted(n, "point")}`);
  const line = o.bounds.slice(0, 20).findIndex((b) => b.values.length !== n);
  if (line >= 0) return bad(`bounds[${line}] has ${counted(o.bounds[line].values.length, "value")} for a curve of ${counted(n, "point")}`);
  return { o, why: null };
}

const ofSpec = (series: Series, spec: SystemSpec): Series =>
  Object.fromEntries(spec.metrics.flatMap((m) => (series[m.name] ? [[m.name, series[m.name]]] : [])));

/** The sweep as the chart may draw it, or null if it is not one (`whyNotDrawn` says why). */
export function readSweep(v: unknown, spec: SystemSpec, knobs: KnobValues, x: string): SweepResult | null {
  const { o } = inspect(v, spec);
  if (!o) return null;
  return {
    system: spec.id,
    knobs,
    x_knob: x,
    x: o.x as number[],
    metrics: ofSpec(o.metrics, spec),
    limits: ofSpec(o.limits, spec),
    bottleneck: o.bottleneck.map(short),
    band: {},
    knee: o.knee && { x: o.knee.x, resource: short(o.knee.resource)! },
    saturation: o.saturation && { ...o.saturation, resource: short(o.saturation.resource)! },
    bounds_knee: o.bounds_knee && { x: o.bounds_knee.x, station: short(o.bounds_knee.station)! },
    bounds: o.bounds.slice(0, 20).map((b) => ({ metric: short(b.metric)!, name: short(b.name)!, side: b.side === "lower" ? "lower" : "upper", values: b.values })),
    // the model at the memo's settings: the settings are the memo's (validated by the page), the values the edit's
    memo_models: o.memo_models.slice(0, 200).map((m) => ({
      knobs: m.knobs,
      metrics: Object.fromEntries(spec.metrics.map((s) => [s.name, m.metrics[s.name] ?? null])),
    })),
  };
}

/** Why the chart cannot draw the answer as a curve (where in it, and what is there), or null. */
export const whyNotDrawn = (v: unknown, spec: SystemSpec): string | null => inspect(v, spec).why;
