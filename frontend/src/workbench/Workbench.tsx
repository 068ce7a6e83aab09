// The model workbench: the system's model source in an editor beside the chart; an edit runs
// only in the sandbox (./sandbox.ts), redraws the chart with the original dashed beside it
// (the explorer draws what `onEdited` gives it), and is judged against the memo and the laws.
// The edit lives in the address's fragment (./fragment.ts, ./share.ts), or, too long for a link,
// in a saved scenario the fragment names (./ShareEdit.tsx offers to save it); a link's edit is
// shown (./EditedBanner.tsx) and runs only when the visitor says so. Loaded only when opened.
import { useEffect, useMemo, useState } from "react";
import { api, ApiError } from "../api/client";
import type { KnobValues, SweepResult, SystemSpec } from "../api/types";
import { SaveDialog } from "../scenarios/SaveDialog";
import type { ExplorerView } from "../state/explorerState";
import "../styles/workbench.css";
import { CodeEditor } from "./CodeEditor";
import { applyHunks, diffLines, type Hunk, linesOf } from "./diff";
import { EditedBanner } from "./EditedBanner";
import { EditedFit } from "./EditedFit";
import { type Fragment, ORIGINAL } from "./fragment";
import { modelSource, modulePath } from "./modelSource";
import { ModelDiff } from "./ModelDiff";
import { decodeEdit, type EditFrom, encodeEdit, MAX_LINK_FRAGMENT, type SharedEdit } from "./share";
import { ShareEdit } from "./ShareEdit";
import { useEdit } from "./useEdit";

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
  onEdited: (sweep: SweepResult | null) => void;
  /** the edit packed as a link carries it (null: none), for the explorer's "Save & share" */
  onPacked: (packed: string | null) => void;
  onClose: () => void;
}

/** The edit the address carries: in its fragment, or in the saved scenario it names. */
async function linkedEdit(f: Fragment): Promise<{ edit: SharedEdit; from: EditFrom } | null> {
  if (f.edit) return { edit: await decodeEdit(f.edit, "link"), from: "link" };
  if (!f.saved) return null;
  let kept: string | null | undefined;
  try {
    kept = (await api.scenario(f.saved)).edit;
  } catch (e) {
    throw new Error(e instanceof ApiError && e.status === 404 ? "the saved scenario this link names is gone" : "the saved scenario this link names could not be read");
  }
  if (!kept) throw new Error("the saved scenario this link names holds no edited model");
  return { edit: await decodeEdit(kept, "scenario"), from: "scenario" };
}

interface Start {
  original: string;
  text: string;
  linked: { hunks: Hunk[]; from: EditFrom } | null;
  error: string | null;
}

