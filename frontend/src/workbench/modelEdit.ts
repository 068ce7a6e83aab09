// An edit of a model across its files: what the workbench opens on (the originals, and the edit the
// address carries applied to them, from its link or from the saved scenario it names, or why it
// cannot be), and what changed in each file against its original (the hunks of ./diff.ts), which
// the diff, the banner and the link show.
import { applyHunks, diffLines, linesOf } from "./diff";
import { type Files, modelSources } from "./modelSource";
import { decodeEdits, type EditFrom, type SharedEdit, whereSaid } from "./share";

/** A packed edit (./share.ts) and where the address had it from. */
export interface Carried {
  packed: string;
  from: EditFrom;
}

export interface Start {
  originals: Files;
  /** each file's text to open on: the original, or the address's edit of it */
  texts: Files;
  /** the files the address's edit changes, as it carries them, and where from (null: no edit) */
  linked: { edits: SharedEdit[]; from: EditFrom } | null;
  error: string | null;
}

/** The model's files, and the edit the address carries (`carried`: read once the files are)
 * applied to them. */
export async function startEdit(system: string, carried: () => Promise<Carried | null>): Promise<Start> {
  const originals = await modelSources(system);
  try {
    const c = await carried();
    if (!c) return { originals, texts: originals, linked: null, error: null };
    const where = whereSaid(c.from);
    const edits = await decodeEdits(c.packed, c.from);
    const texts = { ...originals };
    for (const e of edits) {
      if (!Object.hasOwn(originals, e.module)) throw new Error(`the edit in ${where} is of ${e.module}, which is not one of this model's files`);
      const text = applyHunks(originals[e.module], e.hunks);
      if (text === null) throw new Error(`the edit in ${where} was made on another version of ${e.module} and does not apply to it`);
      texts[e.module] = text;
    }
    return { originals, texts, linked: { edits, from: c.from }, error: null };
  } catch (e) {
    return { originals, texts: originals, linked: null, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The files whose text differs from the original, each with its hunks, in the model's order. */
export function changesOf(originals: Files, texts: Files): SharedEdit[] {
  return Object.keys(originals).flatMap((module) => {
    const text = texts[module] ?? originals[module];
    if (text === originals[module]) return [];
    const hunks = diffLines(linesOf(originals[module]), linesOf(text));
    return hunks.length ? [{ module, hunks }] : [];
  });
}

/** Lines added and removed by a file's hunks. */
export const lineCounts = (e: SharedEdit) => ({
  added: e.hunks.reduce((n, h) => n + h.ins.length, 0),
  removed: e.hunks.reduce((n, h) => n + h.del.length, 0),
});

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The edited files' texts by path, as the sandbox installs them (null: none edited). */
export const editedFiles = (texts: Files, changes: SharedEdit[]): Files | null =>
  changes.length ? Object.fromEntries(changes.map((c) => [c.module, texts[c.module]])) : null;

/** One string for an edit across files (which files, and their texts), to tell edits apart. */
export const editKey = (files: Files | null): string => (files ? JSON.stringify(files) : "");
