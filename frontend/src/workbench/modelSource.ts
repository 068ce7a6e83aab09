// A system's model source as the page's Python runs it: its files (./modelFiles.gen.ts: its
// module and the helpers its solve runs) read from the models archive the worker unpacks
// (scripts/pack_models.py stores them uncompressed), so the editor opens at once, before the
// sandbox has started. The archive is the app's own file (its hashed path, cached).
import { MODEL_FILES } from "./modelFiles.gen";

declare const __MODELSZIP__: string;

/** perfmodels/{module}.py for a system id (rsx-qio: perfmodels/rsx_qio.py). */
export const modulePath = (system: string) => `perfmodels/${system.replace(/-/g, "_")}.py`;

/** The files of a system's model the editor offers: its module first, then its helpers. */
export const modelFiles = (system: string): readonly string[] => MODEL_FILES[system] ?? [modulePath(system)];

/** Each file's text, by path, in the order of `modelFiles`. */
export type Files = Readonly<Record<string, string>>;

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

/** The original text of each of the system's model files. */
export async function modelSources(system: string): Promise<Files> {
  archive ??= fetch(new URL(`/${__MODELSZIP__}`, location.origin)).then((r) => {
    if (!r.ok) throw new Error(`the models archive: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  archive.catch(() => {
    archive = null;
  });
  const zip = await archive;
  return Object.fromEntries(modelFiles(system).map((path) => {
    const text = storedFile(zip, path);
    if (text === null) throw new Error(`no source for ${path} in the models archive`);
    return [path, text];
  }));
}
