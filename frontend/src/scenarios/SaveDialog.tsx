// "Save & share": title, notes and whether to list it publicly; then the link to copy and the
// delete token, shown this once (and kept in "My scenarios" in this browser). The view is kept
// whole, and so is an edited model the page draws (packed, as a link carries it).
import { memo, useRef, useState } from "react";
import type { CreatedScenario } from "../api/types";
import { draftOf, type ExplorerView } from "../state/explorerState";
import { isOffline } from "../outbox";
import { enqueue, save as saveNow } from "./scenarioOutbox";

interface Props {
  system: string;
  /** the view to keep, every field of it (a user's own table of any size a table may be: a link
   * holds only a small one), read when it is saved (view/useNow.ts: a knob move does not render
   * the dialog again) */
  view: () => ExplorerView;
  /** the edited model drawn, packed as a link carries it (workbench/share.ts), or none */
  edit?: string | null;
  /** the button's words, where the dialog is opened for a reason of its own */
  label?: string;
  testId?: string;
  onSaved?: (made: CreatedScenario) => void;
}

export const SaveDialog = memo(function SaveDialog({ system, view, edit = null, label = "Save & share", testId, onSaved }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [title, setTitle] = useState("");
  const [notes, setNotes] = useState("");
  const [pub, setPub] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedScenario | null>(null);
  const [queued, setQueued] = useState(false);
  const open = () => {
    setMade(null);
    setQueued(false);
    setError(null);
    dialog.current?.showModal();
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    const body = draftOf(system, view(), { title, notes, public: pub, edit });
    try {
      const m = await saveNow(body);
      setMade(m);
      onSaved?.(m);
    } catch (e) {
      if (isOffline(e)) {
        // No connection: keep it in this browser and send it when the connection returns.
        try {
          enqueue(body);
          setQueued(true);
        } catch (q) {
          setError((q as Error).message);
        }
      } else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const link = made ? new URL(made.url, window.location.origin).href : "";
  return (
    <>
      <button type="button" onClick={open} data-testid={testId}>{label}</button>
      <dialog ref={dialog} className="save-dialog" aria-labelledby="save-h">
        <h2 id="save-h">Save &amp; share this view</h2>
        {queued ? (
          <div role="status" data-testid="save-queued">
            <p>You are offline. The scenario is kept in this browser and will be saved when the connection returns; its link will then be in My scenarios.</p>
            <div className="dialog-buttons"><button type="button" onClick={() => dialog.current?.close()}>Done</button></div>
          </div>
        ) : !made ? (
          <form method="dialog" onSubmit={(e) => { e.preventDefault(); void save(); }}>
            <label>Title <input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} /></label>
            <label>Notes <textarea value={notes} maxLength={4000} rows={4} onChange={(e) => setNotes(e.target.value)} /></label>
            <label className="inline"><input type="checkbox" checked={pub} onChange={(e) => setPub(e.target.checked)} /> List publicly</label>
            {edit && <p className="muted" data-testid="save-with-edit">With your edited model: a visitor sees what it changes before anything of it runs, and it runs only in a sandbox in their browser.</p>}
            {error && <p role="alert" className="knob-error">{error}</p>}
            <div className="dialog-buttons">
              <button type="submit" disabled={busy}>{busy ? "Saving…" : "Save"}</button>
              <button type="button" onClick={() => dialog.current?.close()}>Cancel</button>
            </div>
          </form>
        ) : (
          <div>
            <p>{`Anyone with this link sees exactly this view${edit ? ", with the edited model," : ""} for good:`}</p>
            <p><input readOnly value={link} aria-label="Link to this scenario" data-testid="scenario-link" onFocus={(e) => e.currentTarget.select()} /></p>
            <button type="button" onClick={() => navigator.clipboard?.writeText(link)}>Copy link</button>
            <p className="muted">{"Delete token (shown once; kept in My scenarios in this browser): "}<code data-testid="delete-token">{made.delete_token}</code></p>
            <div className="dialog-buttons"><button type="button" onClick={() => dialog.current?.close()}>Done</button></div>
          </div>
        )}
      </dialog>
    </>
  );
});
