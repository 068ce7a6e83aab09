// An edited model in a link: `#model=` and the edit's hunks against the original source
// (./diff.ts) as JSON, packed (../packedText.ts: deflate-raw, base64url). The fragment never
// reaches the server. Read back as untrusted: shapes checked, sizes bounded.
import { PackedTextError, packText, unpackText } from "../packedText";
import type { Hunk } from "./diff";

// a link a browser and a chat will carry; an edit larger than this cannot travel in one
export const MAX_LINK_FRAGMENT = 16_000;
const MAX_EDIT_BYTES = 256 * 1024;

export interface SharedEdit {
  /** the module the hunks apply to (perfmodels/afs.py) */
  module: string;
  hunks: Hunk[];
}

export async function encodeEdit(edit: SharedEdit): Promise<string> {
  return packText(JSON.stringify({ m: edit.module, h: edit.hunks.map((h) => [h.at, h.del, h.ins]) }));
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

export async function decodeEdit(payload: string): Promise<SharedEdit> {
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
    throw new Error("the edit in this link is damaged");
  }
  const d = doc as { m?: unknown; h?: unknown };
  const hunks = Array.isArray(d.h) ? d.h : null;
  if (typeof d.m !== "string" || !hunks) throw new Error("the edit in this link is damaged");
  return {
    module: d.m,
    hunks: hunks.map((h: unknown) => {
      if (!Array.isArray(h) || !Number.isInteger(h[0]) || h[0] < 0 || !strings(h[1]) || !strings(h[2])) throw new Error("the edit in this link is damaged");
      return { at: h[0] as number, del: h[1], ins: h[2] };
    }),
  };
}
