// A teacher's own lesson file, carried whole in a link's fragment (#lesson=...): compressed,
// base64url, never sent to the server. Bounded both ways, so a hostile link cannot inflate.
import { MAX_LESSON_BYTES } from "../lesson/format";

const MAX_FRAGMENT = 200_000;

export async function encodeLesson(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function decodeLesson(payload: string): Promise<string> {
  if (payload.length > MAX_FRAGMENT || !/^[A-Za-z0-9_-]*$/.test(payload)) throw new Error("the lesson in this link is damaged");
  let bin: string;
  try {
    bin = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new Error("the lesson in this link is damaged");
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_LESSON_BYTES) {
        await reader.cancel();
        throw new Error(`the lesson in this link is larger than ${MAX_LESSON_BYTES / 1024} KB`);
      }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("the lesson")) throw e;
    throw new Error("the lesson in this link is damaged");
  }
  return new TextDecoder().decode(await new Blob(parts as BlobPart[]).arrayBuffer());
}

/** The fragment's lesson payload, if any. */
export const lessonFragment = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, "")).get("lesson");
