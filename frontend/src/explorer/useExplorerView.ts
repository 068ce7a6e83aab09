// The explorer's model view: what the models answer for the state on screen (the curve, its band
// and capacity, the answer at the setting, a pinned baseline, "one curve per", the memo's
// calibration beside a fit), the memo's points and the user's own, gathered into the chart's
// marks and their description.
import { useMemo } from "react";
import type { Dataset, NumberKnob, OutsideMeasurements, SystemSpec } from "../api/types";
import { axesOf } from "../chart/Chart";
import { bandNamesOf, curveKnobsOf, curveOf } from "../chart/curves";
import { describeMarks } from "../chart/describe";
import { memoPoints } from "../chart/memoPoints";
import { outsideElsewhere, outsidePoints } from "../chart/outsidePoints";
import { knobDisplay } from "../format";
import type { ModelClient } from "../runtime/ModelClient";
import type { ExplorerState } from "../state/urlState";
import { useLatest } from "../view/useLatest";
import type { SimulatedView } from "../chart/marks/simulated";
import { sweepKey, useModelView } from "../view/useModelView";
import { usePerCurves } from "../view/usePerCurves";
import type { DrawnBy } from "./useDrawnBy";
import { explorerMarks } from "./explorerMarks";
import { ownPoints, rowsElsewhere } from "./ownData";
import { useOwnTable } from "./useOwnTable";

/** `drawnBy`: who answers for the model drawn (./useDrawnBy.ts: the page's models or an edit's);
 * everything the curve carries (capacity, knee, bounds, the model at the memo's settings), the
 * readouts and the path at the setting are its. `client`: the page's models, which read a user's
 * own table and draw the memo's calibration beside a user's fit. */
export function useExplorerView(client: ModelClient, drawnBy: DrawnBy, spec: SystemSpec, dataset: Dataset | null, state: ExplorerState,
  simulated: SimulatedView | null = null, outside: OutsideMeasurements | null = null) {
  const { answerer, source } = drawnBy;
  const { knobs, x, y, baseline, per } = state;
  const params = state.fitted ?? undefined;
  const spread = params ? state.spread ?? undefined : undefined;
  const xKnob = spec.knobs.find((k) => k.name === x) as NumberKnob;
  const yMetric = spec.metrics.find((m) => m.name === y)!;
  const xShow = useMemo(() => knobDisplay(xKnob), [xKnob]);
  const axes = useMemo(() => axesOf(xKnob, xShow, yMetric), [xKnob, xShow, yMetric]);
  const view = useModelView(answerer, spec, { knobs, x, y, baseline, source, params, spread });
  const { sweep, detail, baseDetail, baseCurve, curve, band, limit, knee, saturation, bounds, current } = view;
  // With a fit of the user's own: the memo's calibration beside it, for comparison.
  const memoCurveKnobs = useMemo(() => curveKnobsOf(spec, knobs, x), [spec, knobs, x]);
  const memoSweep = useLatest(params ? `memo|${sweepKey(source, spec, memoCurveKnobs, x)}` : null, () => client.curve(spec.id, memoCurveKnobs, x, "memo"));
  const memoCurve = useMemo(() => (params ? curveOf(memoSweep.value, x, y) : []), [params, memoSweep.value, x, y]);
  const own = useOwnTable(client, spec.id, state.data, knobs);
  const ownShown = useMemo(() => ownPoints(own.table, x, y, knobs), [own.table, x, y, knobs]);
  // What the band spans: the knobs the memo leaves open and the fitted parameters it does not pin.
  const bandNames = useMemo(() => bandNamesOf(sweep.value, spec, params !== undefined), [sweep.value, spec, params]);
  // Memo points follow the curve on screen (the knobs it was computed for), so both change together.
  const shownKnobs = sweep.value?.knobs;
  const memoModels = sweep.value?.memo_models;
  const memo = useMemo(() => (shownKnobs ? memoPoints(dataset, spec, shownKnobs, x, y, memoModels) : []), [dataset, spec, shownKnobs, x, y, memoModels]);
  const outsideShown = useMemo(() => (shownKnobs ? outsidePoints(outside, spec, shownKnobs, x, y) : []), [outside, spec, shownKnobs, x, y]);
  const perCurves = usePerCurves(answerer, spec, { knobs, x, y, per, source, params });
  const perKnob = per ? spec.knobs.find((k) => k.name === per) : undefined;
  const perLabel = perKnob ? String(knobs[perKnob.name]) : null;
  // its name: whose model it is (an edit's, a fit's), and with one curve per a choice, which one
  const whose = drawnBy.label ?? (params ? "your fit" : null);
  const curveLabel = perLabel && whose ? `${perLabel}, ${whose}` : (whose ?? perLabel);
  const baseY = baseDetail.value?.metrics[y];
  const baselinePoint = useMemo(() => (baseline && baseY != null ? { x: Number(baseline[x]), y: baseY } : null), [baseline, baseY, x]);
  const atY = current?.metrics[y];
  const currentY = atY ?? Number.NaN;
  const shownBounds = state.bounds && bounds.lines.length ? bounds : null;
  const marks = useMemo(
    () => explorerMarks(axes, {
      curve, curveLabel, fitted: params !== undefined, band, bandNames, limit, knee, saturation, bounds: shownBounds,
      per: perKnob ? { knob: perKnob.label, series: perCurves.series } : null, calibration: memoCurve,
      baseline: baseline ? { knobs: baseline, points: baseCurve, at: baselinePoint } : null,
      original: drawnBy.original,
      knobs: spec.knobs, values: knobs, currentX: Number(knobs[x]), currentY, memo,
      own: { points: ownShown, elsewhere: own.table ? rowsElsewhere(own.table, ownShown) : null },
      outside: { points: outsideShown, elsewhere: outside?.rows.length ? outsideElsewhere(outside, outsideShown) : null },
      simulated,
    }),
    [axes, curve, curveLabel, params, band, bandNames, limit, knee, saturation, shownBounds, perKnob, perCurves.series, memoCurve, baseline, baseCurve,
      baselinePoint, spec, knobs, x, currentY, memo, outsideShown, outside, ownShown, own.table, drawnBy.original, simulated],
  );
  // The chart in words, from the same marks the chart draws.
  const description = useMemo(() => describeMarks(marks, axes), [marks, axes]);
  const setting = useMemo(
    () => (atY == null ? null : { setting: `${xKnob.label.toLowerCase()} ${xShow.text(Number(knobs[x]))}`, value: atY, bottleneck: current?.bottleneck ?? null }),
    [atY, current?.bottleneck, xKnob, xShow, knobs, x],
  );
  const modelError = sweep.error ?? detail.error ?? perCurves.error;
  return { axes, xKnob, yMetric, params, marks, description, setting, modelError, own, ownShown, bounds, curve, current, detail, baseDetail, path: detail.value };
}
