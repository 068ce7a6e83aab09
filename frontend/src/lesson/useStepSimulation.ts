// A simulation step's reveal (a choice judged by where the simulation lands, lands.ts): once the
// answer is out, the step's setting and a few along its curve are simulated one after another
// with the question's spread and the lessons' seed, and drawn beside the curve as the explorer
// draws them (chart/marks/simulated.tsx). It runs once a step, never before the reveal; the
// projector's runtime runs it, and a phone (which never starts one) asks the server, whose recent
// answers hold the same runs for the whole class. Its words (explorer/simulationText.ts) are
// loaded with the first run: a step with no simulation, most of them, never fetches them.
import { useEffect, useMemo, useState } from "react";
import type { KnobValues, Simulation, SystemSpec } from "../api/types";
import type { SeriesPoint } from "../chart/geometry";
import type { SimPoint, SimulatedView } from "../chart/marks/simulated";
import { simulatedXs } from "../explorer/simulationRuns";
import type { ModelClient } from "../runtime/ModelClient";
import type { Question } from "./format";
import { LESSON_SEED, lessonAsk } from "./lands";

type Words = typeof import("../explorer/simulationText");

export interface StepSimulation {
  view: SimulatedView | null;
  /** settings done of all, while it runs */
  running: { done: number; of: number } | null;
  error: string | null;
}

/** The run of a revealed simulation step (`q` a choice with `simulate`), or nothing to draw. */
export function useStepSimulation(client: ModelClient, spec: SystemSpec, q: Question | undefined, revealed: boolean,
  knobs: KnobValues, x: string, y: string, curve: SeriesPoint[]): StepSimulation {
  const service = q?.predict === "choice" && spec.simulation.simulated ? q.simulate : undefined;
  const xs = useMemo(() => (service ? simulatedXs(curve, Number(knobs[x])) : []), [service, curve, knobs, x]);
  // the run belongs to the step's setting and the settings along its curve, not to a render
  const key = revealed && service && xs.length ? JSON.stringify([spec.id, knobs, x, service, xs]) : null;
  const [runs, setRuns] = useState<{ key: string; results: { x: number; result: Simulation }[]; error: string | null; done: boolean } | null>(null);
  const [words, setWords] = useState<Words | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the run (its system, knobs, x, spread and settings)
  useEffect(() => {
    if (!key || !service) return;
    let live = true;
    const results: { x: number; result: Simulation }[] = [];
    setRuns({ key, results: [], error: null, done: false });
    (async () => {
      try {
        const w = await import("../explorer/simulationText");
        if (live) setWords(w);
      } catch (e) {
        if (live) setRuns({ key, results: [], error: e instanceof Error ? e.message : String(e), done: true });
        return;
      }
      for (const v of xs) {
        try {
          const result = await client.own(lessonAsk(spec.id, { ...knobs, [x]: v }, service));
          if (!live) return;
          results.push({ x: v, result });
          setRuns({ key, results: [...results], error: null, done: false });
        } catch (e) {
          if (live) setRuns({ key, results: [...results], error: e instanceof Error ? e.message : String(e), done: true });
          return;
        }
      }
      if (live) setRuns({ key, results: [...results], error: null, done: true });
    })();
    return () => {
      live = false;
    };
  }, [key]);

  const mine = runs && runs.key === key ? runs : null;
  const view = useMemo((): SimulatedView | null => {
    if (!mine?.results.length || !words) return null;
    const points: SimPoint[] = mine.results.flatMap(({ x: at, result }) => {
      const m = result.metrics[y];
      return m ? [{ x: at, mean: m.mean, low: m.ci95[0], high: m.ci95[1], model: result.analytic[y] ?? null }] : [];
    });
    const first = mine.results[0].result;
    const sentence = points.length ? words.sentenceOf(spec, x, y, mine.results.map((r) => r.result), points) : words.notSimulated(spec, y, first);
    return { points, drew: first.drew, seed: LESSON_SEED, sentence };
  }, [mine, words, spec, x, y]);
  return {
    view,
    running: mine && !mine.done ? { done: mine.results.length, of: xs.length } : null,
    error: mine?.error ?? null,
  };
}
