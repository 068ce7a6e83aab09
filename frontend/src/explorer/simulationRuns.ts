// A simulation run's settings and sameness: which settings along a curve a run simulates, and
// whether two runs are the same run (the same settings, each with the same events and the same
// metrics: a new seed gives this where nothing in the run is drawn at random). Apart from the
// explorer's hook (useSimulation.ts) so that a lesson's step loads it alone.
import type { Simulation } from "../api/types";
import type { SeriesPoint } from "../chart/geometry";

/** The settings simulated along a curve: five spread over it, and the knob's own setting (where
 * it lies along it). */
export function simulatedXs(curve: SeriesPoint[], at: number): number[] {
  const xs = curve.map((p) => p.x);
  if (!xs.length) return [];
  const picked = [0.1, 0.3, 0.5, 0.75, 1].map((f) => xs[Math.round(f * (xs.length - 1))]);
  const inside = Number.isFinite(at) && at >= Math.min(...xs) && at <= Math.max(...xs);
  return [...new Set([...picked, ...(inside ? [at] : [])])].sort((a, b) => a - b);
}

type Done = { x: number; result: Simulation }[];

export function sameRun(a: Done, b: Done): boolean {
  return a.length === b.length && a.every((r, i) => {
    const o = b[i];
    return r.x === o.x && r.result.events === o.result.events && JSON.stringify(r.result.metrics) === JSON.stringify(o.result.metrics);
  });
}
