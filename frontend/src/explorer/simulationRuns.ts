// Whether two simulation runs are the same run: the same settings, each with the same events and
// the same metrics (a new seed gives this where nothing in the run is drawn at random).
import type { Simulation } from "../api/types";

type Done = { x: number; result: Simulation }[];

export function sameRun(a: Done, b: Done): boolean {
  return a.length === b.length && a.every((r, i) => {
    const o = b[i];
    return r.x === o.x && r.result.events === o.result.events && JSON.stringify(r.result.metrics) === JSON.stringify(o.result.metrics);
  });
}