/** The original source, and the edit the address carries applied to it (or why it cannot be). */
function useStart(spec: SystemSpec, fragment: Fragment) {
  const [start, setStart] = useState<Start | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the workbench opens
  useEffect(() => {
    let live = true;
    (async (): Promise<Start> => {
      const original = await modelSource(spec.id);
      try {
        const linked = await linkedEdit(fragment);
        if (!linked) return { original, text: original, linked: null, error: null };
        const { edit, from } = linked;
        const where = from === "link" ? "this link" : "this saved scenario";
        if (edit.module !== modulePath(spec.id)) throw new Error(`the edit in ${where} is of ${edit.module}, not of this model`);
        const text = applyHunks(original, edit.hunks);
        if (text === null) throw new Error(`the edit in ${where} was made on another version of this model and does not apply to it`);
        return { original, text, linked: { hunks: edit.hunks, from }, error: null };
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
  const start = useStart(props.spec, props.fragment);
  if (!start) return <section className="workbench" aria-busy="true"><p className="loading">Opening the model's source…</p></section>;
  if (!start.original) return <section className="workbench"><p role="alert">{`The model's source could not be read: ${start.error}`}</p></section>;
  return <WorkbenchOpen {...props} original={start.original} first={start.text} linked={start.linked} linkError={start.error} />;
}

function WorkbenchOpen({ spec, curveKnobs, x, view, fragment, setFragment, onEdited, onPacked, onClose, original, first, linked, linkError }: Props & {
  original: string;
  first: string;
  linked: Start["linked"];
  linkError: string | null;
}) {
  const [text, setText] = useState(first);
  // a link's edit runs once the visitor has read what it changes and asked for it
  const [consented, setConsented] = useState(linked === null);
  const hunks = useMemo(() => diffLines(linesOf(original), linesOf(text)), [original, text]);
  const edited = hunks.length > 0;
  const edit = useEdit(spec, edited ? text : null, curveKnobs, x, consented);
  const [packed, setPacked] = useState<string | null>(null);
  // the text the address stands for: an unchanged edit keeps the address it came with (a saved
  // scenario's short one); an address without a usable edit is written afresh
  const [shown, setShown] = useState<string | null>(linked ? first : null);

  useEffect(() => onEdited(edit.sweep), [edit.sweep, onEdited]);
  useEffect(() => () => onEdited(null), [onEdited]);
  useEffect(() => () => onPacked(null), [onPacked]);

  // the link follows the text a moment after typing stops (an edit over a link's limit leaves
  // the last one that fitted)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fragment is written, not read
  useEffect(() => {
    const timer = setTimeout(async () => {
      const p = edited ? await encodeEdit({ module: modulePath(spec.id), hunks }) : null;
      setPacked(p);
      onPacked(p);
      if (!consented || text === shown || (p !== null && p.length > MAX_LINK_FRAGMENT)) return;
      setShown(text);
      setFragment({ ...ORIGINAL, edit: p });
    }, LINK_MS);
    return () => clearTimeout(timer);
  }, [text, consented, shown]);

  const problem = edit.problem;
  return (
    <section className="workbench" aria-labelledby="workbench-title" data-testid="workbench">
      <div className="workbench-head">
        <h2 id="workbench-title">{`Edit the model: ${modulePath(spec.id)}`}</h2>
        <button type="button" onClick={onClose}>Close the editor</button>
      </div>
      {linkError && <p className="notice" role="alert" data-testid="edit-link-error">{`${linkError}; the original is shown.`}</p>}
      {linked && <EditedBanner original={original} hunks={linked.hunks} from={linked.from} running={consented} onRun={() => setConsented(true)} onDiscard={() => {
        setText(original);
        setConsented(true);
      }} />}
      <p className="workbench-help">
        {"The model's solve and the helpers it calls, as your browser runs them. An edit runs in a sandbox with no network and no access to this page; the chart redraws with the original dashed. Tab leaves the editor."}
      </p>
      <CodeEditor doc={text} onChange={setText} label={`Source of ${modulePath(spec.id)}`} problem={problem?.line ? { line: problem.line, message: problem.message } : null} />
      <p className="sandbox-status" data-testid="sandbox-status" aria-live="polite">{statusText(edit.status.phase, edit.status.ms, consented, edited)}</p>
      {problem && (
        <p className="edit-problem" role="alert" data-testid="edit-problem">
          {problem.line ? `Line ${problem.line}: ${problem.message}` : problem.message}
          {edit.sweep ? " (the chart keeps the last curve that worked)" : ""}
        </p>
      )}
      {consented && (
        <ShareEdit packed={packed} saved={fragment.saved !== null && text === shown} save={
          <SaveDialog system={spec.id} state={view} edit={packed} label="Save as a scenario" testId="save-edit" onSaved={(made) => {
            // the address now names the saved edit: short, whatever the edit's length
            setShown(text);
            setFragment({ ...ORIGINAL, saved: made.slug });
          }} />
        } />
      )}
      <div className="workbench-actions">
        <button type="button" data-testid="reset-model" disabled={!edited} onClick={() => setText(original)}>Reset to the original</button>
      </div>
      <EditedFit system={spec.id} edited={edited && consented} memo={edit.memo} laws={edit.laws} knobs={spec.knobs} />
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
