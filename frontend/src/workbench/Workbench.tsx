// The model workbench: the system's model source in an editor beside the chart; an edit runs
// only in the sandbox (./sandbox.ts), redraws the chart with the original dashed beside it
// (the explorer draws what `onEdited` gives it), and is judged against the memo and the laws.
// The edit lives in the address's fragment (./fragment.ts, ./share.ts); a link's edit is shown
// (./EditedBanner.tsx) and runs only when the visitor says so. The edit may be fitted to the memo
// or to the page's own table (./EditFit.tsx). Loaded only when opened.
import { useEffect, useMemo, useState } from "react";
import type { KnobValues, SweepResult, SystemSpec } from "../api/types";
import "../styles/workbench.css";
import { CodeEditor } from "./CodeEditor";
import { applyHunks, diffLines, type Hunk, linesOf } from "./diff";
import { EditedBanner } from "./EditedBanner";
import { EditedFit } from "./EditedFit";
import { EditFit } from "./EditFit";
import type { Fragment } from "./fragment";
import { modelSource, modulePath } from "./modelSource";
import { ModelDiff } from "./ModelDiff";
import { decodeEdit, encodeEdit, MAX_LINK_FRAGMENT } from "./share";
import { type FittedEdit, useEdit } from "./useEdit";
import { type OwnTableInput, useEditFit } from "./useEditFit";

// how long after typing stops the link is written
const LINK_MS = 400;

interface Props {
  spec: SystemSpec;
  curveKnobs: KnobValues;
  x: string;
  fragment: Fragment;
  setFragment: (f: Fragment) => void;
  /** the page's own table, when it has one with no problems (what "Your measurements" fits) */
  own: OwnTableInput | null;
  /** the edit's curve and its name in the legend (null: the original's) */
  onEdited: (sweep: SweepResult | null, label?: string) => void;
  onClose: () => void;
}

