// A link that carries an edited model (in its fragment, or in the saved scenario it names) says
// so before anything of it runs: which files it changes and how, line by line, and that it runs
// only in a sandbox with no network and no access to this page, once the visitor asks.
import { lineCounts, plural } from "./modelEdit";
import type { Files } from "./modelSource";
import { FileDiffs } from "./ModelDiff";
import type { EditFrom, SharedEdit } from "./share";

export function EditedBanner({ originals, edits, from, running, onRun, onDiscard }: {
  originals: Files;
  edits: SharedEdit[];
  from: EditFrom;
  running: boolean;
  onRun: () => void;
  onDiscard: () => void;
}) {
  const changed = edits.map((e) => `${plural(lineCounts(e).added + lineCounts(e).removed, "line")} of ${e.module}`);
  const said = changed.length > 1 ? `${changed.slice(0, -1).join(", ")} and ${changed.at(-1)}` : changed[0];
  return (
    <section className="edited-banner" aria-label="An edited model" data-testid="edited-banner">
      <p>
        <strong>{from === "link" ? "This link carries an edited model." : "This saved scenario carries an edited model."}</strong>
        {` Someone changed ${said} (below). `}
        {running
          ? "It runs in a sandbox in your browser, which has no network and cannot read this page, your storage or your cookies."
          : "Nothing of it has run. It would run only in a sandbox in your browser, with no network and no access to this page, your storage or your cookies."}
      </p>
      <FileDiffs originals={originals} changes={edits} />
      {!running && (
        <p className="edited-banner-actions">
          <button type="button" data-testid="run-edit" onClick={onRun}>Run the edited model</button>
          <button type="button" onClick={onDiscard}>Use the original instead</button>
        </p>
      )}
    </section>
  );
}
