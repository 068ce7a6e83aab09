// What the explorer's controls do to its state, as stable handlers for the memoized panels (they
// read the newest state through a ref): a knob, a memo configuration, a knob picked for x, and
// the user's own table, what to fit and the fit's values.
import { useCallback, useRef } from "react";
import { isChoice, type KnobValues, type Params, type Spread, type SystemSpec } from "../api/types";
import type { ExplorerState } from "../state/urlState";

export function useActions(spec: SystemSpec, state: ExplorerState, update: (next: ExplorerState) => void) {
  const latest = useRef(state);
  latest.current = state;
  const onKnob = useCallback((name: string, value: string | number) => {
    const st = latest.current;
    update({ ...st, knobs: { ...st.knobs, [name]: value }, scenario: null });
  }, [update]);
  // A memo configuration: its knobs, and a y the memo measured there (so its point shows).
  const onPreset = useCallback((config: KnobValues, metrics: string[]) => {
    const st = latest.current;
    const y = metrics.includes(st.y) ? st.y : metrics[0] ?? st.y;
    update({ ...st, knobs: { ...st.knobs, ...config }, y, scenario: null });
  }, [update]);
  // a bar of "what matters most" puts its knob on the x axis
  const onPickX = useCallback((name: string) => {
    const st = latest.current;
    if (st.x !== name) update({ ...st, x: name });
  }, [update]);
  // The user's own table and its fit: part of the view, so in the link.
  const onOwnText = useCallback((text: string) => {
    update({ ...latest.current, data: text || null, scenario: null });
  }, [update]);
  const onOwnFit = useCallback((names: string[] | null) => {
    update({ ...latest.current, fit: names, scenario: null });
  }, [update]);
  // a fitted knob is set to the nearest value the knob offers (a link must hold it)
  const onOwnFitted = useCallback((fitted: Params | null, fittedKnobs: KnobValues, spread: Spread | null) => {
    const st = latest.current;
    const snapped = Object.fromEntries(Object.entries(fittedKnobs).map(([name, v]) => {
      const k = spec.knobs.find((kk) => kk.name === name);
      if (!k || isChoice(k) || typeof v !== "number") return [name, v];
      const n = Math.round((v - k.min) / k.step);
      return [name, Math.min(k.max, Math.max(k.min, Number((k.min + n * k.step).toPrecision(12))))];
    }));
    update({ ...st, fitted, spread: fitted ? spread : null, knobs: { ...st.knobs, ...snapped }, scenario: null });
  }, [update, spec]);
  return { onKnob, onPreset, onPickX, onOwnText, onOwnFit, onOwnFitted };
}
