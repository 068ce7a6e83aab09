// The explorer's simulations: on "Simulate" (never on a knob's move), the model's mechanism is
// simulated at a few settings along the curve, one after another, each a `simulate` call to the
// in-browser runtime (the server's, bounded, where it cannot start), with its progress; Stop ends
// the one running and keeps the points done. A run belongs to the knobs, axis and spread it was
// made for: once any of them changes, its points are no longer drawn. Asked again for the run on
// screen (same seed and settings), it says so rather than redo it; a new seed that gives the same
// run (nothing in it drawn at random: constant times in one loop) is said to.
import { useCallback, useMemo, useRef, useState } from "react";
import type { KnobValues, Simulation, SystemSpec } from "../api/types";
import type { SimPoint, SimulatedView } from "../chart/marks/simulated";
import type { SeriesPoint } from "../chart/geometry";
import type { ModelClient } from "../runtime/ModelClient";
import { counted } from "../format";
import { notSimulated, sentenceOf } from "./simulationText";
import { sameRun, simulatedXs } from "./simulationRuns";
import { useNow } from "../view/useNow";

export type Service = "exponential" | "constant" | "mechanism" | "cv";

export interface SimulationAsk {
  service: Service;
  cv: number;
  seed: number;
}

interface Run {
  key: string;
  /** the key without the seed: two runs of the same settings */
  settings: string;
  ask: SimulationAsk;
  results: { x: number; result: Simulation }[];
  /** every setting simulated (not stopped part way) */
  done: boolean;
}

/** `curve`: the model's curve on screen, read when a run starts (its settings are along it). */
export function useSimulation(client: ModelClient, spec: SystemSpec, knobs: KnobValues, x: string, y: string, curve: () => SeriesPoint[]) {
  // DECnet's own times are exponential (exact MVA): what its fixed-size messages make of them is constant
  const [ask, setAsk] = useState<SimulationAsk>({ service: spec.id === "decnet" ? "constant" : "mechanism", cv: 0.5, seed: 1 });
  const [run, setRun] = useState<Run | null>(null);
  const [running, setRunning] = useState<{ done: number; of: number; fraction: number; x: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const stopped = useRef(false);
  const others = Object.entries(knobs).filter(([k]) => k !== x).sort();
  const settings = JSON.stringify([spec.id, others, x, ask.service, ask.service === "cv" ? ask.cv : null]);
  const key = JSON.stringify([settings, ask.seed]);

  const startHere = useCallback(async () => {
    const xs = simulatedXs(curve(), Number(knobs[x]));
    const before = run;
    // a seed gives the same run again (one the clock ended aside): the one on screen is it
    if (before?.key === key && before.done && before.results.every((r) => r.result.stopped !== "time")) {
      setMessage("The same run as before: same seed and settings, so it is not run again (a seed always gives the same run). Change the seed for another run.");
      return;
    }
    const mine: Run = { key, settings, ask, results: [], done: false };
    stopped.current = false;
    setRun(mine);
    setMessage(null);
    for (const [i, v] of xs.entries()) {
      if (stopped.current) break;
      setRunning({ done: i, of: xs.length, fraction: 0, x: v });
      try {
        const result = await client.own(
          { type: "simulate", system: spec.id, knobs: { ...knobs, [x]: v }, service: ask.service, cv: ask.service === "cv" ? ask.cv : null, seed: ask.seed, target: 0.02, time_limit_s: 10 },
          (fraction) => setRunning({ done: i, of: xs.length, fraction, x: v }),
        );
        mine.results = [...mine.results, { x: v, result }];
        setRun({ ...mine });
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        setMessage(stopped.current || /stopped|KeyboardInterrupt/i.test(why)
          ? `Stopped: ${mine.results.length} of ${counted(xs.length, "setting")} simulated.`
          : `The simulation could not run: ${why}`);
        break;
      }
    }
    if (stopped.current && !mine.results.length) setMessage(`Stopped before the first setting was simulated.`);
    mine.done = !stopped.current && mine.results.length === xs.length;
    setRun({ ...mine });
    if (mine.done && before?.done && before.settings === settings && sameRun(before.results, mine.results)) {
      const events = counted(mine.results.reduce((n, r) => n + r.result.events, 0), "event");
      setMessage(`Seed ${ask.seed} gave the same run as seed ${before.ask.seed} (${events}): with ${mine.results[0].result.drew} nothing in this run is drawn at random, so every seed gives it.`);
    }
    setRunning(null);
  }, [client, spec.id, knobs, x, ask, key, settings, curve, run]);
  // the same function whatever the knobs: the panel need not draw again with each knob move
  const startNow = useNow(startHere);
  const start = useCallback(() => startNow()(), [startNow]);

  const stop = useCallback(() => {
    stopped.current = true;
    // the runtime stops the one running at once; where it cannot, after it
    if (!client.stop()) setMessage("This browser cannot stop a simulation part way: it stops after the setting running now.");
  }, [client]);

  const current = run && run.key === key ? run : null;
  const view: SimulatedView | null = useMemo(() => {
    if (!current?.results.length) return null;
    const points: SimPoint[] = current.results.flatMap(({ x: at, result }) => {
      const m = result.metrics[y];
      return m ? [{ x: at, mean: m.mean, low: m.ci95[0], high: m.ci95[1], model: result.analytic[y] ?? null }] : [];
    });
    const first = current.results[0].result;
    const sentence = points.length ? sentenceOf(spec, x, y, current.results.map((r) => r.result), points) : notSimulated(spec, y, first);
    return { points, drew: first.drew, seed: current.ask.seed, sentence };
  }, [current, spec, x, y]);
  const events = current?.results.reduce((n, r) => n + r.result.events, 0) ?? 0;
  const results = current?.results;
  return useMemo(() => ({ ask, setAsk, start, stop, running, message, view, events, results: results ?? [] }),
    [ask, start, stop, running, message, view, events, results]);
}
