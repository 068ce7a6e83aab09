// What the chart draws from a model's answers: the knobs a curve is computed for, the curve and
// band along x, and the answer at one x, shared by the explorer and the lessons.
import type { Evaluation, KnobValues, Params, Spread, SweepResult, SystemSpec } from "../api/types.ts";
import { bandRequest, curveRequest } from "../runtime/protocol.ts";

/** What a sweep's band spans, in words: the knobs the memo leaves open and the fitted
 * parameters it does not pin. */
export function bandNamesOf(sweep: SweepResult | null, spec: SystemSpec, own = false): string[] {
  return Object.entries(sweep?.band ?? {}).map(([name, b]) =>
    b.parameter ? `the ${b.label ?? name} (fitted, but not pinned by ${own ? "your table" : "the memo"})` : spec.knobs.find((k) => k.name === name)?.label ?? b.label ?? name);
}

/** Whether a band is wide enough to be seen (drawn and named in the legend). */
export const bandShown = (band: { y0: number; y1: number }[]) => band.some((b) => b.y1 - b.y0 > 1e-9 * Math.max(1, Math.abs(b.y1)));

/** The request for a curve along x, without its band, for the knobs the curve is computed for:
 * the one request, and so the one key (runtime/protocol.ts callKey), whoever asks for it (a
 * knob's handler, the view, a prefetch). */
export function curveCall(spec: SystemSpec, knobs: KnobValues, x: string, params?: Params) {
  return curveRequest(spec.id, curveKnobsOf(spec, knobs, x), x, params);
}

/** The request for that curve's band: computed after the curve. */
export function bandCall(spec: SystemSpec, knobs: KnobValues, x: string, params?: Params, spread?: Spread) {
  return bandRequest(spec.id, curveKnobsOf(spec, knobs, x), x, params, spread);
}

/** Ask for a curve along x (its one request): the knob's handler does, before React renders. */
export function askCurve(
  client: { curve: (system: string, knobs: KnobValues, x: string, lane?: string, params?: Params) => unknown },
  spec: SystemSpec, knobs: KnobValues, x: string, params?: Params,
): void {
  client.curve(spec.id, curveKnobsOf(spec, knobs, x), x, undefined, params);
}

/** The knobs a curve along x is computed for: every knob but x, which is held at its default so
 * that moving x reuses the curve. Every request for a curve (drawn, asked ahead, prefetched)
 * builds its knobs here, so they share one cache key. */
export function curveKnobsOf(spec: SystemSpec, knobs: KnobValues, x: string): KnobValues {
  const k = spec.knobs.find((kk) => kk.name === x);
  return { ...knobs, [x]: k ? k.default : knobs[x] };
}

export function sameKnobs(a: KnobValues, b: KnobValues): boolean {
  return Object.keys(b).every((k) => a[k] === b[k]);
}

/** The sweep's answer at the current value of x, if the sweep has it (no model call needed). */
export function pointAt(sweep: SweepResult | null, x: string, value: string | number): Evaluation | null {
  if (!sweep || sweep.x_knob !== x) return null;
  const i = sweep.x.indexOf(value);
  if (i < 0) return null;
  return {
    metrics: Object.fromEntries(Object.entries(sweep.metrics).map(([m, v]) => [m, v[i]])),
    bottleneck: sweep.bottleneck[i],
  };
}

export function curveOf(sweep: SweepResult | null, x: string, y: string) {
  if (!sweep || sweep.x_knob !== x || !sweep.metrics[y]) return [];
  // null (no finite value) becomes NaN: the curve leaves a gap there
  return sweep.x.map((xv, i) => ({ x: Number(xv), y: sweep.metrics[y][i] ?? NaN, bottleneck: sweep.bottleneck[i] ?? undefined }));
}

/** The envelope of every undetermined knob's band: lowest and highest outcome at each x. */
export function bandOf(sweep: SweepResult | null, x: string, y: string) {
  if (!sweep || sweep.x_knob !== x) return [];
  const bands = Object.values(sweep.band);
  if (!bands.length) return [];
  return bands[0].x.map((xv, i) => {
    const ys = bands.flatMap((b) => [b.low[y][i] ?? NaN, b.high[y][i] ?? NaN]);
    return { x: Number(xv), y0: Math.min(...ys), y1: Math.max(...ys) };
  });
}

/** The capacity of the y metric along x, where the model knows one (a line rate, 100 % of a CPU). */
export function limitOf(sweep: SweepResult | null, x: string, y: string) {
  const lim = sweep && sweep.x_knob === x ? sweep.limits?.[y] : undefined;
  if (!sweep || !lim) return [];
  return sweep.x.map((xv, i) => ({ x: Number(xv), y: lim[i] ?? NaN }));
}

/** Where the pace setter turns from a window or the users to a resource along x (the sweep's
 * knee, perfmodels/pace.py), on the curve; `nStar` where it is the textbook's knee N* (where the
 * asymptotes meet: along a closed network's population, DECnet's quota or LAVC's users), not a
 * setting along another knob where a resource takes over. The resource then sets the pace but
 * is not yet full: that is the saturation point, further on. */
export interface KneePoint {
  x: number;
  y: number;
  resource: string;
  nStar: boolean;
}

export function kneeOf(sweep: SweepResult | null, x: string, curve: { x: number; y: number }[]): KneePoint | null {
  const k = sweep && sweep.x_knob === x ? sweep.knee : null;
  if (!k) return null;
  const y = valueAt(curve, k.x);
  if (!Number.isFinite(y)) return null;
  const star = sweep?.bounds_knee;
  return { x: k.x, y, resource: k.resource, nStar: !!star && Math.abs(star.x - k.x) <= 1e-9 * Math.max(1, Math.abs(k.x)) };
}

