// What a chart of one system needs from the models, for the explorer and the lesson step alike:
// the curve along x and its band and capacity, the answer at the current setting, and the same
// for a pinned baseline. Every request builds its knobs and cache key here, so a curve asked for
// by the explorer, a lesson or a prefetch is one request with one key.
import { useMemo } from "react";
import type { EvaluateResult, Evaluation, KnobValues, Params, Spread, SweepResult, SystemSpec } from "../api/types";
import type { Answerer } from "./answerer";
import { callKey } from "../runtime/protocol";
import { bandCall, bandOf, boundsOf, curveCall, curveKnobsOf, curveOf, kneeOf, limitOf, pointAt, sameKnobs, saturationOf } from "../chart/curves";
import { type Latest, useLatest } from "./useLatest";
import { useRested } from "./useRested";

/** How long the knobs stay put before a curve's band is asked for. */
export const BAND_REST_MS = 150;

export interface ViewRequest {
  knobs: KnobValues;
  x: string;
  y: string;
  baseline: KnobValues | null;
  /** who computes ("browser" or "server"): part of the keys, so an answer is redrawn when the
   * in-browser runtime takes over */
  source?: string;
  /** the curve and its band in one answer (a lesson's axis is made from both and must not move
   * when the band arrives); by default the band is asked apart, after the curve */
  whole?: boolean;
  /** a user's own fit of the model's parameters: every curve and answer of the view is the
   * fitted model's (absent: the memo's calibration) */
  params?: Params;
  /** with params: the fitted parameters the user's table leaves open, drawn as a band */
  spread?: Spread;
}

/** A view's key for a curve: who computes it, and the request's one key. */
export function sweepKey(source: string, spec: SystemSpec, knobs: KnobValues, x: string, params?: Params): string {
  return `${source}|${callKey(curveCall(spec, knobs, x, params))}`;
}

export function useModelView(client: Answerer, spec: SystemSpec, r: ViewRequest) {
  const { knobs, x, y, baseline, params, spread } = r;
  const source = r.source ?? spec.id;
  const curveKnobs = useMemo(() => curveKnobsOf(spec, knobs, x), [spec, knobs, x]);
  const whole = r.whole === true;
  const curveAnswer: Latest<SweepResult> = useLatest(
    whole ? `${source}|whole|${callKey(curveCall(spec, curveKnobs, x, params))}` : sweepKey(source, spec, curveKnobs, x, params),
    () => (whole ? client.sweep(spec.id, curveKnobs, x, undefined, undefined, params) : client.curve(spec.id, curveKnobs, x, undefined, params)),
    () => (whole ? undefined : client.peek(curveCall(spec, curveKnobs, x, params))),
  );
  // Its band (several curves' work) is asked apart, in the background, once the knobs rest: a
  // knob move's curve is drawn first, and a run of key presses or a drag does not keep the worker
  // computing bands the next press waits behind. A band already known is drawn at once; until
  // the new one comes, the last one known (so the axis does not jump while a knob moves).
  const bandKey = whole ? null : `${source}|${callKey(bandCall(spec, curveKnobs, x, params, spread))}`;
  const rested = useRested(bandKey, BAND_REST_MS) === bandKey;
  const bandAnswer = useLatest(
    rested ? bandKey : null,
    () => client.band(spec.id, curveKnobs, x, "band", params, spread),
    () => client.peek(bandCall(spec, curveKnobs, x, params, spread)),
  );
  const knownBand = bandKey && !rested ? client.peek(bandCall(spec, curveKnobs, x, params, spread)) : undefined;
  const bandNow = knownBand ?? bandAnswer.value;
  const sweepValue = useMemo(
    () => (curveAnswer.value ? { ...curveAnswer.value, band: whole ? curveAnswer.value.band : (bandNow ?? {}) } : null),
    [curveAnswer.value, bandNow, whole],
  );
  const sweep: Latest<SweepResult> = { value: sweepValue, error: curveAnswer.error ?? bandAnswer.error };
  // The full answer at the current setting: readouts and the path's stages. It and the baseline's
  // are never another answerer's (an edit's readouts are not the original's); the curve and its
  // band are kept across answerers until the new one's come, so the chart does not go blank.
  const detail: Latest<EvaluateResult> = useLatest(
    `${source}|${JSON.stringify(knobs)}|${JSON.stringify(params ?? null)}`,
    () => client.evaluate(spec.id, knobs, "detail", params),
    () => client.peek({ type: "evaluate", system: spec.id, knobs, params }),
    client,
  );
  const sweepPoint = useMemo(() => pointAt(sweep.value, x, knobs[x]), [sweep.value, x, knobs]);
  const current: Evaluation | null =
    detail.value && sameKnobs(detail.value.knobs, knobs) ? detail.value : (sweepPoint ?? detail.value);

  // The pinned baseline: its curve along the same x, and its answer at its own setting.
  const baseCurveKnobs = useMemo(() => (baseline ? curveKnobsOf(spec, baseline, x) : null), [spec, baseline, x]);
  const baseSweep = useLatest(baseCurveKnobs ? sweepKey(source, spec, baseCurveKnobs, x, params) : null, () =>
    client.curve(spec.id, baseCurveKnobs!, x, undefined, params), undefined, client,
  );
  const baseDetail = useLatest(baseline ? `${source}|${JSON.stringify(baseline)}|${JSON.stringify(params ?? null)}` : null, () =>
    client.evaluate(spec.id, baseline!, "baseline", params), undefined, client,
  );

  const curve = useMemo(() => curveOf(sweep.value, x, y), [sweep.value, x, y]);
  const band = useMemo(() => bandOf(sweep.value, x, y), [sweep.value, x, y]);
  const limit = useMemo(() => limitOf(sweep.value, x, y), [sweep.value, x, y]);
  const knee = useMemo(() => kneeOf(sweep.value, x, curve), [sweep.value, x, curve]);
  const saturation = useMemo(() => saturationOf(sweep.value, x, curve), [sweep.value, x, curve]);
  const bounds = useMemo(() => boundsOf(sweep.value, x, y), [sweep.value, x, y]);
  const baseCurve = useMemo(() => (baseline ? curveOf(baseSweep.value, x, y) : []), [baseline, baseSweep.value, x, y]);
  return { curveKnobs, sweep, detail, current, baseSweep, baseDetail, curve, band, limit, knee, saturation, baseCurve, bounds };
}
