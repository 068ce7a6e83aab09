// A curve computed by the edited model, read as untrusted data: the sandbox may be running anyone's
// code, so the answer is first what the sweep's generated shape allows (./answers.ts `checked`:
// anything else refuses it whole); then only what the chart draws is kept: the spec's metrics,
// every series as long as the curve, short words, and the page's own knobs, never the sandbox's.
import type { KnobValues, SweepResult, SystemSpec } from "../api/types";
import { checked } from "./answers";

const MAX_POINTS = 1000;
const short = (s: string | null) => (s === null ? null : s.slice(0, 80));

/** The sweep as the chart may draw it, or null if it is not one (no points, or a series that is
 * not as long as the curve). */
export function readSweep(v: unknown, spec: SystemSpec, knobs: KnobValues, x: string): SweepResult | null {
  const o = checked("sweep", v);
  if (!o || o.x.length === 0 || o.x.length > MAX_POINTS || !o.x.every((p) => typeof p === "number")) return null;
  const n = o.x.length;
  const fits = (s: unknown[]) => s.length === n;
  const ofSpec = (series: Record<string, (number | null)[]>) => {
    const kept = spec.metrics.flatMap((m) => (series[m.name] ? [[m.name, series[m.name]] as const] : []));
    return kept.every(([, s]) => fits(s)) ? Object.fromEntries(kept) : null;
  };
  const metrics = ofSpec(o.metrics), limits = ofSpec(o.limits);
  const bounds = o.bounds.slice(0, 20);
  if (!metrics || !limits || !fits(o.bottleneck) || !bounds.every((b) => fits(b.values))) return null;
  return {
    system: spec.id,
    knobs,
    x_knob: x,
    x: o.x as number[],
    metrics,
    limits,
    bottleneck: o.bottleneck.map(short),
    band: {},
    knee: o.knee && { x: o.knee.x, resource: short(o.knee.resource)! },
    saturation: o.saturation && { ...o.saturation, resource: short(o.saturation.resource)! },
    bounds_knee: o.bounds_knee && { x: o.bounds_knee.x, station: short(o.bounds_knee.station)! },
    bounds: bounds.map((b) => ({ metric: short(b.metric)!, name: short(b.name)!, side: b.side === "lower" ? "lower" : "upper", values: b.values })),
    // the model at the memo's settings: the settings are the memo's (validated by the page), the values the edit's
    memo_models: o.memo_models.slice(0, 200).map((m) => ({
      knobs: m.knobs,
      metrics: Object.fromEntries(spec.metrics.map((s) => [s.name, m.metrics[s.name] ?? null])),
    })),
  };
}
