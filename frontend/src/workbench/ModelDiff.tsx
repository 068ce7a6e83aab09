// The edit against the original source, file by file and line by line: removed lines, added
// lines, a little context, each with its line number (in the original, or in the edit for an
// added one).
import type { DiffRow } from "./diff";
import { diffRows } from "./diff";
import { lineCounts, plural } from "./modelEdit";
import type { Files } from "./modelSource";
import type { SharedEdit } from "./share";

const SIGN = { same: " ", del: "-", ins: "+", gap: " " } as const;
const SAID = { same: "unchanged", del: "removed", ins: "added", gap: "" } as const;

export function DiffLines({ rows, label }: { rows: DiffRow[]; label: string }) {
  return (
    <ol className="diff-lines" aria-label={label}>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are redrawn whole, in order
        <li key={i} className={`diff-${r.kind}`}>
          <span className="diff-line">{r.line ?? ""}</span>
          <span className="diff-sign" aria-hidden="true">{SIGN[r.kind]}</span>
          {r.kind !== "same" && r.kind !== "gap" && <span className="visually-hidden">{`${SAID[r.kind]}: `}</span>}
          <code>{r.text}</code>
        </li>
      ))}
    </ol>
  );
}

/** Each changed file: its path, what changed in it, and its lines. */
export function FileDiffs({ originals, changes }: { originals: Files; changes: SharedEdit[] }) {
  return changes.map((e) => {
    const { added, removed } = lineCounts(e);
    return (
      <section key={e.module} className="file-diff" aria-label={`The edit of ${e.module}`}>
        <h3><code>{e.module}</code>{`: ${plural(added, "line")} added, ${removed} removed`}</h3>
        <DiffLines rows={diffRows(originals[e.module] ?? "", e.hunks)} label={`The edit of ${e.module}, line by line`} />
      </section>
    );
  });
}

export function ModelDiff({ originals, changes }: { originals: Files; changes: SharedEdit[] }) {
  const added = changes.reduce((n, e) => n + lineCounts(e).added, 0);
  const removed = changes.reduce((n, e) => n + lineCounts(e).removed, 0);
  const where = changes.length === 1 ? ` of ${changes[0].module}` : `, in ${changes.length} files`;
  return (
    <details className="model-diff" data-testid="model-diff" open={changes.length > 0}>
      <summary>{changes.length ? `Your edit against the original${where}: ${plural(added, "line")} added, ${removed} removed` : "No change against the original"}</summary>
      <FileDiffs originals={originals} changes={changes} />
    </details>
  );
}
