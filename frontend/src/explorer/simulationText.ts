// The sentence beside the simulated points: how far the simulation and the model part (by how
// much, at which setting, how many of its intervals hold the model) and why, the why given only
// where the gap is larger than the intervals and goes the way the drawn times push the queues.
import type { Simulation, SystemSpec } from "../api/types";
import { type SimPoint, partsBy } from "../chart/marks/simulated";
import { counted, formatSetting, formatValue } from "../format";

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const holds = (p: SimPoint) => p.model !== null && p.low <= p.model && p.model <= p.high;

export function sentenceOf(spec: SystemSpec, x: string, y: string, results: Simulation[], points: SimPoint[]): string {
  const knob = spec.knobs.find((k) => k.name === x);
  const metric = spec.metrics.find((m) => m.name === y);
  const unit = metric?.unit ?? "";
  const at = (v: number) => {
    const said = formatSetting(knob?.label ?? x, v, knob?.unit ?? "");
    // "link quota 16 buffers", but "CPU speed 0.6"
    return /^.[a-z]/.test(said) ? said.charAt(0).toLowerCase() + said.slice(1) : said;
  };
  const first = results[0];
  const drew = first?.drew ?? "the simulation";
  const why = first?.note ?? "";
  const events = results.reduce((n, r) => n + r.events, 0);
  const compared = points.filter((p) => p.model !== null);
  const held = compared.filter(holds).length;
  const what = `${metric?.label ?? y} simulated with ${drew} at ${counted(points.length, "setting")} (${counted(events, "event")})`;
  if (!compared.length) return `${what}. ${why}`;
  const fixed = first?.moves?.[y] === 0;
  if (fixed || compared.every((p) => p.low === p.high && same(p.mean, p.model!))) {
    const values = [...new Set(compared.map((p) => formatValue(p.model!, unit)))];
    const both = values.length === 1 ? `both ${values[0]} at every setting simulated` : "equal at every setting simulated";
    if (!fixed) return `${what}: simulation and analysis ${both}, with intervals of no width.`;
    const offered = /offered/i.test(metric?.label ?? "");
    return `${what}: simulation and analysis agree exactly (${both}): ${offered ? "it is offered demand" : "it is fixed by the setting"}, which no queue changes.${canMove(spec, first)}`;
  }
  // the largest gap, in per cent where the model is not zero, else in the metric's unit
  const gap = (p: SimPoint) => partsBy(p) ?? p.mean - p.model!;
  const worst = compared.reduce((w, p) => (Math.abs(gap(p)) > Math.abs(gap(w)) ? p : w));
  const by = gap(worst);
  const size = partsBy(worst) === null ? formatValue(Math.abs(by), unit) : `${Math.abs(by).toFixed(1)} %`;
  const side = by > 0 ? "above" : by < 0 ? "below" : "on";
  const intervals = compared.length === 1
    ? `its interval ${held ? "holds" : "does not hold"} the model`
    : `${held} of ${compared.length} intervals ${held === 1 ? "holds" : "hold"} the model`;
  if (held === compared.length) {
    const most = by === 0 ? "equal to the model" : `at most ${size} ${side} the model (at ${at(worst.x)})`;
    return `${what}: ${most}, within the simulation's own intervals everywhere (${intervals}): no difference between the two is measured here.`;
  }
  // (as the table and the tip print it: "+2.0 %" is within 2 %)
  const close = compared.filter((p) => p !== worst && Math.abs(Number((partsBy(p) ?? Infinity).toFixed(1))) <= 2);
  const agrees = close.length ? ` and within 2 % of it at ${close.map((p) => at(p.x)).join(", ")}` : "";
  return `${what}: it parts from the model most at ${at(worst.x)}, ${size} ${side}${agrees}; ${intervals}. ${because(first, y, metric?.label ?? y, by, why)}`;
}

/** The note's why, where the gap goes the way the drawn times push the queues (or where the note
 * names no way); else what is measured against what the spread would do. */
function because(r: Simulation | undefined, y: string, label: string, by: number, why: string): string {
  const way = r?.moves?.[y];
  if (!r?.queues || !way) return why;
  const expected = way * (r.queues === "longer" ? 1 : -1);
  // what the queues do to the metric drawn (a throughput rises as a time falls)
  if (Math.sign(by) === expected) return `${why} ${r.queues === "longer" ? "Longer" : "Shorter"} queues put ${label} ${by > 0 ? "higher" : "lower"} than the analysis does.`;
  return `Its times' spread would make the queues ${r.queues} and so put the simulation ${expected > 0 ? "above" : "below"} the model, not ${by > 0 ? "above" : "below"} it: the gap measured here comes from elsewhere (the analysis's approximation of the waits, or the run's sampling error).`;
}

/** The metrics a simulation can move (the queues change them), to choose as the y axis instead. */
function canMove(spec: SystemSpec, r: Simulation | undefined): string {
  const names = spec.metrics.filter((m) => r?.moves?.[m.name] && r.metrics[m.name]).map((m) => m.label);
  return names.length ? ` To see the simulation and the analysis part, choose ${names.slice(0, -1).join(", ")}${names.length > 1 ? " or " : ""}${names.at(-1)} as the y axis.` : "";
}

/** What to say when the metric on the y axis is not among those simulated (FFS's file throughput:
 * its rotation alone is simulated). */
export function notSimulated(spec: SystemSpec, y: string, result: Simulation): string {
  const label = (m: string) => spec.metrics.find((s) => s.name === m)?.label ?? (m === "steady_kBps" ? "the blocks' steady rate" : m);
  const metric = spec.metrics.find((m) => m.name === y)?.label ?? y;
  const shown = Object.keys(result.metrics).filter((m) => spec.metrics.some((s) => s.name === m)).map(label);
  return `${metric} is not simulated here: the simulation gives ${Object.keys(result.metrics).map(label).join(" and ")}`
    + (shown.length ? `; choose ${shown.join(" or ")} as the y axis to see its points.` : ".");
}
