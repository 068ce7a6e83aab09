// A link that carries an edited model (in its fragment, or in the saved scenario it names) says
// so before anything of it runs: what it changes, line by line, and that it runs only in a
// sandbox with no network and no access to this page, once the visitor asks.
import { diffRows, type Hunk } from "./diff";
import { DiffLines } from "./ModelDiff";
import type { EditFrom } from "./share";

export function EditedBanner({ original, hunks, from, running, onRun, onDiscard }: {
  original: string;
  hunks: Hunk[];
  from: EditFrom;
  running: boolean;
  onRun: () => void;
  onDiscard: () => void;
}) {
  const lines = hunks.reduce((n, h) => n + h.ins.length + h.del.length, 0);
  return (
    <section className="edited-banner" aria-label="An edited model" data-testid="edited-banner">
      <p>
        <strong>{from === "link" ? "This link carries an edited model." : "This saved scenario carries an edited model."}</strong>
        {` Someone changed ${lines} line${lines === 1 ? "" : "s"} of the model's source (below). `}
        {running
          ? "It runs in a sandbox in your browser, which has no network and cannot read this page, your storage or your cookies."
          : "Nothing of it has run. It would run only in a sandbox in your browser, with no network and no access to this page, your storage or your cookies."}
      </p>
      <DiffLines rows={diffRows(original, hunks)} label="What the edit changes" />
      {!running && (
        <p className="edited-banner-actions">
          <button type="button" data-testid="run-edit" onClick={onRun}>Run the edited model</button>
          <button type="button" onClick={onDiscard}>Use the original instead</button>
        </p>
      )}
    </section>
  );
}
