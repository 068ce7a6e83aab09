// The model workbench: the system's model source (its module and the helpers its solve runs, a
// file at a time: ./FileTabs.tsx) in an editor beside the chart; an edit runs
// only in the sandbox (./sandbox.ts), redraws the chart with the original dashed beside it
// (the explorer draws what `onEdited` gives it), and is judged against the memo and the laws.
// The edit lives in the address's fragment (../state/fragment.ts, ./share.ts), or, too long for a link,
// in a saved scenario the fragment names (./ShareEdit.tsx offers to save it); a link's edit is
// shown (./EditedBanner.tsx) and runs only when the visitor says so. The edit may be fitted to
// the memo or to the page's own table (./EditFit.tsx). Loaded only when opened.
import { useEffect, useMemo, useRef, useState } from "react";
import { api, ApiError } from "../api/client";
import type { KnobValues, SystemSpec } from "../api/types";
import { SaveDialog } from "../scenarios/SaveDialog";
import type { ExplorerView } from "../state/explorerState";
import "../styles/workbench.css";
import { CodeEditor } from "./CodeEditor";
import { EditedBanner } from "./EditedBanner";
import { EditedFit } from "./EditedFit";
import type { EditState } from "./EditStatus";
import { EditFit } from "./EditFit";
import { FILE_PANEL, FileTabs, tabId } from "./FileTabs";
import { type Fragment, ORIGINAL } from "../state/fragment";
import { type Carried, changesOf, editedFiles, editKey, type Start, startEdit } from "./modelEdit";
import { type Files, modelFiles, modulePath } from "./modelSource";
import { ModelDiff } from "./ModelDiff";
import { type EditFrom, encodeEdits, MAX_LINK_FRAGMENT, whereSaid } from "./share";
import { ShareEdit } from "./ShareEdit";
import { type FittedEdit, useEdit } from "./useEdit";
import { EditAnswerer, type EditedModel } from "./editAnswerer";
import { type OwnTableInput, useEditFit } from "./useEditFit";
import { useNow } from "../view/useNow";

// how long after typing stops the link is written
const LINK_MS = 400;

interface Props {
  spec: SystemSpec;
  curveKnobs: KnobValues;
  x: string;
  /** the explorer's view, saved with the edit as a scenario */
  view: ExplorerView;
  fragment: Fragment;
  setFragment: (f: Fragment) => void;
  /** the page's own table, when it has one with no problems (what "Your measurements" fits) */
  own: OwnTableInput | null;
  /** the edit drawn, as the explorer asks it, and its name in the legend (null: the original) */
  onEdited: (edited: EditedModel | null) => void;
  /** the edit packed as a link carries it (null: none), for the explorer's "Save & share" */
  onPacked: (packed: string | null) => void;
  /** whether the edit on screen runs, is running or fails (the explorer says so above its chart) */
  onEditState: (state: EditState | null) => void;
  /** opened by the reader's own click ("Edit this model"): the page moves to the editor, which
   * on a wide screen sits below the chart and on a phone far below it (a link's edit does not) */
  focusOnOpen?: boolean;
  onClose: () => void;
}

/** The packed edit the address carries: in its fragment, or in the saved scenario it names. */
async function carriedBy(f: Fragment): Promise<Carried | null> {
  if (f.edit) return { packed: f.edit, from: "link" };
  if (!f.saved) return null;
  let kept: string | null | undefined;
  try {
    kept = (await api.scenario(f.saved)).edit;
  } catch (e) {
    throw new Error(e instanceof ApiError && e.status === 404 ? "the saved scenario this link names is gone" : "the saved scenario this link names could not be read");
  }
  if (!kept) throw new Error("the saved scenario this link names holds no edited model");
  return { packed: kept, from: "scenario" };
}

