// Who draws the explorer's model curve: the page's models (the worker, the server before it), or
// the edit the workbench draws (workbench/editAnswerer.ts). With an edit, its name goes in the
// legend and the page's own curve is drawn dashed beside it, for comparison.
import { useMemo } from "react";
import type { SystemSpec } from "../api/types";
import { curveCall, curveKnobsOf, curveOf } from "../chart/curves";
import type { SeriesPoint } from "../chart/geometry";
import type { ModelClient } from "../runtime/ModelClient";
import type { ExplorerState } from "../state/urlState";
import type { Answerer } from "../view/answerer";
import { useLatest } from "../view/useLatest";
import { sweepKey } from "../view/useModelView";
import type { EditedModel } from "../workbench/editAnswerer";

export interface DrawnBy {
  answerer: Answerer;
  /** names the answerer in the views' keys */
  source: string;
  /** the curve's name in the legend (null: the page's own naming) */
  label: string | null;
  /** the page's own curve, drawn dashed beside another answerer's (null: none) */
  original: SeriesPoint[] | null;
}

/** `source`: who computes the page's own answers ("browser" or "server"); `edited`: the edit drawn, if any. */
export function useDrawnBy(client: ModelClient, spec: SystemSpec, state: ExplorerState, source: string, edited: EditedModel | null): DrawnBy {
  const { knobs, x, y } = state;
  const params = state.fitted ?? undefined;
  const curveKnobs = useMemo(() => curveKnobsOf(spec, knobs, x), [spec, knobs, x]);
  const page = useLatest(edited ? sweepKey(source, spec, curveKnobs, x, params) : null,
    () => client.curve(spec.id, curveKnobs, x, undefined, params), () => client.peek(curveCall(spec, curveKnobs, x, params)));
  const original = useMemo(() => (edited ? curveOf(page.value, x, y) : null), [edited, page.value, x, y]);
  return useMemo(
    () => (edited
      ? { answerer: edited.answerer, source: edited.answerer.source, label: edited.label, original }
      : { answerer: client, source, label: null, original: null }),
    [edited, original, client, source],
  );
}
