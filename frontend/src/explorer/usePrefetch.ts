// Curves computed ahead of the knobs: after a numeric knob moves one step, the curve one step
// further the same way, while the page is idle, so the next key press or slow drag finds its curve
// ready; after a jump (Home, End, Page Up/Down, a typed value) both neighbours, since the next
// step may go either way (from Home, only up); a knob taking focus computes both neighbours with
// their bands, so even its first move finds its curve and band ready. (A move's own band waits
// for the knobs to rest: view/useModelView.ts.)
import { useCallback, useRef } from "react";
import { isChoice, type KnobValues, type NumberKnob, type SystemSpec } from "../api/types";
import { bandCall, curveCall } from "../chart/curves";
import type { ModelClient } from "../runtime/ModelClient";
import type { ExplorerState } from "../state/urlState";

// Single steps closer together than this (faster than any key's repeat, about 30 a second) have
// their next step asked at once, before the render.
const FAST_REPEAT_MS = 20;

export function usePrefetch(client: ModelClient, spec: SystemSpec, state: ExplorerState) {
  const lastKnobs = useRef(state.knobs);
  const lastStepAt = useRef(-Infinity);
  const latestView = useRef(state);
  latestView.current = state;
  const prefetchAround = (knobs: KnobValues, x: string, knob: NumberKnob, ways: boolean[], withBand: boolean, atOnce = false) => {
    const v = Number(knobs[knob.name]);
    const ahead = ways.map((up) => neighbour(knob, v, up)).filter((n): n is number => n !== null);
    if (!ahead.length) return;
    // each step's curve and its answer (the readouts), and from a knob at rest the curve's band,
    // so the step draws them in one frame
    const calls = ahead.flatMap((n) => {
      const next = { ...knobs, [knob.name]: n };
      const params = latestView.current.fitted ?? undefined;
      const spread = params ? latestView.current.spread ?? undefined : undefined;
      const step = [curveCall(spec, next, x, params), { type: "evaluate" as const, system: spec.id, knobs: next, params }];
      return withBand ? [...step, bandCall(spec, next, x, params, spread)] : step;
    });
    // Asked once this move's frame is drawn: on a machine with few cores the worker computing
    // them would take the processor from this move's own render (a held key's repeat, 30 a
    // second, leaves the worker 25 ms after the frame, time enough). Only single steps closer
    // together than FAST_REPEAT_MS ask at once: the next press would come before the worker ended.
    if (atOnce) client.prefetch(calls);
    else requestAnimationFrame(() => setTimeout(() => client.prefetch(calls), 0));
  };
  /** After the view moved to `next`: the moved knob's next step. */
  const afterMove = (next: ExplorerState) => {
    const before = lastKnobs.current;
    lastKnobs.current = next.knobs;
    const moved = spec.knobs.find((k) => !isChoice(k) && k.name !== next.x && before[k.name] !== next.knobs[k.name]) as NumberKnob | undefined;
    if (!moved) return;
    const up = Number(next.knobs[moved.name]) > Number(before[moved.name]);
    const oneStep = neighbour(moved, Number(before[moved.name]), up) === Number(next.knobs[moved.name]);
    const now = performance.now();
    const fast = oneStep && now - lastStepAt.current < FAST_REPEAT_MS;
    lastStepAt.current = oneStep ? now : -Infinity;
    prefetchAround(next.knobs, next.x, moved, oneStep ? [up] : [up, !up], false, fast);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefetchAround works through refs, so a stale copy behaves the same
  const onKnobFocus = useCallback((name: string) => {
    const { knobs: now, x: along } = latestView.current;
    const knob = spec.knobs.find((k) => k.name === name);
    if (knob && !isChoice(knob) && knob.name !== along) prefetchAround(now, along, knob, [true, false], true);
  }, [spec]);
  return { afterMove, onKnobFocus };
}

/** The value one keyboard step up or down from `v` (a power of two on log2 knobs), or null
 * past the knob's range. */
function neighbour(knob: NumberKnob, v: number, up: boolean): number | null {
  const step = knob.scale === "log2" ? (up ? v : -v / 2) : up ? knob.step : -knob.step;
  const n = Math.round((v + step) * 1e9) / 1e9;
  return n < knob.min || n > knob.max ? null : n;
}
