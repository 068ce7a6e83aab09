// A teacher's own lesson file, carried whole in a link's fragment (#lesson=...): compressed,
// base64url, never sent to the server (../packedText.ts). Bounded both ways, so a hostile link
// cannot inflate.
import { MAX_LESSON_BYTES } from "../lesson/format";
import { PackedTextError, packText, unpackText } from "../packedText";

const MAX_FRAGMENT = 200_000;

export const encodeLesson = packText;

export async function decodeLesson(payload: string): Promise<string> {
  try {
    return await unpackText(payload, MAX_FRAGMENT, MAX_LESSON_BYTES);
  } catch (e) {
    if (e instanceof PackedTextError && e.kind === "too large") throw new Error(`the lesson in this link is larger than ${MAX_LESSON_BYTES / 1024} KB`);
    throw new Error("the lesson in this link is damaged");
  }
}

/** The fragment's lesson payload, if any. */
export const lessonFragment = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, "")).get("lesson");
