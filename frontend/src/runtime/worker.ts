// The model Web Worker (a module worker): Pyodide, its start-up snapshot and the models archive
// from the app itself, at the content-hashed paths the build chose (frontend/build/delivery.ts).
import { createKernel } from "./kernel";
import type { WorkerRequest } from "./protocol";

declare const __PYODIDEDIR__: string;
declare const __MODELSZIP__: string;
declare const __SNAPSHOT__: string;

const base = new URL("/", self.location.href).href;

const kernel = createKernel({
  loadPyodide: async ({ snapshot }) => {
    const url = `${base}${__PYODIDEDIR__}pyodide.mjs`;
    const mod = await import(/* @vite-ignore */ url);
    return mod.loadPyodide({ indexURL: `${base}${__PYODIDEDIR__}`, packages: [], _loadSnapshot: snapshot });
  },
  fetchSnapshot: async () => {
    const r = await fetch(`${base}${__SNAPSHOT__}`);
    return r.ok ? new Uint8Array(await r.arrayBuffer()) : null;
  },
  fetchModels: async () => {
    const r = await fetch(`${base}${__MODELSZIP__}`);
    if (!r.ok) throw new Error(`models archive: HTTP ${r.status}`);
    return r.arrayBuffer();
  },
  post: (event) => self.postMessage(event),
});

self.onmessage = (e: MessageEvent<WorkerRequest>) => void kernel.handle(e.data);
