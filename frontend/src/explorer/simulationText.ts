// The sentence beside the simulated points: where the simulation and the model part (by how much,
// at which setting, how many of its intervals hold the model) and why (the models' own words:
// what each assumes of the service times).
import type { Simulation, SystemSpec } from "../api/types";
import { type SimPoint, partsBy } from "../chart/marks/simulated";
import { formatSetting } from "../format";

export function sentenceOf(spec: SystemSpec, x: string, y: string, results: Simulation[], points: SimPoint[]): string {
  const knob = spec.knobs.find((k) => k.name === x);
  const metric = spec.metrics.find((m) => m.name === y);
  const at = (v: number) => {
    const said = formatSetting(knob?.label ?? x, v, knob?.unit ?? "");
    return said.charAt(0).toLowerCase() + said.slice(1);
  };
  const drew = results[0]?.drew ?? "the simulation";
  const why = results[0]?.note ?? "";
  const events = results.reduce((n, r) => n + r.events, 0);
  const held = points.filter((p) => p.model !== null && p.low <= p.model && p.model <= p.high).length;
  const worst = points.reduce<SimPoint | null>((w, p) => (partsBy(p) !== null && (w === null || Math.abs(partsBy(p)!) > Math.abs(partsBy(w)!)) ? p : w), null);
  const what = `${metric?.label ?? y} simulated with ${drew} at ${points.length} settings (${events.toLocaleString("en")} events)`;
  if (!worst) return `${what}. ${why}`;
  const by = partsBy(worst)!;
  const close = points.filter((p) => Math.abs(partsBy(p) ?? 0) <= 2);
  if (Math.abs(by) <= 2) return `${what}: within ${Math.abs(by).toFixed(1)} % of the model everywhere (${held} of ${points.length} intervals hold it). ${why}`;
  const agrees = close.length ? ` and within 2 % of it at ${close.map((p) => at(p.x)).join(", ")}` : "";
  return `${what}: it parts from the model most at ${at(worst.x)}, ${Math.abs(by).toFixed(1)} % ${by > 0 ? "above" : "below"}${agrees}; ${held} of ${points.length} intervals hold the model. ${why}`;
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
