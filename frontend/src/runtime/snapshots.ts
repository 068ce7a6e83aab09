// The start-up snapshot kept in the browser's Cache Storage. After a first start the worker saves
// the interpreter's memory (models imported and warmed) without its empty pages (./emptyPages.ts:
// 31.5 MB of memory, about 12.5 MB kept), under a key naming this build's runtime, standard
// library and models; the next start restores it instead of starting Python and importing. One
// snapshot is kept: keeping one deletes the others (an older build's).
import { packPages, unpackPages } from "./emptyPages";

export interface SnapshotStore {
  /** The kept snapshot, if any: found at once, its bytes read while Pyodide loads. */
  find(): Promise<{ bytes: Promise<Uint8Array> } | null>;
  keep(snapshot: Uint8Array): Promise<void>;
  /** Forget the kept snapshot (one this runtime could not load). */
  drop(): Promise<void>;
}

export const SNAPSHOT_CACHE = "memolab-python";

/** `key`: an absolute URL naming what the snapshot was made from (never fetched). */
export function snapshotStore(caches: CacheStorage, key: string): SnapshotStore {
  const open = () => caches.open(SNAPSHOT_CACHE);
  return {
    async find() {
      const hit = await (await open()).match(key);
      if (!hit) return null;
      return { bytes: hit.arrayBuffer().then((b) => unpackPages(new Uint8Array(b))) };
    },
    async keep(snapshot) {
      const cache = await open();
      const body = packPages(snapshot) as Uint8Array<ArrayBuffer>;
      await cache.put(key, new Response(body, { headers: { "content-type": "application/octet-stream" } }));
      for (const r of await cache.keys()) if (r.url !== key) await cache.delete(r);
    },
    async drop() {
      await (await open()).delete(key);
    },
  };
}
