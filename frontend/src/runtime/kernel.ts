// The worker's runtime, free of browser globals so tests can drive it in Node with real Pyodide:
// boot Pyodide, unpack the perfmodels archive, then answer requests by calling Python.
// A first start boots Python from its (trimmed, compiled) standard library and, once the page
// has been quiet for a moment, keeps a memory snapshot of the interpreter with the models
// imported and warmed (./snapshots.ts); later starts restore it: no interpreter start-up, no
// imports. A snapshot that cannot be loaded is dropped and Python starts the ordinary way.
import { type BootPhase, type Call, callKey, REPLY_HEADER_BYTES, type WorkerEvent, type WorkerRequest } from "./protocol";
import type { SnapshotStore } from "./snapshots";
import type { TrimmedStdlib } from "./stdlib";

export interface PyodideLike {
  runPython(code: string): unknown;
  unpackArchive(buffer: ArrayBuffer, format: string, options?: { extractDir?: string }): void;
  globals: { get(name: string): unknown };
  FS: { writeFile(path: string, data: Uint8Array): void };
  makeMemorySnapshot?(): Uint8Array;
}

export interface BootOptions {
  /** start from this memory snapshot instead of a fresh interpreter (read while Pyodide loads) */
  snapshot?: Promise<Uint8Array>;
  /** start so that a memory snapshot can be made later */
  makeSnapshot?: boolean;
}

export interface KernelDeps {
  loadPyodide: (options: BootOptions) => Promise<PyodideLike>;
  fetchModels: () => Promise<ArrayBuffer>;
  /** where start-up snapshots are kept (none kept or used without it) */
  snapshots?: SnapshotStore;
  /** how long the page must have asked nothing before a snapshot is made (default 3 s) */
  snapshotQuietMs?: number;
  /** when Pyodide was given the trimmed standard library: its guard (./stdlib.ts) */
  stdlib?: TrimmedStdlib;
  post: (event: WorkerEvent) => void;
  /** where notices go (the worker's console) */
  log?: (message: string) => void;
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
  let pyodide: PyodideLike | null = null;
  let failed: string | null = null;
  let reply: { ctrl: Int32Array; data: Uint8Array } | null = null;
  const recent = new Map<string, string>();
  const encoder = new TextEncoder();

  // Answers given since the last sync reply (the newest UNSENT_MAX): the next sync reply carries
  // them too, so the page need not wait for their messages (protocol.ts).
  let unsent: [number, string][] = [];
  const UNSENT_MAX = 8;
  function writeReply(id: number, text: string): void {
    if (!reply) return;
    const batch = (entries: [number, string][]) => encoder.encode(`[${entries.map(([i, t]) => `[${i},${t}]`).join(",")}]`);
    // encodeInto refuses shared memory in Chromium: encode, then copy in. When the backlog does
    // not fit, the answer alone; when that does not either, the message brings it.
    let bytes = batch([...unsent, [id, text]]);
    if (bytes.length > reply.data.length) bytes = batch([[id, text]]);
    unsent = [];
    const fits = bytes.length <= reply.data.length;
    if (fits) reply.data.set(bytes);
    Atomics.store(reply.ctrl, 1, fits ? bytes.length : -1);
    Atomics.store(reply.ctrl, 0, id);
    Atomics.notify(reply.ctrl, 0);
  }
  function keepUnsent(id: number, text: string): void {
    if (!reply) return;
    unsent.push([id, text]);
    if (unsent.length > UNSENT_MAX) unsent.shift();
  }
  const status = (phase: BootPhase, step: number, message: string) =>
    deps.post({ type: "status", phase, step, steps: 3, message, ms: Math.round(now() - t0) });

  const log = deps.log ?? ((m: string) => console.warn(m));
  const run = <T>(py: PyodideLike, work: () => T): Promise<T> => (deps.stdlib ? deps.stdlib.run(py, work) : Promise.resolve(work()));

  async function start(): Promise<{ py: PyodideLike; restored: boolean }> {
    const found = await deps.snapshots?.find().catch(() => null);
    if (found) {
      try {
        return { py: await deps.loadPyodide({ snapshot: found.bytes }), restored: true };
      } catch (e) {
        log(`Memo Lab: the kept start-up snapshot could not be loaded (${e instanceof Error ? e.message.split("\n")[0] : e}); starting Python afresh`);
        void deps.snapshots?.drop().catch(() => undefined);
      }
    }
    return { py: await deps.loadPyodide({ makeSnapshot: deps.snapshots !== undefined }), restored: false };
  }

  async function bootInner(): Promise<void> {
    status("runtime", 1, "Loading the Python runtime");
    const models = deps.fetchModels();
    models.catch(() => undefined); // awaited below; a failure there is the boot's failure
    const { py, restored } = await start();
    deps.stdlib?.install(py);
    const archive = await models;
    status("models", 2, "Installing the models");
    // A snapshot holds memory, not files: the models' data files are unpacked either way.
    py.unpackArchive(archive, "zip");
    call = await run(py, () => py.runPython(BRIDGE) as PyCall);
    pyodide = py;
    status("ready", 3, "Models run in your browser");
    if (!restored && deps.snapshots && py.makeMemorySnapshot) snapshotDue = true;
    quiet();
  }

  // The snapshot is made once the page has been quiet for a while, never in the middle of use.
  let snapshotDue = false;
  let snapshotTimer: ReturnType<typeof setTimeout> | undefined;
  function quiet(): void {
    if (!snapshotDue) return;
    clearTimeout(snapshotTimer);
    snapshotTimer = setTimeout(() => void keepSnapshot(), deps.snapshotQuietMs ?? 3000);
  }
  async function keepSnapshot(): Promise<void> {
    snapshotDue = false;
    const py = pyodide;
    if (!py?.makeMemorySnapshot || !deps.snapshots || deps.stdlib?.widened) return; // the full library is a file, not memory
    try {
      await deps.snapshots.keep(py.makeMemorySnapshot());
    } catch (e) {
      log(`Memo Lab: no start-up snapshot kept (${e instanceof Error ? e.message : e})`);
    }
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
    quiet();
    const { id, type, sync, ...payload } = req;
    if (!call || !pyodide) {
      const message = failed ?? "runtime not started";
      if (sync) writeReply(id, JSON.stringify({ error: message }));
      else keepUnsent(id, JSON.stringify({ error: message }));
      deps.post({ type: "error", id, message });
      return;
    }
    // The page often asks again for what it just had computed ahead (a prefetched curve whose
    // message had not reached it yet): that answer is given from here, without Python.
    const key = callKey({ type, ...payload } as Call);
    let text = recent.get(key);
    if (text === undefined) {
      try {
        const fn = call;
        text = await run(pyodide, () => fn(type, JSON.stringify(payload)));
      } catch (e) {
        text = JSON.stringify({ error: e instanceof Error ? e.message : String(e) });
      }
      recent.set(key, text);
      if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
    }
    if (sync) writeReply(id, text);
    else keepUnsent(id, text);
    const out = JSON.parse(text) as { result?: unknown; error?: string };
    if (out.error !== undefined) deps.post({ type: "error", id, message: out.error });
    else deps.post({ type: "result", id, result: out.result });
  }

  return { handle, booted };
}
