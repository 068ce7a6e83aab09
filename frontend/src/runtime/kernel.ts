// The worker's runtime, free of browser globals so tests can drive it in Node with real Pyodide:
// boot Pyodide, unpack the perfmodels archive, then answer requests by calling Python.
// Pyodide starts from a memory snapshot of an interpreter with the models imported and warmed,
// made by the build (scripts/make_snapshot.mjs): no interpreter start-up, no imports. Without
// a snapshot, or if it cannot be loaded, it starts the ordinary way.
import { REPLY_HEADER_BYTES, type BootPhase, type WorkerEvent, type WorkerRequest } from "./protocol";

export interface PyodideLike {
  runPython(code: string): unknown;
  unpackArchive(buffer: ArrayBuffer, format: string, options?: { extractDir?: string }): void;
  globals: { get(name: string): unknown };
}

export interface BootOptions {
  /** start from this memory snapshot instead of a fresh interpreter (fetched while Pyodide loads) */
  snapshot?: Promise<Uint8Array>;
}

export interface KernelDeps {
  loadPyodide: (options: BootOptions) => Promise<PyodideLike>;
  fetchSnapshot?: () => Promise<Uint8Array | null>;
  fetchModels: () => Promise<ArrayBuffer>;
  post: (event: WorkerEvent) => void;
  now?: () => number;
  bootTimeoutMs?: number;
}

// Python side of the bridge: perfmodels/bridge.py (tested in CPython), JSON in, JSON out.
const BRIDGE = `
from perfmodels.bridge import call as _memolab_call
_memolab_call
`;

const RECENT = 16;

type PyCall = ((op: string, payload: string) => string) & { destroy?: () => void };

export function createKernel(deps: KernelDeps) {
  const now = deps.now ?? (() => performance.now());
  const t0 = now();
  let call: PyCall | null = null;
  let failed: string | null = null;
  let reply: { ctrl: Int32Array; data: Uint8Array } | null = null;
  const recent = new Map<string, string>();
  const encoder = new TextEncoder();

  function writeReply(id: number, text: string): void {
    if (!reply) return;
    // encodeInto refuses shared memory in Chromium: encode, then copy in.
    const bytes = encoder.encode(text);
    const fits = bytes.length <= reply.data.length;
    if (fits) reply.data.set(bytes);
    Atomics.store(reply.ctrl, 1, fits ? bytes.length : -1);
    Atomics.store(reply.ctrl, 0, id);
    Atomics.notify(reply.ctrl, 0);
  }
  const status = (phase: BootPhase, step: number, message: string) =>
    deps.post({ type: "status", phase, step, steps: 3, message, ms: Math.round(now() - t0) });

  async function bootInner(): Promise<void> {
    status("runtime", 1, "Loading the Python runtime");
    const models = deps.fetchModels();
    models.catch(() => undefined); // awaited below; a failure there is the boot's failure
    const snapshot = deps.fetchSnapshot?.().then((b) => b ?? Promise.reject(new Error("no snapshot")));
    let py: PyodideLike | null = null;
    if (snapshot) {
      try {
        py = await deps.loadPyodide({ snapshot });
      } catch {
        py = null; // no snapshot, or one this runtime cannot load: start the ordinary way
      }
    }
    py ??= await deps.loadPyodide({});
    const archive = await models;
    status("models", 2, "Installing the models");
    // A snapshot holds memory, not files: the models' data files are unpacked either way.
    py.unpackArchive(archive, "zip");
    call = py.runPython(BRIDGE) as PyCall;
    status("ready", 3, "Models run in your browser");
  }

  const booted: Promise<void> = (async () => {
    const limit = deps.bootTimeoutMs ?? 60_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        bootInner(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the Python runtime did not start within ${limit / 1000} s`)), limit);
        }),
      ]);
    } catch (e) {
      failed = e instanceof Error ? e.message : String(e);
      status("failed", 3, failed);
    } finally {
      clearTimeout(timer);
    }
  })();

  async function handle(req: WorkerRequest): Promise<void> {
    if (req.type === "attach") {
      reply = { ctrl: new Int32Array(req.buffer, 0, 2), data: new Uint8Array(req.buffer, REPLY_HEADER_BYTES) };
      return;
    }
    await booted;
    const { id, type, sync, ...payload } = req;
    if (!call) {
      const message = failed ?? "runtime not started";
      if (sync) writeReply(id, JSON.stringify({ error: message }));
      deps.post({ type: "error", id, message });
      return;
    }
    // The page often asks again for what it just had computed ahead (a prefetched curve whose
    // message had not reached it yet): that answer is given from here, without Python.
    const key = `${type}|${JSON.stringify(payload)}`;
    let text = recent.get(key);
    if (text === undefined) {
      try {
        text = call(type, JSON.stringify(payload));
      } catch (e) {
        text = JSON.stringify({ error: e instanceof Error ? e.message : String(e) });
      }
      recent.set(key, text);
      if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
    }
    if (sync) writeReply(id, text);
    const out = JSON.parse(text) as { result?: unknown; error?: string };
    if (out.error !== undefined) deps.post({ type: "error", id, message: out.error });
    else deps.post({ type: "result", id, result: out.result });
  }

  return { handle, booted };
}
