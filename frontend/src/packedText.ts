// Text carried in a link's fragment: deflate-raw compressed (the browser's CompressionStream),
// base64url. Never sent to the server. Unpacking is bounded both ways (the payload's length and
// what it inflates to), so a hostile link cannot make the page inflate without end. The shared
// lessons (lessonPages/share.ts) and the edited models (workbench/share.ts) travel this way.

export class PackedTextError extends Error {
  constructor(readonly kind: "damaged" | "too large") {
    super(kind);
  }
}

export async function packText(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function unpackText(payload: string, maxChars: number, maxBytes: number): Promise<string> {
  if (payload.length > maxChars || !/^[A-Za-z0-9_-]*$/.test(payload)) throw new PackedTextError("damaged");
  let bin: string;
  try {
    bin = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new PackedTextError("damaged");
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
      if (total > maxBytes) {
        await reader.cancel();
        throw new PackedTextError("too large");
      }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof PackedTextError) throw e;
    throw new PackedTextError("damaged");
  }
  return new TextDecoder().decode(await new Blob(parts as BlobPart[]).arrayBuffer());
}
