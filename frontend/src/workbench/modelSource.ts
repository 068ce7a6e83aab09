// A system's model source as the page's Python runs it: read from the models archive the worker
// unpacks (scripts/pack_models.py stores it uncompressed), so the editor opens at once, before
// the sandbox has started. The archive is the app's own file (its hashed path, cached).
declare const __MODELSZIP__: string;

/** perfmodels/{module}.py for a system id (rsx-qio: perfmodels/rsx_qio.py). */
export const modulePath = (system: string) => `perfmodels/${system.replace(/-/g, "_")}.py`;

let archive: Promise<ArrayBuffer> | null = null;

/** One stored file of a zip archive, by its name (the central directory's record of it). */
export function storedFile(zip: ArrayBuffer, name: string): string | null {
  const d = new DataView(zip);
  // the end of central directory record: its signature in the last 64 KB + 22 bytes
  let end = -1;
  for (let i = zip.byteLength - 22; i >= Math.max(0, zip.byteLength - 65_557); i--) {
    if (d.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const text = new TextDecoder();
  let at = d.getUint32(end + 16, true);
  for (let k = d.getUint16(end + 10, true); k > 0; k--) {
    if (d.getUint32(at, true) !== 0x02014b50) return null;
    const method = d.getUint16(at + 10, true), size = d.getUint32(at + 20, true);
    const nameLen = d.getUint16(at + 28, true), extra = d.getUint16(at + 30, true), comment = d.getUint16(at + 32, true);
    const local = d.getUint32(at + 42, true);
    if (text.decode(new Uint8Array(zip, at + 46, nameLen)) === name) {
      if (method !== 0) return null;
      const start = local + 30 + d.getUint16(local + 26, true) + d.getUint16(local + 28, true);
      return text.decode(new Uint8Array(zip, start, size));
    }
    at += 46 + nameLen + extra + comment;
  }
  return null;
}

export async function modelSource(system: string): Promise<string> {
  archive ??= fetch(new URL(`/${__MODELSZIP__}`, location.origin)).then((r) => {
    if (!r.ok) throw new Error(`the models archive: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  archive.catch(() => {
    archive = null;
  });
  const text = storedFile(await archive, modulePath(system));
  if (text === null) throw new Error(`no source for ${modulePath(system)} in the models archive`);
  return text;
}
