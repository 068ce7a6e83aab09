// Fit the edit: its parameters fitted, in the sandbox, to the memo's figures or to the user's own
// table (./useEditFit.ts), shown as the explorer's own fit shows one: each fitted value (its
// label carries its unit) with its range of equally good values, the error before (with the
// parameters the edit runs with) and after, and the chart drawing the edit with the fitted
// values. A fit to the user's table is presented by the explorer's own OwnFitResult.
import { type ReactNode, useEffect, useState } from "react";
import { api } from "../api/client";
import type { SystemSpec } from "../api/types";
import { OwnFitResult } from "../fits/OwnFitResult";
import { formatValue } from "../format";
import type { EditFitState, FitKind } from "./useEditFit";
import type { ErrorSummary } from "./useEdit";

// how long a fit runs before its progress bar is shown (a short one just appears)
const SHOW_PROGRESS_MS = 100;

const pct = (v: number | null | undefined) => (v == null ? "–" : `${v.toFixed(1)} %`);
const errorText = (e: ErrorSummary) => `${pct(e.median_abs)} at the median (at most ${pct(e.max_abs)})`;

interface Props {
  spec: SystemSpec;
  state: EditFitState;
  /** why a fit cannot start now (the edit does not run), or null */
  blocked: string | null;
  /** the page has a table of the user's own with no problems */
  hasOwn: boolean;
  onFit: (kind: FitKind) => void;
  onStop: () => void;
  onClear: () => void;
  /** a way to show the file an error is in, when it is not the one shown */
  showFile: (path: string | null) => ReactNode;
}

export function EditFit({ spec, state, blocked, hasOwn, onFit, onStop, onClear, showFile }: Props) {
  const calibrated = useCalibrated(spec.id);
  const running = state.phase === "running" || (state.phase === "done" && state.kind === "own" && state.progress !== null);
  const progress = state.phase === "running" ? state.progress : state.phase === "done" && state.kind === "own" ? state.progress : null;
  const visible = useLater(running, SHOW_PROGRESS_MS);
  const label = (n: string) => spec.params.find((q) => q.name === n)?.label ?? spec.knobs.find((k) => k.name === n)?.label ?? n;
  const nothing = spec.params.length === 0;
  return (
    <section className="edit-fit" data-testid="edit-fit" aria-labelledby="edit-fit-title">
      <h3 id="edit-fit-title">Fit your edit</h3>
      <p className="workbench-help">
        {nothing
          ? "This model has no fitted parameters (every one is a physical constant), so there is nothing to fit."
          : "Unless it changes them, your edit runs with the original's calibrated parameters. Fit them to your edit, in the sandbox, to see how well your version can meet what was measured."}
      </p>
      <div className="workbench-actions">
        <button type="button" data-testid="fit-edit-memo" disabled={running || nothing || blocked !== null} onClick={() => onFit("memo")}>
          Fit this edit to the memo's figures
        </button>
        {hasOwn && (
          <button type="button" data-testid="fit-edit-own" disabled={running || blocked !== null} onClick={() => onFit("own")}>
            Fit this edit to your measurements
          </button>
        )}
        {running && <button type="button" data-testid="fit-edit-stop" onClick={onStop}>Stop</button>}
        {state.phase === "done" && !running && (
          <button type="button" data-testid="fit-edit-clear" onClick={onClear}>Back to the parameters your edit runs with</button>
        )}
      </div>
      <p className="sandbox-status" role="status" data-testid="fit-edit-status">
        {blocked && !running ? blocked : statusText(state, running)}
        {running && visible && progress !== null && <progress max={1} value={progress} aria-label="Fitting your edit" />}
      </p>
      {state.phase === "failed" && (
        <p className="edit-problem" role="alert" data-testid="fit-edit-problem">
          {state.problem.line ? `Line ${state.problem.line} of ${state.problem.file}: ${state.problem.message}` : `The fit failed: ${state.problem.message}`}
          {showFile(state.problem.line ? state.problem.file : null)}
        </p>
      )}
      {state.phase === "done" && state.kind === "memo" && (
        <div className="fit-result" data-testid="fit-edit-result">
          <ul className="fit-params">
            {Object.entries(state.memo.params).map(([n, v]) => (
              <li key={n} data-testid="fit-edit-param">
                {`${label(n)} = ${formatValue(v, "")} (equally good from ${formatValue(state.memo.ranges[n][0], "")} to ${formatValue(state.memo.ranges[n][1], "")}`}
                {calibrated?.[n] !== undefined ? `; the original's ${formatValue(calibrated[n], "")})` : ")"}
              </li>
            ))}
          </ul>
          <p data-testid="fit-edit-errors">
            {`Error over the memo's figures: ${errorText(state.memo.before)} with the parameters your edit runs with; `}
            <strong>{`${errorText(state.memo.after)} fitted`}</strong>
            {". The chart draws your edit with the fitted values."}
          </p>
        </div>
      )}
      {state.phase === "done" && state.kind === "own" && (
        <div data-testid="fit-edit-result">
          <p data-testid="fit-edit-errors">
            {`Error on your rows: ${errorText(state.own.before)} with the parameters your edit runs with; `}
            <strong>{`${errorText(state.own.fit.summary.in_sample)} fitted`}</strong>
            {". The chart draws your edit with the fitted values; \"the memo's model\" below is your edit with the memo's parameters."}
          </p>
          <OwnFitResult spec={spec} result={state.own.fit} leftOut={state.leftOut} onUseMemo={onClear} />
        </div>
      )}
    </section>
  );
}

function statusText(state: EditFitState, running: boolean): string {
  const what = (k: FitKind) => (k === "memo" ? "the memo's figures" : "your measurements");
  if (state.phase === "running") return `Fitting your edit to ${what(state.kind)} in the sandbox… `;
  if (running) return "Fitted; now each row left out of the fit in turn… ";
  if (state.phase === "stopped") return "Stopped: nothing was changed.";
  if (state.phase === "done") return `Your edit, fitted to ${what(state.kind)}.`;
  return "";
}

/** `on`, once it has held for `ms` (a short fit shows no progress bar). */
function useLater(on: boolean, ms: number): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!on) return setLater(false);
    const t = setTimeout(() => setLater(true), ms);
    return () => clearTimeout(t);
  }, [on, ms]);
  return later;
}

/** The original's calibrated parameters (its card), to set each fitted value beside. */
function useCalibrated(system: string): Record<string, number> | null {
  const [params, setParams] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    let live = true;
    api.card(system).then((c) => live && setParams(c.params as Record<string, number>), () => undefined);
    return () => {
      live = false;
    };
  }, [system]);
  return params;
}
