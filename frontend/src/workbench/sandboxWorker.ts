// The edited model's worker, started inside the sandbox (public/sandbox.html) from code the page
// sent: Pyodide from the bytes the page sent (the sandbox's policy refuses every request, so its
// fetch is served from memory while Python starts, then given back), the models unpacked, and
// perfmodels/editing/editbridge.py answering the page on the one port it was given.
import { trimmedStdlib } from "../runtime/stdlib";
import type { SandboxAssets, SandboxEvent, SandboxRequest } from "./protocol";

interface Start {
  assets: SandboxAssets;
  port: MessagePort;
  interrupt: Int32Array | null;
}

// a long call's progress is posted at most this often (ms)
const PROGRESS_MS = 50;

interface Python {
  runPython(code: string): unknown;
  unpackArchive(buffer: ArrayBuffer, format: string): void;
  FS: { writeFile(path: string, data: Uint8Array): void };
  setInterruptBuffer(buffer: Int32Array): void;
}

// a name that resolves nowhere: the runtime's files are looked up by it in memory
const INDEX = "https://sandbox.invalid/pyodide/";

function moduleUrl(text: string): string {
  return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
}

async function boot(a: SandboxAssets): Promise<Python> {
  const files = new Map<string, [ArrayBuffer, string]>([
    [`${INDEX}pyodide.asm.wasm`, [a.wasm, "application/wasm"]],
    [`${INDEX}stdlib.zip`, [a.stdlib, "application/zip"]],
  ]);
  const network = self.fetch;
  self.fetch = async (input: RequestInfo | URL) => {
    const file = files.get(input instanceof Request ? input.url : String(input));
    if (!file) throw new TypeError("the sandbox has no network");
    return new Response(file[0], { headers: { "Content-Type": file[1] } });
  };
  try {
    const [runtime, asm] = await Promise.all([import(/* @vite-ignore */ moduleUrl(a.pyodide)), import(/* @vite-ignore */ moduleUrl(a.asm))]);
    return (await runtime.loadPyodide({
      indexURL: INDEX,
      stdLibURL: `${INDEX}stdlib.zip`,
      lockFileContents: a.lock,
      packages: [],
      createPyodideModule: asm.default,
    })) as Python;
  } finally {
    self.fetch = network; // an edit's own fetch meets the sandbox's policy
  }
}

async function start({ assets, port, interrupt }: Start): Promise<void> {
  const t0 = performance.now();
  const post = (e: SandboxEvent) => port.postMessage(e);
  // the full standard library, from the page, the first time a module is missing
  let full: ((bytes: ArrayBuffer) => void) | null = null;
  const stdlib = trimmedStdlib(
    () => new Promise<ArrayBuffer>((resolve) => {
      full = resolve;
      post({ type: "need-stdlib" });
    }),
    (m) => console.warn(m),
  );
  let py: Python;
  let call: (op: string, payload: string, progress: (fraction: number) => void) => string;
  try {
    py = await boot(assets);
    stdlib.install(py);
    py.unpackArchive(assets.models, "zip");
    call = py.runPython("from perfmodels.editing.editbridge import call\ncall") as typeof call;
    if (interrupt) py.setInterruptBuffer(interrupt);
  } catch (e) {
    post({ type: "failed", message: e instanceof Error ? e.message : String(e) });
    return;
  }
  port.onmessage = async (e: MessageEvent<SandboxRequest>) => {
    const m = e.data;
    if (m.type === "stdlib") {
      full?.(m.bytes);
      return;
    }
    if (interrupt) Atomics.store(interrupt, 0, 0); // a stop asked after the last call ended is not this one's
    let text: string;
    let told = -Infinity;
    const progress = (fraction: number) => {
      if (performance.now() - told < PROGRESS_MS && fraction < 1) return;
      told = performance.now();
      post({ type: "progress", id: m.id, fraction });
    };
    try {
      text = await stdlib.run(py, () => call(m.op, JSON.stringify(m.payload), progress));
    } catch (err) {
      text = JSON.stringify({ error: err instanceof Error ? err.message : String(err), line: null });
    }
    post({ type: "answer", id: m.id, text });
  };
  post({ type: "ready", ms: Math.round(performance.now() - t0) });
}

self.onmessage = (e: MessageEvent<Start>) => {
  self.onmessage = null; // started once
  void start(e.data);
};
