// Above the explorer's chart while the model's source is open: whether the edit on screen runs,
// is running, or fails, and what the chart shows meanwhile. The editor's own error sits far
// below the chart; without this line a broken edit read as if it had passed.
import type { Problem } from "./useEdit";

/** What the workbench tells the explorer of the edit on screen. */
export interface EditState {
  /** the source differs from the model's */
  edited: boolean;
  running: boolean;
  problem: Problem | null;
}

/** The line's words, or null when there is nothing to say (no edit, or one drawn as it is). */
export function editStatusWords(s: EditState | null, drawnEdit: boolean): string | null {
  if (!s?.edited) return null;
  const shown = drawnEdit ? "the chart still shows the last edit that ran" : "the chart shows the memo's model, not your edit";
  // a run in progress first: an older edit's error may still stand while the new one runs
  if (s.running) return `Running your edit in the sandbox… Until it answers, ${shown}.`;
  if (s.problem) {
    const where = s.problem.line !== null ? `line ${s.problem.line}${s.problem.file ? ` of ${s.problem.file}` : ""}: ` : "";
    return `Your edit does not run (${where}${s.problem.message.split("\n")[0].slice(0, 160)}): ${shown}.`;
  }
  return null;
}

export function EditStatus({ state, drawnEdit }: { state: EditState | null; drawnEdit: boolean }) {
  const words = editStatusWords(state, drawnEdit);
  return (
    <p className={words ? `edit-status${state?.problem && !state.running ? " failed" : ""}` : "edit-status empty"} role="status" data-testid="edit-status">
      {words ?? ""}
    </p>
  );
}
