// A curve computed by the edited model, read as untrusted data: the sandbox may be running anyone's
// code, so only what the chart draws is kept, each field checked (numbers finite or null, arrays
// as long as the curve, words short), and the knobs are the page's own, never the sandbox's.
import type { KnobValues, SweepResult, SystemSpec } from "../api/types";
import { num } from "./answers";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : null);
const word = (v: unknown): string | null => (typeof v === "string" ? v.slice(0, 80) : null);
const MAX_POINTS = 1000;

function series(v: unknown, n: number): (number | null)[] | null {
  return Array.isArray(v) && v.length === n ? v.map(num) : null;
}

function seriesOf(v: unknown, names: string[], n: number): Record<string, (number | null)[]> {
  const o = obj(v) ?? {};
  const out: Record<string, (number | null)[]> = {};
  for (const name of names) {
    const s = series(o[name], n);
    if (s) out[name] = s;
  }
  return out;
}

/** The sweep as the chart may draw it, or null if it is not one (the curve's points are missing). */
export function readSweep(v: unknown, spec: SystemSpec, knobs: KnobValues, x: string): SweepResult | null {
  const o = obj(v);
  const xs = o && Array.isArray(o.x) ? o.x.map(num) : null;
  if (!o || !xs || xs.length === 0 || xs.length > MAX_POINTS || xs.some((p) => p === null)) return null;
  const n = xs.length;
  const metrics = spec.metrics.map((m) => m.name);
  const knee = obj(o.knee), sat = obj(o.saturation), star = obj(o.bounds_knee);
  return {
    system: spec.id,
    knobs,
    x_knob: x,
    x: xs as number[],
    metrics: seriesOf(o.metrics, metrics, n),
    limits: seriesOf(o.limits, metrics, n),
    bottleneck: Array.isArray(o.bottleneck) && o.bottleneck.length === n ? o.bottleneck.map(word) : Array(n).fill(null),
    band: {},
    knee: knee && num(knee.x) !== null && word(knee.resource) ? { x: num(knee.x)!, resource: word(knee.resource)! } : null,
    saturation: sat && num(sat.x) !== null && num(sat.utilization) !== null && word(sat.resource)
      ? { x: num(sat.x)!, resource: word(sat.resource)!, utilization: num(sat.utilization)! }
      : null,
    bounds_knee: star && num(star.x) !== null && word(star.station) ? { x: num(star.x)!, station: word(star.station)! } : null,
    bounds: (Array.isArray(o.bounds) ? o.bounds : []).flatMap((b) => {
      const l = obj(b);
      const values = l && series(l.values, n);
      return l && values && word(l.metric) && word(l.name) ? [{ metric: word(l.metric)!, name: word(l.name)!, side: l.side === "lower" ? "lower" : "upper", values }] : [];
    }).slice(0, 20),
    // the model at the memo's settings: the settings are the memo's (validated by the page), the values the edit's
    memo_models: (Array.isArray(o.memo_models) ? o.memo_models : []).flatMap((m) => {
      const mm = obj(m), k = obj(mm?.knobs);
      if (!mm || !k) return [];
      const setting: KnobValues = {};
      for (const [name, value] of Object.entries(k)) {
        if (typeof value === "number" || typeof value === "string") setting[name] = value;
      }
      const values = obj(mm.metrics) ?? {};
      return [{ knobs: setting, metrics: Object.fromEntries(metrics.map((name) => [name, num(values[name])])) }];
    }).slice(0, 200),
  };
}
