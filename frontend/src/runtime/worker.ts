// The model Web Worker (a module worker): Pyodide, the trimmed standard library and the models
// archive from the app itself, at the content-hashed paths the build chose (frontend/build/delivery.ts);
// start-up snapshots kept in Cache Storage (./snapshots.ts).
import { createKernel } from "./kernel";
import type { WorkerRequest } from "./protocol";
import { snapshotStore } from "./snapshots";
import { trimmedStdlib } from "./stdlib";

declare const __PYODIDEDIR__: string;
declare const __MODELSZIP__: string;
declare const __STDLIB__: string;
declare const __PYODIDELOCK__: object;

const base = new URL("/", self.location.href).href;

async function download(path: string, what: string): Promise<ArrayBuffer> {
  const r = await fetch(`${base}${path}`);
  if (!r.ok) throw new Error(`${what}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

// A snapshot holds the runtime's memory with this standard library and these models imported:
// its key names all three (each path carries its content hash in a build).
const snapshotKey = `${base}py/snapshot?${new URLSearchParams({ runtime: __PYODIDEDIR__, stdlib: __STDLIB__, models: __MODELSZIP__ })}`;
const log = (m: string) => console.warn(m);

const kernel = createKernel({
  loadPyodide: async ({ snapshot, makeSnapshot }) => {
    const mod = await import(/* @vite-ignore */ `${base}${__PYODIDEDIR__}pyodide.mjs`);
    return mod.loadPyodide({
      indexURL: `${base}${__PYODIDEDIR__}`,
      stdLibURL: `${base}${__STDLIB__}`,
      lockFileContents: __PYODIDELOCK__, // no packages are loaded: the lock file itself is not fetched
      packages: [],
      _loadSnapshot: snapshot,
      _makeSnapshot: makeSnapshot,
    });
  },
  fetchModels: () => download(__MODELSZIP__, "models archive"),
  snapshots: "caches" in self ? snapshotStore(self.caches, snapshotKey) : undefined,
  stdlib: trimmedStdlib(() => download(`${__PYODIDEDIR__}python_stdlib.zip`, "standard library"), log),
  post: (event) => self.postMessage(event),
  log,
});

self.onmessage = (e: MessageEvent<WorkerRequest>) => void kernel.handle(e.data);
