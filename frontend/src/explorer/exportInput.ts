// What an export of the explorer's view carries besides its marks: the system, the axes, every
// knob's setting, the baseline's, a user's fitted values, the memo's citation, the link and the
// state its file name is hashed from.
import type { Dataset, MetricSpec, NumberKnob, Params, SystemSpec } from "../api/types";
import type { Mark } from "../chart/marks/mark";
import { formatSetting, formatValue } from "../format";
import { serialize, type ExplorerState } from "../state/urlState";
import type { ExportInput } from "./ExportBar";

export function exportInput(spec: SystemSpec, dataset: Dataset | null, state: ExplorerState, view: {
  xKnob: NumberKnob; yMetric: MetricSpec; params: Params | undefined; marks: Mark[];
}): ExportInput {
  const { knobs, x, y, baseline } = state;
  const { xKnob, yMetric, params } = view;
  const citation = dataset
    ? `${dataset.source.authors}, "${dataset.source.title}" (${dataset.source.date}); ${dataset.title}`
    : "no memo figures on this chart";
  return {
    context: {
      system: spec.id,
      title: spec.title,
      xLabel: xKnob.label,
      xUnit: xKnob.unit,
      yLabel: yMetric.label,
      yUnit: yMetric.unit,
      settings: spec.knobs.filter((k) => k.name !== x).map((k) => formatSetting(k.label, knobs[k.name], k.unit)),
      citation,
      url: window.location.href,
      ...(baseline ? { baseline: spec.knobs.map((k) => formatSetting(k.label, baseline[k.name], k.unit)) } : {}),
      state: serialize({ ...state, scenario: null }, spec),
      ...(params ? { fitted: Object.entries(params).map(([n, v]) => `${spec.params.find((q) => q.name === n)?.label ?? n} = ${formatValue(v, "")}`) } : {}),
    },
    x,
    y,
    marks: view.marks,
  };
}
