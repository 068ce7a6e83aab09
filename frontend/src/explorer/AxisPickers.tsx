// The bar above the chart: what goes along x and up y, one curve per a choice knob, the pinned
// baseline, the bounds, a reset to the memo's settings, saving (with an edited model drawn), and
// who computes.
import { memo, useCallback } from "react";
import { isChoice, type SystemSpec } from "../api/types";
import { SaveDialog } from "../scenarios/SaveDialog";
import { viewOf } from "../state/explorerState";
import { defaults, type ExplorerState } from "../state/urlState";

/** Given what it draws and the state as a getter (`now`, read when a control is used), the bar
 * renders again only when one of its own values changes, not at each knob move: its selects and
 * checkbox, rewritten by React at each render, were part of every key press's work. */
export const AxisPickers = memo(function AxisPickers({ spec, now, update, x, y, per, pinned, bounds, atDefaults, hasBounds, source, edit }: {
  spec: SystemSpec;
  /** the explorer's state when a control is used */
  now: () => ExplorerState;
  update: (next: ExplorerState) => void;
  x: string;
  y: string;
  per: string | null;
  /** a baseline is pinned */
  pinned: boolean;
  /** the bounds are drawn */
  bounds: boolean;
  /** the knobs and axes are the memo's (nothing to reset) */
  atDefaults: boolean;
  hasBounds: boolean;
  source: string;
  /** the edited model drawn, packed (null: the memo's model) */
  edit: string | null;
}) {
  const view = useCallback(() => viewOf(now()), [now]);
  return (
    <div className="axis-pickers">
      <label>
        x axis{" "}
        <select value={x} onChange={(e) => update({ ...now(), x: e.target.value })}>
          {spec.knobs.filter((k) => !isChoice(k)).map((k) => <option key={k.name} value={k.name}>{k.label}</option>)}
        </select>
      </label>
      <label>
        y axis{" "}
        <select value={y} onChange={(e) => update({ ...now(), y: e.target.value })}>
          {spec.metrics.map((m) => <option key={m.name} value={m.name}>{m.label}</option>)}
        </select>
      </label>
      {spec.knobs.some(isChoice) && (
        <label>
          one curve per{" "}
          <select value={per ?? ""} data-testid="per-select" onChange={(e) => update({ ...now(), per: e.target.value || null })}>
            <option value="">(one curve)</option>
            {spec.knobs.filter(isChoice).map((k) => <option key={k.name} value={k.name}>{k.label}</option>)}
          </select>
        </label>
      )}
      {pinned ? (
        <button type="button" onClick={() => update({ ...now(), baseline: null })}>Clear baseline</button>
      ) : (
        <button type="button" onClick={() => update({ ...now(), baseline: { ...now().knobs } })}>Pin as baseline</button>
      )}
      {hasBounds && (
        <label className="bounds-toggle">
          <input type="checkbox" data-testid="bounds-toggle" checked={bounds} onChange={(e) => update({ ...now(), bounds: e.target.checked })} />
          {" bounds"}
        </label>
      )}
      <button type="button" data-testid="reset-knobs" disabled={atDefaults}
        onClick={() => update(defaults(spec))}>Reset to the memo's settings</button>
      <SaveDialog system={spec.id} view={view} edit={edit} />
      <span className="source" data-testid="source">{`computed by the ${source}`}</span>
    </div>
  );
});
