// An edit as the lines it changed: hunks found by a line diff (common ends trimmed, then the
// longest common subsequence of what is left), applied back to the original only where the
// lines it removes are still there, and shown with a little context. The link carries these
// hunks, never the whole source (./share.ts).

/** At line `at` (0-based, in the original) the lines `del` are replaced by `ins`. */
export interface Hunk {
  at: number;
  del: string[];
  ins: string[];
}

// past this many cells the middle is one hunk (the whole module rewritten: nothing to align)
const MAX_CELLS = 4_000_000;

export const linesOf = (text: string) => text.split("\n");

export function diffLines(a: string[], b: string[]): Hunk[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length, endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start, m = endB - start;
  if (n === 0 && m === 0) return [];
  if (n * m > MAX_CELLS) return [{ at: start, del: a.slice(start, endA), ins: b.slice(start, endB) }];
  // lcs[i][j]: the longest common subsequence of a[start+i..endA) and b[start+j..endB)
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[start + i] === b[start + j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const hunks: Hunk[] = [];
  let open: Hunk | null = null;
  let i = 0, j = 0;
  const hunk = () => {
    open ??= { at: start + i, del: [], ins: [] };
    return open;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      if (open) hunks.push(open);
      open = null;
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      hunk().ins.push(b[start + j++]);
    } else {
      hunk().del.push(a[start + i++]);
    }
  }
  if (open) hunks.push(open);
  return hunks;
}

/** The original with the hunks applied, or null where a hunk's removed lines are not there
 * (the edit was made on another version of the model). */
export function applyHunks(original: string, hunks: Hunk[]): string | null {
  const a = linesOf(original);
  const out: string[] = [];
  let at = 0;
  for (const h of [...hunks].sort((p, q) => p.at - q.at)) {
    if (h.at < at || h.at + h.del.length > a.length) return null;
    if (h.del.some((line, k) => a[h.at + k] !== line)) return null;
    out.push(...a.slice(at, h.at), ...h.ins);
    at = h.at + h.del.length;
  }
  out.push(...a.slice(at));
  return out.join("\n");
}

export interface DiffRow {
  kind: "same" | "del" | "ins" | "gap";
  text: string;
  /** its line in the original (same, del) or in the edit (ins), from 1 */
  line: number | null;
}

/** The hunks as rows to read: each with `context` unchanged lines around it, gaps between. */
export function diffRows(original: string, hunks: Hunk[], context = 2): DiffRow[] {
  const a = linesOf(original);
  const rows: DiffRow[] = [];
  let shift = 0; // the edit's line number minus the original's, before the current hunk
  let shown = 0; // original lines shown so far
  for (const h of [...hunks].sort((p, q) => p.at - q.at)) {
    const from = Math.max(shown, h.at - context);
    if (from > shown || (shown === 0 && from > 0)) rows.push({ kind: "gap", text: "…", line: null });
    for (let k = from; k < h.at; k++) rows.push({ kind: "same", text: a[k], line: k + 1 });
    for (const [k, text] of h.del.entries()) rows.push({ kind: "del", text, line: h.at + k + 1 });
    for (const [k, text] of h.ins.entries()) rows.push({ kind: "ins", text, line: h.at + shift + k + 1 });
    shift += h.ins.length - h.del.length;
    shown = h.at + h.del.length;
    const until = Math.min(a.length, shown + context);
    for (let k = shown; k < until; k++) rows.push({ kind: "same", text: a[k], line: k + 1 });
    shown = until;
  }
  if (rows.length && shown < a.length) rows.push({ kind: "gap", text: "…", line: null });
  return rows;
}
