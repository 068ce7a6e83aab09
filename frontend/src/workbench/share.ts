// An edited model in a link: `#model=` and, for each edited file of the model (its module, a
// helper such as perfmodels/mva.py), the edit's hunks against the original source (./diff.ts),
// as JSON, packed (../packedText.ts: deflate-raw, base64url). The fragment never reaches the
// server. Read back as untrusted: shapes checked, sizes bounded. A link made before an edit could
// span files (`{m, h}`: one module) is read as an edit of that one file.
import { PackedTextError, packText, unpackText } from "../packedText";
import type { Hunk } from "./diff";

// a link a browser and a chat will carry; an edit larger than this cannot travel in one
export const MAX_LINK_FRAGMENT = 16_000;
const MAX_EDIT_BYTES = 256 * 1024;
// more files than any model has (LAVC's five), and a path's length
const MAX_FILES = 16;
const MAX_PATH = 100;

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

const damaged = () => new Error("the edit in this link is damaged");

function fileOf(module: unknown, hunks: unknown): SharedEdit {
  if (typeof module !== "string" || !module || module.length > MAX_PATH || !Array.isArray(hunks)) throw damaged();
  return {
    module,
    hunks: hunks.map((h: unknown) => {
      if (!Array.isArray(h) || !Number.isInteger(h[0]) || h[0] < 0 || !strings(h[1]) || !strings(h[2])) throw damaged();
      return { at: h[0] as number, del: h[1], ins: h[2] };
    }),
  };
}

/** The edited files a link carries (one or more, each named once). */
export async function decodeEdits(payload: string): Promise<SharedEdit[]> {
  let text: string;
  try {
    text = await unpackText(payload, MAX_LINK_FRAGMENT, MAX_EDIT_BYTES);
  } catch (e) {
    throw new Error(e instanceof PackedTextError && e.kind === "too large" ? "the edit in this link is too large" : "the edit in this link is damaged");
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw damaged();
  }
  const d = (doc ?? {}) as { m?: unknown; h?: unknown; f?: unknown };
  if ("m" in d) return [fileOf(d.m, d.h)];
  if (!Array.isArray(d.f) || d.f.length === 0 || d.f.length > MAX_FILES) throw damaged();
  const files = d.f.map((f: unknown) => {
    if (!Array.isArray(f) || f.length !== 2) throw damaged();
    return fileOf(f[0], f[1]);
  });
  if (new Set(files.map((f) => f.module)).size !== files.length) throw damaged();
  return files;
}
