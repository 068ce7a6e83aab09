// The bar above the chart: what goes along x and up y, one curve per a choice knob, the pinned
// baseline, the bounds, a reset to the memo's settings, saving (with an edited model drawn), and
// who computes.
import { useCallback, useMemo } from "react";
import { isChoice, type SystemSpec } from "../api/types";
import { SaveDialog } from "../scenarios/SaveDialog";
import { viewOf } from "../state/explorerState";
import { defaults, serialize, type ExplorerState } from "../state/urlState";
import { useNow } from "../view/useNow";

export function AxisPickers({ spec, state, update, hasBounds, source, edit }: {
  spec: SystemSpec; state: ExplorerState; update: (next: ExplorerState) => void; hasBounds: boolean; source: string;
  /** the edited model drawn, packed (null: the memo's model) */
  edit: string | null;
}) {
  const { knobs, x, y, baseline, per } = state;
  const now = useNow(state);
  const view = useCallback(() => viewOf(now()), [now]);
  const home = useMemo(() => serialize(defaults(spec), spec), [spec]);
  const atDefaults = useMemo(() => serialize({ ...state, scenario: null }, spec) === home, [state, spec, home]);
  return (
    <div className="axis-pickers">
      <label>
        x axis{" "}
        <select value={x} onChange={(e) => update({ ...state, x: e.target.value })}>
          {spec.knobs.filter((k) => !isChoice(k)).map((k) => <option key={k.name} value={k.name}>{k.label}</option>)}
        </select>
      </label>
      <label>
        y axis{" "}
        <select value={y} onChange={(e) => update({ ...state, y: e.target.value })}>
          {spec.metrics.map((m) => <option key={m.name} value={m.name}>{m.label}</option>)}
        </select>
      </label>
      {spec.knobs.some(isChoice) && (
        <label>
          one curve per{" "}
          <select value={per ?? ""} data-testid="per-select" onChange={(e) => update({ ...state, per: e.target.value || null })}>
            <option value="">(one curve)</option>
            {spec.knobs.filter(isChoice).map((k) => <option key={k.name} value={k.name}>{k.label}</option>)}
          </select>
        </label>
      )}
      {baseline ? (
        <button type="button" onClick={() => update({ ...state, baseline: null })}>Clear baseline</button>
      ) : (
        <button type="button" onClick={() => update({ ...state, baseline: { ...knobs } })}>Pin as baseline</button>
      )}
      {hasBounds && (
        <label className="bounds-toggle">
          <input type="checkbox" data-testid="bounds-toggle" checked={state.bounds} onChange={(e) => update({ ...state, bounds: e.target.checked })} />
          {" bounds"}
        </label>
      )}
      <button type="button" data-testid="reset-knobs" disabled={atDefaults}
        onClick={() => update(defaults(spec))}>Reset to the memo's settings</button>
      <SaveDialog system={spec.id} view={view} edit={edit} />
      <span className="source" data-testid="source">{`computed by the ${source}`}</span>
    </div>
  );
}
