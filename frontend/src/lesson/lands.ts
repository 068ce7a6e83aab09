// A choice question judged by the simulator: where the step's setting, simulated with the spread
// of service times the question names (its `simulate`) and a fixed seed, lands against the model's
// curve (above it, on it, below it). Each choice says where it lands (`lands`); the right one must
// be the key, so a wrong key is refused at its line (claims.ts), as a bottleneck's is. The same
// seed and spread draw the points at the reveal (useStepSimulation.ts).
import type { Simulation } from "../api/types.ts";

export type Lands = "above" | "on" | "below";
export const LANDS: readonly Lands[] = ["above", "on", "below"];
export const SERVICES = ["exponential", "constant", "mechanism"] as const;
export type LessonService = (typeof SERVICES)[number];

/** The seed every lesson's simulation runs with: the same run for the check, the projector and
 * each phone (the server answers a phone's from its recent answers). */
export const LESSON_SEED = 1;

/** A side is claimed only when the interval clears the model by this share of it: nearer, the
 * question is too close to ask (sampling and the next model change would decide it). */
export const CLEAR_SHARE = 0.01;

/** What a lesson asks of the simulator at one setting (the `simulate` operation's fields): the
 * server's bounds, so that the projector's runtime, a phone's server and the check ask alike. */
export function lessonAsk(system: string, knobs: Record<string, number | string>, service: LessonService) {
  return { type: "simulate" as const, system, knobs, service, cv: null, seed: LESSON_SEED, target: 0.02, max_events: 2_000_000, time_limit_s: 2 };
}

/** Where the simulated metric `y` lands against the model's value at the same setting; null when
 * the simulation has no such metric or the model no value, "close" when too close to ask. */
export function landsOf(sim: Simulation, y: string): { side: Lands | "close"; mean: number; model: number } | null {
  const m = sim.metrics[y];
  const model = sim.analytic[y];
  if (!m || model === null || model === undefined || !Number.isFinite(model)) return null;
  const [low, high] = m.ci95;
  const clear = CLEAR_SHARE * Math.abs(model);
  const side = low > model + clear ? "above" : high < model - clear ? "below" : low <= model && model <= high ? "on" : "close";
  return { side, mean: m.mean, model };
}

const short = (v: number) => String(Number(v.toPrecision(4)));

/** The question's key against the simulation, as problems at the question's keys (none: right). */
export function landsAnswer(sim: Simulation, y: string, lands: Lands[], choices: string[], answer: number): { key: "answer" | "lands" | "simulate"; message: string }[] {
  const found = landsOf(sim, y);
  const run = `the simulation (${sim.drew}, seed ${sim.seed})`;
  if (!found) return [{ key: "simulate", message: `${run} gives no value of ${y} beside the model's here: choose a metric it simulates (${Object.keys(sim.metrics).join(", ")})` }];
  const by = `${short(found.mean)} against the model's ${short(found.model)}, ${found.mean >= found.model ? "+" : "\u2212"}${Math.abs((100 * (found.mean - found.model)) / found.model).toFixed(1)} %`;
  if (found.side === "close") return [{ key: "simulate", message: `${run} lands within ${100 * CLEAR_SHARE} % of the model's curve but its interval does not hold it (${by}): too close to ask; choose another setting or spread` }];
  const right = lands.indexOf(found.side) + 1;
  if (!right) return [{ key: "lands", message: `${run} lands ${found.side} the model's curve here (${by}), which no choice says: add a choice for it` }];
  if (right !== answer) return [{ key: "answer", message: `${run} lands ${found.side} the model's curve here (${by}): choice ${right} ("${choices[right - 1]}"), not choice ${answer}: correct the answer, or the setting` }];
  return [];
}
