// An edited model in a link: `#model=` and, for each edited file of the model (its module, a
// helper such as perfmodels/mva.py), the edit's hunks against the original source (./diff.ts),
// as JSON, packed (../packedText.ts: deflate-raw, base64url). The fragment never reaches the
// server. An edit too long for a link is saved with a scenario as the same packed text, which
// the server keeps as it came (backend/app/api/schemas.py PackedEdit) and the link names
// (../state/fragment.ts). Read back as untrusted: shapes checked, sizes bounded. A link made before an
// edit could span files (`{m, h}`: one module) is read as an edit of that one file.
import { PackedTextError, packText, unpackText } from "../packedText";
import type { Hunk } from "./diff";

// a link a browser and a chat will carry; an edit larger than this cannot travel in one
export const MAX_LINK_FRAGMENT = 16_000;
// a link short enough to paste anywhere whole (mail and chats cut or hide longer ones)
export const SHORT_LINK = 2_000;
// what a saved scenario keeps (the server's MAX_EDIT_CHARS)
export const MAX_SAVED_EDIT = 64 * 1024;
const MAX_EDIT_BYTES = 256 * 1024;
// more files than any model has (LAVC's five), and a path's length
const MAX_FILES = 16;
const MAX_PATH = 100;

/** Where an edit is carried: the link's fragment, or a saved scenario the link names. */
export type EditFrom = "link" | "scenario";

/** How an edit packed to `length` characters can be shared: in a short link, in a long one
 * (better saved as a scenario), or only in a scenario (too long for a link; or for a scenario). */
export function shareWay(length: number): "short link" | "long link" | "scenario" | "too long" {
  if (length <= SHORT_LINK) return "short link";
  if (length <= MAX_LINK_FRAGMENT) return "long link";
  return length <= MAX_SAVED_EDIT ? "scenario" : "too long";
}

/** One edited file: the module the hunks apply to (perfmodels/afs.py) and the hunks. */
export interface SharedEdit {
  module: string;
  hunks: Hunk[];
}

const hunksOut = (hunks: Hunk[]) => hunks.map((h) => [h.at, h.del, h.ins]);

/** Every edited file of the model, in one payload. */
export async function encodeEdits(edits: SharedEdit[]): Promise<string> {
  return packText(JSON.stringify({ f: edits.map((e) => [e.module, hunksOut(e.hunks)]) }));
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** The words for where an edit came from, in what the page says of it. */
export const whereSaid = (from: EditFrom) => (from === "link" ? "this link" : "this saved scenario");

function fileOf(module: unknown, hunks: unknown, damaged: () => Error): SharedEdit {
  if (typeof module !== "string" || !module || module.length > MAX_PATH || !Array.isArray(hunks)) throw damaged();
  return {
    module,
    hunks: hunks.map((h: unknown) => {
      if (!Array.isArray(h) || !Number.isInteger(h[0]) || h[0] < 0 || !strings(h[1]) || !strings(h[2])) throw damaged();
      return { at: h[0] as number, del: h[1], ins: h[2] };
    }),
  };
}

/** The edited files a link (or a saved scenario) carries: one or more, each named once. */
export async function decodeEdits(payload: string, from: EditFrom = "link"): Promise<SharedEdit[]> {
  const where = whereSaid(from);
  const damaged = () => new Error(`the edit in ${where} is damaged`);
  let text: string;
  try {
    text = await unpackText(payload, from === "link" ? MAX_LINK_FRAGMENT : MAX_SAVED_EDIT, MAX_EDIT_BYTES);
  } catch (e) {
    throw e instanceof PackedTextError && e.kind === "too large" ? new Error(`the edit in ${where} is too large`) : damaged();
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw damaged();
  }
  const d = (doc ?? {}) as { m?: unknown; h?: unknown; f?: unknown };
  if ("m" in d) return [fileOf(d.m, d.h, damaged)];
  if (!Array.isArray(d.f) || d.f.length === 0 || d.f.length > MAX_FILES) throw damaged();
  const files = d.f.map((f: unknown) => {
    if (!Array.isArray(f) || f.length !== 2) throw damaged();
    return fileOf(f[0], f[1], damaged);
  });
  if (new Set(files.map((f) => f.module)).size !== files.length) throw damaged();
  return files;
}
