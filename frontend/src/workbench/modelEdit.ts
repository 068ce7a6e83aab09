// An edit of a model across its files: what the workbench opens on (the originals, and the edit a
// link carries applied to them, or why it cannot be), and what changed in each file against its
// original (the hunks of ./diff.ts), which the diff, the banner and the link show.
import { applyHunks, diffLines, linesOf } from "./diff";
import { type Files, modelSources } from "./modelSource";
import { decodeEdits, type SharedEdit } from "./share";

export interface Start {
  originals: Files;
  /** each file's text to open on: the original, or the link's edit of it */
  texts: Files;
  /** the files the link's edit changes, as it carries them (null: no edit in the link) */
  linked: SharedEdit[] | null;
  error: string | null;
}

/** The model's files, and the edit in the link (`payload`) applied to them. */
export async function startEdit(system: string, payload: string | null): Promise<Start> {
  const originals = await modelSources(system);
  if (!payload) return { originals, texts: originals, linked: null, error: null };
  try {
    const edits = await decodeEdits(payload);
    const texts = { ...originals };
    for (const e of edits) {
      if (!Object.hasOwn(originals, e.module)) throw new Error(`the edit in this link is of ${e.module}, which is not one of this model's files`);
      const text = applyHunks(originals[e.module], e.hunks);
      if (text === null) throw new Error(`the edit in this link was made on another version of ${e.module} and does not apply to it`);
      texts[e.module] = text;
    }
    return { originals, texts, linked: edits, error: null };
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