/** Where a resource saturates: the first x at which the model has it at least 95 % busy (the
 * sweep's saturation, perfmodels/sweep.py), on the curve; null where none is that busy along
 * the axis, and then nothing is said to saturate. */
export interface SaturationPoint {
  x: number;
  y: number;
  resource: string;
  /** its busy share there, 0.95 to 1 */
  utilization: number;
}

export function saturationOf(sweep: SweepResult | null, x: string, curve: { x: number; y: number }[]): SaturationPoint | null {
  const s = sweep && sweep.x_knob === x ? sweep.saturation : null;
  if (!s) return null;
  const y = valueAt(curve, s.x);
  return Number.isFinite(y) ? { x: s.x, y, resource: s.resource, utilization: s.utilization } : null;
}

/** The curve's value at x, interpolated between its points (NaN outside them). */
export function valueAt(curve: { x: number; y: number }[], x: number): number {
  for (let i = 1; i < curve.length; i++) {
    const a = curve[i - 1], b = curve[i];
    if (a.x <= x && x <= b.x) return b.x === a.x ? a.y : a.y + ((x - a.x) / (b.x - a.x)) * (b.y - a.y);
  }
  return curve.length === 1 && curve[0].x === x ? curve[0].y : Number.NaN;
}

/** A capacity is drawn while it is at most this many times the curve's top: far enough to show
 * a curve using half of what it could (the FFS disk), near enough not to flatten it. */
export const LIMIT_REACH = 2.5;

/** The capacity's points the chart draws: those within reach of the curve's top. */
export function drawnLimit<P extends { y: number }>(limit: P[], curveTop: number): P[] {
  return limit.filter((p) => Number.isFinite(p.y) && p.y <= LIMIT_REACH * curveTop);
}

/** One textbook bound along x (perfmodels/bounds.py): a closed network's asymptotic or balanced
 * job bound, or an open path's term alone ("stage"). */
export interface BoundView {
  name: string;
  side: "upper" | "lower";
  kind: "asymptotic" | "balanced" | "stage";
  points: { x: number; y: number }[];
}

/** A closed network's knee N* on the chart: where the upper asymptotes meet. */
export interface KneeView {
  x: number;
  y: number;
  station: string;
}

const kindOf = (name: string): BoundView["kind"] => (name.startsWith("asymptotic") ? "asymptotic" : name.startsWith("balanced") ? "balanced" : "stage");

/** The bounds on the y metric along x, and the knee where the asymptotes meet (when x is the
 * population and the knee is within the axis). */
export function boundsOf(sweep: SweepResult | null, x: string, y: string): { lines: BoundView[]; knee: KneeView | null } {
  if (!sweep || sweep.x_knob !== x) return { lines: [], knee: null };
  const lines = (sweep.bounds ?? []).filter((b) => b.metric === y).map((b) => ({
    name: b.name,
    side: b.side === "lower" ? "lower" as const : "upper" as const,
    kind: kindOf(b.name),
    points: sweep.x.map((xv, i) => ({ x: Number(xv), y: b.values[i] ?? Number.NaN })),
  }));
  const up = lines.find((l) => l.name === "asymptotic upper");
  const k = sweep.bounds_knee;
  const xs = sweep.x.map(Number);
  // the upper asymptote is min(N / (D + Z), 1 / D_max) times the metric's amount a cycle: its
  // plateau is its largest value, the height at which the two meet
  const top = up ? Math.max(...up.points.map((p) => p.y).filter(Number.isFinite)) : Number.NaN;
  const knee = k && up && Number.isFinite(top) && xs[0] <= k.x && k.x <= xs[xs.length - 1] ? { x: k.x, y: top, station: k.station } : null;
  return { lines, knee };
}

/** What the readout says of the bounds at one x: each kind's range ("asymptotic", "balanced
 * job": lower to upper) and, on an open path, the tightest term alone. */
export interface BoundsReading {
  label: string;
  lower: number | null;
  upper: number | null;
}

export function boundsAt(lines: BoundView[], x: number): BoundsReading[] {
  const out: BoundsReading[] = [];
  for (const kind of ["asymptotic", "balanced"] as const) {
    const of = lines.filter((l) => l.kind === kind);
    if (!of.length) continue;
    const at = (side: "upper" | "lower") => {
      const ys = of.filter((l) => l.side === side).map((l) => valueAt(l.points, x)).filter(Number.isFinite);
      return ys.length ? (side === "upper" ? Math.min(...ys) : Math.max(...ys)) : null;
    };
    out.push({ label: kind === "asymptotic" ? "asymptotic bounds" : "balanced job bounds", lower: at("lower"), upper: at("upper") });
  }
  // of the terms alone, the one nearest the curve: the lowest ceiling, or the highest floor
  let best: BoundsReading | null = null;
  for (const l of lines.filter((b) => b.kind === "stage")) {
    const y = valueAt(l.points, x);
    if (!Number.isFinite(y)) continue;
    const r = { label: `${l.name} alone`, lower: l.side === "lower" ? y : null, upper: l.side === "upper" ? y : null };
    if (!best || (r.upper !== null && best.upper !== null && r.upper < best.upper) || (r.lower !== null && best.lower !== null && r.lower > best.lower)) best = r;
  }
  if (best) out.push(best);
  return out;
}