/** The model's files, and the edit the address carries applied to them (or why it cannot be). */
function useStart(spec: SystemSpec, fragment: Fragment) {
  const [start, setStart] = useState<Start | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the workbench opens
  useEffect(() => {
    let live = true;
    startEdit(spec.id, () => carriedBy(fragment)).then(
      (s) => live && setStart(s),
      (e: Error) => live && setStart({ originals: {}, texts: {}, linked: null, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [spec.id]);
  return start;
}

export default function Workbench(props: Props) {
  const start = useStart(props.spec, props.fragment);
  if (!start) return <section className="workbench" aria-busy="true"><p className="loading">Opening the model's source…</p></section>;
  if (!Object.keys(start.originals).length) return <section className="workbench"><p role="alert">{`The model's source could not be read: ${start.error}`}</p></section>;
  return <WorkbenchOpen {...props} originals={start.originals} first={start.texts} linked={start.linked} linkError={start.error} />;
}

function WorkbenchOpen({ spec, curveKnobs, x, view, fragment, setFragment, own, onEdited, onPacked, onEditState, focusOnOpen, onClose, originals, first, linked, linkError }: Props & {
  originals: Files;
  first: Files;
  linked: Start["linked"];
  linkError: string | null;
}) {
  const files = modelFiles(spec.id);
  const [texts, setTexts] = useState(first);
  // the file shown: the first a link's edit changes, else the system's module
  const [active, setActive] = useState(linked?.edits[0]?.module ?? files[0]);
  // a link's edit runs once the visitor has read what it changes and asked for it
  const [consented, setConsented] = useState(linked === null);
  const changes = useMemo(() => changesOf(originals, texts), [originals, texts]);
  const edited = changes.length > 0;
  const editedTexts = useMemo(() => editedFiles(texts, changes), [changes, texts]);
  const key = editKey(editedTexts);
  // the edit the address came with (its editKey), null without one
  const [firstKey] = useState(() => (linked ? editKey(editedFiles(first, changesOf(originals, first))) : null));
  // the fit's values the edit is drawn with (the fit needs the edit's sandbox: held here)
  const [fitted, setFitted] = useState<FittedEdit | null>(null);
  // the explorer's view, read when the edit is saved with it
  const viewNow = useNow(view);
  const edit = useEdit(spec, editedTexts, curveKnobs, x, consented, fitted);
  const fit = useEditFit({
    sandbox: edit.sandbox, spec, text: key || null, drawn: edit.drawn, run: consented, own,
    initial: fragment.fit && firstKey ? { kind: fragment.fit, text: firstKey } : null,
  });
  useEffect(() => setFitted(fit.fitted), [fit.fitted]);
  const fittedTo = fit.fitted && fit.state.phase === "done" ? fit.state.kind : null;
  // the edit drawn, as the explorer asks it: once the edit in the editor is the one drawn, for the
  // axis and the fit on screen, and afresh each time the edit is installed and drawn again (what
  // it refused while another edit was installing is then asked again)
  const { sandbox, holds, setProblem, sweep: seed } = edit;
  const drawnKey = consented && seed && edit.drawn === key ? key : null;
  const answerer = useMemo(
    () => (drawnKey === null ? null : new EditAnswerer({ sandbox, spec, edit: drawnKey, installed: holds, along: x, fitted, seed, onCurve: setProblem })),
    [drawnKey, x, fitted, seed, sandbox, spec, holds, setProblem],
  );
  const fitKind = fit.kind ?? null;
  const [packed, setPacked] = useState<string | null>(null);
  // the edit the address stands for: an unchanged edit keeps the address it came with (a saved
  // scenario's short one); an address without a usable edit is written afresh
  const [shown, setShown] = useState<string | null>(firstKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: named as the fit it is drawn with (fittedTo), once drawn
  useEffect(() => {
    if (answerer) onEdited({ answerer, label: fittedTo ? `your edit, fitted to ${fittedTo === "memo" ? "the memo" : "your table"}` : "your edit" });
    else if (!edit.sweep) onEdited(null);
  }, [answerer, edit.sweep === null, onEdited]);
  useEffect(() => () => onEdited(null), [onEdited]);
  useEffect(() => onEditState({ edited, running: edit.running, problem: edit.problem }), [edited, edit.running, edit.problem, onEditState]);
  useEffect(() => () => onEditState(null), [onEditState]);
  const title = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the editor opens
  useEffect(() => {
    if (focusOnOpen) title.current?.focus();
  }, []);
  useEffect(() => () => onPacked(null), [onPacked]);

  // the link follows the text and its fit a moment after typing stops (an edit over a link's
  // limit leaves the last one that fitted; the same edit keeps naming what holds it)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fragment is written, not read
  useEffect(() => {
    const timer = setTimeout(async () => {
      const p = edited ? await encodeEdits(changes) : null;
      setPacked(p);
      onPacked(p);
      if (!consented) return;
      if (key === shown) {
        if ((fragment.fit ?? null) !== fitKind) setFragment({ ...fragment, fit: fitKind });
        return;
      }
      if (p !== null && p.length > MAX_LINK_FRAGMENT) return;
      setShown(key);
      setFragment({ ...ORIGINAL, edit: p, fit: fitKind });
    }, LINK_MS);
    return () => clearTimeout(timer);
  }, [key, consented, shown, fitKind]);

  // an error of the edit met during a fit is marked in the editor as any other
  const fitProblem = fit.state.phase === "failed" ? fit.state.problem : null;
  const problem = edit.problem;
  const marked = problem ?? fitProblem;
  const markedFile = marked?.line ? marked.file : null;
  const showFile = (path: string | null) =>
    path && path !== active && <button type="button" className="show-file" onClick={() => setActive(path)}>{`Show ${path}`}</button>;
  return (
    <section className="workbench" aria-labelledby="workbench-title" data-testid="workbench">
      <div className="workbench-head">
        <h2 id="workbench-title" tabIndex={-1} ref={title}>{`Edit the model: ${modulePath(spec.id)}${files.length > 1 ? " and its helpers" : ""}`}</h2>
        <button type="button" onClick={onClose}>Close the editor</button>
      </div>
      {linkError && <p className="notice" role="alert" data-testid="edit-link-error">{`${linkError}; the original is shown.`}</p>}
      {linked && <EditedBanner originals={originals} edits={linked.edits} from={linked.from} running={consented} onRun={() => setConsented(true)} onDiscard={() => {
        setTexts(originals);
        setConsented(true);
      }} />}
      {linked && !consented && fragment.fit && (
        <p className="workbench-help" data-testid="edited-banner-fit">
          {`Once run, the edit is fitted to ${fragment.fit === "memo" ? "the memo's figures" : "your measurements"}, as the link asks, in the same sandbox.`}
        </p>
      )}
      <p className="workbench-help">
        {`The model's solve${files.length > 1 ? " and the helpers it calls (pick a file above the editor; an edited helper runs for this model only)" : ""}, as your browser runs them. An edit runs in a sandbox with no network and no access to this page; the chart redraws with the original dashed. Tab leaves the editor.`}
      </p>
      {files.length > 1 && <FileTabs files={files} active={active} edited={new Set(changes.map((c) => c.module))} problem={markedFile} onPick={setActive} />}
      <div id={FILE_PANEL} {...(files.length > 1 ? { role: "tabpanel", "aria-labelledby": tabId(active) } : {})}>
        <CodeEditor path={active} doc={texts[active]} onChange={(t) => setTexts((was) => ({ ...was, [active]: t }))} label={`Source of ${active}`}
          problem={marked?.line && markedFile === active ? { line: marked.line, message: marked.message } : null} />
      </div>
      <p className="sandbox-status" data-testid="sandbox-status" aria-live="polite">{edit.running && consented ? "Running your edit…" : statusText(edit.status.phase, edit.status.ms, consented ? null : linked?.from ?? "link", edited)}</p>
      {problem && (
        <p className="edit-problem" role="alert" data-testid="edit-problem">
          {problem.line ? `Line ${problem.line} of ${problem.file}: ${problem.message}` : problem.message}
          {edit.sweep ? " (the chart keeps the last curve that worked)" : ""}
          {showFile(problem.line ? problem.file : null)}
        </p>
      )}
      {consented && (
        <ShareEdit packed={packed} saved={fragment.saved !== null && key === shown} save={
          <SaveDialog system={spec.id} view={viewNow} edit={packed} label="Save as a scenario" testId="save-edit" onSaved={(made) => {
            // the address now names the saved edit: short, whatever the edit's length
            setShown(key);
            setFragment({ ...ORIGINAL, saved: made.slug, fit: fitKind });
          }} />
        } />
      )}
      <div className="workbench-actions">
        <button type="button" data-testid="reset-model" disabled={!edited} onClick={() => setTexts(originals)}>{files.length > 1 ? "Reset every file to the original" : "Reset to the original"}</button>
        {files.length > 1 && <button type="button" data-testid="reset-file" disabled={texts[active] === originals[active]}
          onClick={() => setTexts((was) => ({ ...was, [active]: originals[active] }))}>{`Reset ${active}`}</button>}
      </div>
      <EditedFit system={spec.id} edited={edited && consented} memo={edit.memo} laws={edit.laws} knobs={spec.knobs}
        state={edit.running ? "running" : problem ? "failed" : "ran"} />
      {edited && consented && (
        <EditFit spec={spec} state={fit.state} hasOwn={own !== null} onFit={fit.ask} onStop={fit.stop} onClear={fit.clear}
          blocked={edit.drawn === key ? null : "Your edit can be fitted once it runs."} showFile={showFile} />
      )}
      <ModelDiff originals={originals} changes={changes} />
    </section>
  );
}

/** `waiting`: where the edit not yet run came from (null: it runs, or there is none). */
function statusText(phase: string, ms: number | undefined, waiting: EditFrom | null, edited: boolean): string {
  if (waiting) return `The edit in ${whereSaid(waiting)} has not run.`;
  if (!edited) return "The original model: edit it to run your version in the sandbox.";
  if (phase === "starting") return "Starting the sandbox for your edit…";
  if (phase === "failed") return "The sandbox could not start.";
  return `Your edit runs in the sandbox${ms !== undefined ? ` (started in ${(ms / 1000).toFixed(1)} s)` : ""}.`;
}
