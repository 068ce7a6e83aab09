// The edit against the original source, line by line: removed lines, added lines, a little
// context, each with its line number (in the original, or in the edit for an added one).
import type { DiffRow, Hunk } from "./diff";
import { diffRows } from "./diff";

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

export function ModelDiff({ original, hunks }: { original: string; hunks: Hunk[] }) {
  const added = hunks.reduce((n, h) => n + h.ins.length, 0);
  const removed = hunks.reduce((n, h) => n + h.del.length, 0);
  return (
    <details className="model-diff" data-testid="model-diff" open={hunks.length > 0}>
      <summary>{hunks.length ? `Your edit against the original: ${added} line${added === 1 ? "" : "s"} added, ${removed} removed` : "No change against the original"}</summary>
      {hunks.length > 0 && <DiffLines rows={diffRows(original, hunks)} label="The edit, line by line" />}
    </details>
  );
}
