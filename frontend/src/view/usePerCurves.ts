// "One curve per" a choice knob: the curves of the knob's other values beside the current one,
// each computed like the main curve (same knobs, same cache key) but in the background, one
// lane per value, so the main curve still paints in the knob's frame.
import { useMemo } from "react";
import { isChoice, type KnobValues, type Params, type SweepResult, type SystemSpec } from "../api/types";
import { type Answer, settled } from "../runtime/answer";
import type { Answerer } from "./answerer";
import { curveKnobsOf, curveOf } from "../chart/curves";
import type { NamedSeries } from "../chart/readout";
import { useLatest } from "./useLatest";
import { sweepKey } from "./useModelView";

export interface PerRequest {
  knobs: KnobValues;
  x: string;
  y: string;
  /** the choice knob, or null for one curve */
  per: string | null;
  source: string;
  /** a user's own fit (absent: the memo's calibration) */
  params?: Params;
}

/** The other values of the `per` knob and their curves (empty without `per`). */
export function usePerCurves(client: Answerer, spec: SystemSpec, r: PerRequest): { series: NamedSeries[]; error: string | null } {
  const knob = r.per ? spec.knobs.find((k) => k.name === r.per) : undefined;
  const values = knob && isChoice(knob) ? knob.choices.filter((v) => v !== r.knobs[knob.name]) : [];
  const curveKnobs = values.map((v) => curveKnobsOf(spec, { ...r.knobs, [r.per!]: v }, r.x));
  const key = values.length ? curveKnobs.map((k) => sweepKey(r.source, spec, k, r.x, r.params)).join("||") : null;
  const all = useLatest<{ labels: string[]; sweeps: SweepResult[] }>(key, () => {
    const answers = curveKnobs.map((k, i) => client.curve(spec.id, k, r.x, `per:${values[i]}`, r.params));
    if (answers.every((a) => "now" in a)) return { now: { labels: values, sweeps: answers.map((a) => (a as { now: SweepResult }).now) } };
    const later = Promise.all(answers.map(settled)).then((sweeps) => ({ labels: values, sweeps }));
    return { later } satisfies Answer<{ labels: string[]; sweeps: SweepResult[] }>;
  });
  const { x, y } = r;
  const got = key ? all.value : null;
  // Each curve keeps the label it was computed for, even while a newer request is on its way.
  const series = useMemo(() => (got ? got.sweeps.map((s, i) => ({ label: got.labels[i], points: curveOf(s, x, y) })) : []), [got, x, y]);
  return { series, error: all.error };
}
