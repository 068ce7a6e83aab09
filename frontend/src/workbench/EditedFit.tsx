// How the edit fares against the memo, beside the original as it ships: the median and worst
// error over the memo's figures when fitted to all of them, and with each configuration left out
// of the fit in turn (the calibration's own judgement, perfmodels/fitting/memofit.py, run in the sandbox
// on the edit); and the laws checked at random settings, each broken one with its setting.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { KnobSpec } from "../api/types";
import { formatSetting } from "../format";
import { LAW_SETTINGS, type ErrorSummary, type LawReport, type MemoJudgement } from "./useEdit";

const pct = (v: number | null | undefined) => (v == null ? "–" : `${v.toFixed(1)} %`);

function Row({ name, inSample, leftOut, note }: { name: string; inSample: ErrorSummary | null; leftOut: ErrorSummary | null; note?: string }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td className="num">{pct(inSample?.median_abs)}</td>
      <td className="num">{pct(inSample?.max_abs)}</td>
      <td className="num">{pct(leftOut?.median_abs)}</td>
      <td className="num">{pct(leftOut?.max_abs)}{note ? <span className="fit-note">{` ${note}`}</span> : null}</td>
    </tr>
  );
}

export function EditedFit({ system, edited, memo, laws, knobs, state = "ran" }: {
  system: string;
  edited: boolean;
  memo: MemoJudgement | null;
  laws: LawReport | null;
  knobs: KnobSpec[];
  /** the edit on screen: still running, failed (nothing of it can be judged), or run */
  state?: "running" | "failed" | "ran";
}) {
  const [shipped, setShipped] = useState<{ inSample: ErrorSummary; leftOut: ErrorSummary | null } | null>(null);
  useEffect(() => {
    api.card(system).then((c) => c.summary && setShipped({ inSample: c.summary.in_sample, leftOut: c.summary.leave_one_configuration_out }), () => undefined);
  }, [system]);
  const running = edited && memo !== null && memo.done < memo.total && !memo.error;
  const note = !edited ? undefined : state === "failed" ? "(not judged: the edit does not run)" : state === "running" ? "(running your edit…)" : !memo ? "(fitting…)" : running ? `(${memo.done} of ${memo.total} left out…)` : undefined;
  const label = (k: string) => knobs.find((s) => s.name === k);
  return (
    <div className="edited-fit" data-testid="edited-fit" aria-live="polite">
      <table>
        <caption>Error against the memo's figures, fitted as the calibration fits</caption>
        <thead>
          <tr><td />
            <th scope="col">median, fitted to all</th><th scope="col">worst, fitted to all</th>
            <th scope="col">median, configuration left out</th><th scope="col">worst, configuration left out</th>
          </tr>
        </thead>
        <tbody>
          <Row name="the original" inSample={shipped?.inSample ?? null} leftOut={shipped?.leftOut ?? null} />
          {edited && <Row name="your edit" inSample={memo?.inSample ?? null} leftOut={memo?.leftOut ?? null} note={note} />}
        </tbody>
      </table>
      {edited && memo?.error && <p className="edit-problem">{`The memo fit stopped: ${memo.error}`}</p>}
      {edited && (
        <div className="edited-laws" data-testid="edited-laws">
          {state === "failed" ? <p data-testid="laws-none">The laws are not checked: the edit on screen does not run (its error is above).</p>
            : state === "running" ? <p data-testid="laws-none">Running your edit: the laws are checked once it has drawn its curve.</p>
            : !laws ? <p>{`Checking the laws at ${LAW_SETTINGS} random settings…`}</p>
            : laws.violations.length === 0 ? <p>{`No law broken at ${laws.checked} random settings (utilization within 0 to 1, no rate above capacity, values within their bounds).`}</p>
            : (
              <>
                <p>{`Laws broken at ${laws.checked} random settings (the first ${laws.violations.length}):`}</p>
                <ul>
                  {laws.violations.map((v, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a list redrawn whole
                    <li key={i}>{`${v.law}, at ${Object.entries(v.knobs).map(([k, val]) => formatSetting(label(k)?.label ?? k, val, label(k)?.unit ?? "")).join(", ")}`}</li>
                  ))}
                </ul>
              </>
            )}
        </div>
      )}
    </div>
  );
}
