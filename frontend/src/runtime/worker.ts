// The model Web Worker (a module worker): Pyodide from the app's own /pyodide/, models from /py/.
import { createKernel } from "./kernel";
import type { WorkerRequest } from "./protocol";

const base = new URL("/", self.location.href).href;

const kernel = createKernel({
  loadPyodide: async () => {
    const url = `${base}pyodide/pyodide.mjs`;
    const mod = await import(/* @vite-ignore */ url);
    return mod.loadPyodide({ indexURL: `${base}pyodide/`, packages: [] });
  },
  fetchModels: async () => {
    const r = await fetch(`${base}py/perfmodels.zip`);
    if (!r.ok) throw new Error(`models archive: HTTP ${r.status}`);
    return r.arrayBuffer();
  },
  post: (event) => self.postMessage(event),
});

self.onmessage = (e: MessageEvent<WorkerRequest>) => void kernel.handle(e.data);