/** The original source, and the edit the link carries applied to it (or why it cannot be). */
function useStart(spec: SystemSpec, payload: string | null) {
  const [start, setStart] = useState<{ original: string; text: string; linked: Hunk[] | null; error: string | null } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the workbench opens
  useEffect(() => {
    let live = true;
    (async () => {
      const original = await modelSource(spec.id);
      if (!payload) return { original, text: original, linked: null, error: null };
      try {
        const edit = await decodeEdit(payload);
        if (edit.module !== modulePath(spec.id)) throw new Error(`the edit in this link is of ${edit.module}, not of this model`);
        const text = applyHunks(original, edit.hunks);
        if (text === null) throw new Error("the edit in this link was made on another version of this model and does not apply to it");
        return { original, text, linked: edit.hunks, error: null };
      } catch (e) {
        return { original, text: original, linked: null, error: e instanceof Error ? e.message : String(e) };
      }
    })().then(
      (s) => live && setStart(s),
      (e: Error) => live && setStart({ original: "", text: "", linked: null, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [spec.id]);
  return start;
}

export default function Workbench(props: Props) {
  const start = useStart(props.spec, props.fragment.edit);
  if (!start) return <section className="workbench" aria-busy="true"><p className="loading">Opening the model's source…</p></section>;
  if (!start.original) return <section className="workbench"><p role="alert">{`The model's source could not be read: ${start.error}`}</p></section>;
  return <WorkbenchOpen {...props} original={start.original} first={start.text} linked={start.linked} linkError={start.error} />;
}

function WorkbenchOpen({ spec, curveKnobs, x, fragment, setFragment, own, onEdited, onClose, original, first, linked, linkError }: Props & {
  original: string;
  first: string;
  linked: Hunk[] | null;
  linkError: string | null;
}) {
  const [text, setText] = useState(first);
  // a link's edit runs once the visitor has read what it changes and asked for it
  const [consented, setConsented] = useState(linked === null);
  const hunks = useMemo(() => diffLines(linesOf(original), linesOf(text)), [original, text]);
  const edited = hunks.length > 0;
  // the fit's values the edit is drawn with (the fit needs the edit's sandbox: held here)
  const [fitted, setFitted] = useState<FittedEdit | null>(null);
  const edit = useEdit(spec, edited ? text : null, curveKnobs, x, consented, fitted);
  const fit = useEditFit({
    sandbox: edit.sandbox, spec, text: edited ? text : null, drawn: edit.drawn, run: consented, own,
    initial: fragment.fit && linked ? { kind: fragment.fit, text: first } : null,
  });
  useEffect(() => setFitted(fit.fitted), [fit.fitted]);
  const fittedTo = fit.fitted && fit.state.phase === "done" ? fit.state.kind : null;
  const [tooLong, setTooLong] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: named as the fit it is drawn with (fittedTo), once drawn
  useEffect(() => onEdited(edit.sweep, fittedTo ? `your edit, fitted to ${fittedTo === "memo" ? "the memo" : "your table"}` : undefined), [edit.sweep, onEdited]);
  useEffect(() => () => onEdited(null), [onEdited]);

  // the link follows the text a moment after typing stops
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fragment is written, not read
  useEffect(() => {
    if (!consented) return;
    const timer = setTimeout(async () => {
      if (!edited) {
        setTooLong(false);
        setFragment({ open: true, edit: null });
        return;
      }
      const payload = await encodeEdit({ module: modulePath(spec.id), hunks });
      setTooLong(payload.length > MAX_LINK_FRAGMENT);
      if (payload.length <= MAX_LINK_FRAGMENT) setFragment({ open: true, edit: payload, fit: fit.kind });
    }, LINK_MS);
    return () => clearTimeout(timer);
  }, [hunks, consented, fit.kind]);

  // an error of the edit met during a fit is marked in the editor as any other
  const fitProblem = fit.state.phase === "failed" ? fit.state.problem : null;
  const problem = edit.problem;
  const marked = problem ?? fitProblem;
  return (
    <section className="workbench" aria-labelledby="workbench-title" data-testid="workbench">
      <div className="workbench-head">
        <h2 id="workbench-title">{`Edit the model: ${modulePath(spec.id)}`}</h2>
        <button type="button" onClick={onClose}>Close the editor</button>
      </div>
      {linkError && <p className="notice" role="alert" data-testid="edit-link-error">{`${linkError}; the original is shown.`}</p>}
      {linked && <EditedBanner original={original} hunks={linked} running={consented} onRun={() => setConsented(true)} onDiscard={() => {
        setText(original);
        setConsented(true);
      }} />}
      {linked && !consented && fragment.fit && (
        <p className="workbench-help" data-testid="edited-banner-fit">
          {`Once run, the edit is fitted to ${fragment.fit === "memo" ? "the memo's figures" : "your measurements"}, as the link asks, in the same sandbox.`}
        </p>
      )}
      <p className="workbench-help">
        {"The model's solve and the helpers it calls, as your browser runs them. An edit runs in a sandbox with no network and no access to this page; the chart redraws with the original dashed. Tab leaves the editor."}
      </p>
      <CodeEditor doc={text} onChange={setText} label={`Source of ${modulePath(spec.id)}`} problem={marked?.line ? { line: marked.line, message: marked.message } : null} />
      <p className="sandbox-status" data-testid="sandbox-status" aria-live="polite">{statusText(edit.status.phase, edit.status.ms, consented, edited)}</p>
      {problem && (
        <p className="edit-problem" role="alert" data-testid="edit-problem">
          {problem.line ? `Line ${problem.line}: ${problem.message}` : problem.message}
          {edit.sweep ? " (the chart keeps the last curve that worked)" : ""}
        </p>
      )}
      {tooLong && <p className="notice" data-testid="edit-too-long">This edit is too long to travel in a link; the address keeps the last one that fitted.</p>}
      <div className="workbench-actions">
        <button type="button" data-testid="reset-model" disabled={!edited} onClick={() => setText(original)}>Reset to the original</button>
      </div>
      <EditedFit system={spec.id} edited={edited && consented} memo={edit.memo} laws={edit.laws} knobs={spec.knobs} />
      {edited && consented && (
        <EditFit spec={spec} state={fit.state} hasOwn={own !== null} onFit={fit.ask} onStop={fit.stop} onClear={fit.clear}
          blocked={edit.drawn === text ? null : "Your edit can be fitted once it runs."} />
      )}
      <ModelDiff original={original} hunks={hunks} />
    </section>
  );
}

function statusText(phase: string, ms: number | undefined, consented: boolean, edited: boolean): string {
  if (!consented) return "The edit in this link has not run.";
  if (!edited) return "The original model: edit it to run your version in the sandbox.";
  if (phase === "starting") return "Starting the sandbox for your edit…";
  if (phase === "failed") return "The sandbox could not start.";
  return `Your edit runs in the sandbox${ms !== undefined ? ` (started in ${(ms / 1000).toFixed(1)} s)` : ""}.`;
}
