// The worker's runtime, free of browser globals so tests can drive it in Node with real Pyodide:
// boot Pyodide, unpack the perfmodels archive, then answer requests by calling Python.
// A first start boots Python from its (trimmed, compiled) standard library and, once the page
// has been quiet for a moment, keeps a memory snapshot of the interpreter with the models
// imported and warmed (./snapshots.ts); later starts restore it: no interpreter start-up, no
// imports. A snapshot that cannot be loaded is dropped and Python starts the ordinary way.
import { type BootPhase, type Call, callKey, type WorkerEvent, type WorkerRequest } from "./protocol";
import { ReplyWriter } from "./replies";
import type { SnapshotStore } from "./snapshots";
import type { TrimmedStdlib } from "./stdlib";

export interface PyodideLike {
  runPython(code: string): unknown;
  unpackArchive(buffer: ArrayBuffer, format: string, options?: { extractDir?: string }): void;
  globals: { get(name: string): unknown };
  FS: { writeFile(path: string, data: Uint8Array): void };
  makeMemorySnapshot?(): Uint8Array;
  setInterruptBuffer?(buffer: Int32Array): void;
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
// Everything loaded by then (the standard library, the models) lives as long as the worker:
// frozen out of the cycle collector, whose full pass over it takes some 25 ms in Pyodide and
// would fall, now and then, in the middle of a knob move's answer.
const BRIDGE = `
from perfmodels.bridge import call as _memolab_call
import gc as _gc
_gc.freeze()
_memolab_call
`;

const RECENT = 16;
const OWN = new Set(["table", "fit", "left_out", "simulate"]);
// A long request's progress is posted at most this often.
const PROGRESS_MS = 50;

type PyCall = ((op: string, payload: string, progress?: (fraction: number) => void) => string) & { destroy?: () => void };

export function createKernel(deps: KernelDeps) {
  const now = deps.now ?? (() => performance.now());
  const t0 = now();
  let call: PyCall | null = null;
  let pyodide: PyodideLike | null = null;
  let failed: string | null = null;
  let board: ReplyWriter | null = null;
  let interrupt: Int32Array | null = null;
  const recent = new Map<string, string>();
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
    if (interrupt) py.setInterruptBuffer?.(interrupt);
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
      board = new ReplyWriter(req.buffer);
      if (req.interrupt) {
        interrupt = new Int32Array(req.interrupt);
        pyodide?.setInterruptBuffer?.(interrupt);
      }
      return;
    }
    await booted;
    quiet();
    const { id, type, ...payload } = req;
    if (!call || !pyodide) {
      const message = failed ?? "runtime not started";
      const text = JSON.stringify({ error: message });
      board?.post(id, text);
      deps.post({ type: "answer", id, text });
      return;
    }
    // The page often asks again for what it just had computed ahead (a prefetched curve whose
    // message had not reached it yet): that answer is given from here, without Python.
    const key = callKey({ type, ...payload } as Call);
    let text = recent.get(key);
    if (text === undefined) {
      try {
        const fn = call;
        // a stop asked for after the last request ended is not this one's
        if (interrupt) Atomics.store(interrupt, 0, 0);
        let told = -Infinity;
        const progress = type === "fit" || type === "left_out" || type === "simulate"
          ? (fraction: number) => {
            if (now() - told < PROGRESS_MS && fraction < 1) return;
            told = now();
            deps.post({ type: "progress", id, fraction });
          }
          : undefined;
        text = await run(pyodide, () => fn(type, JSON.stringify(payload), progress));
      } catch (e) {
        text = JSON.stringify({ error: e instanceof Error ? e.message : String(e) });
      }
      // (a user's table is read and fitted once, and a stopped fit must be able to run again)
      if (!OWN.has(type)) {
        recent.set(key, text);
        if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
      }
    }
    board?.post(id, text);
    deps.post({ type: "answer", id, text });
  }

  return { handle, booted };
}
