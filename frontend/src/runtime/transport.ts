// The page's end of the model worker: starting it, its boot status, numbering requests and
// matching answers, and the reply board (./replies.ts) the page reads answers off without
// waiting for their messages, spinning a few milliseconds for one it needs now.
import type { Answer } from "./answer";
import type { BootPhase, Call, WorkerEvent } from "./protocol";
import { type Posted, ReplyReader } from "./replies";

export interface RuntimeStatus {
  phase: BootPhase | "starting";
  step: number;
  steps: number;
  message: string;
  ms: number;
}

export interface WorkerLike {
  postMessage(msg: unknown): void;
  addEventListener(type: "message", fn: (e: MessageEvent<WorkerEvent>) => void): void;
  addEventListener(type: "error", fn: (e: ErrorEvent) => void): void;
  terminate(): void;
}

const REPLY_BUFFER_BYTES = 4 << 20;
// How long the page may block waiting for the worker: a sweep takes about 2 ms, and past this
// the answer is taken from the worker's message instead.
export const SPIN_BUDGET_MS = 8;

type Pending = { call: Call; resolve: (v: unknown) => void; reject: (e: Error) => void; progress?: (fraction: number) => void };

export class WorkerTransport {
  status: RuntimeStatus = { phase: "starting", step: 0, steps: 3, message: "Starting the Python runtime", ms: 0 };
  private listeners = new Set<(s: RuntimeStatus) => void>();
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private worker: WorkerLike | null = null;
  private waiting = false;
  private disposed = false;
  private board: ReplyReader | null = null;
  // set to 2 (SIGINT) to stop the Python running in the worker (a fit); shared memory only
  private interruptWord: Int32Array | null = null;
  /** Told at once (not a microtask later) of an answer read off the board. */
  onEarlyAnswer: ((call: Call, result: unknown) => void) | null = null;

  /** `start`: create the worker only once this resolves (until then the server answers). */
  constructor(makeWorker: (() => WorkerLike) | null, shared: boolean, start?: Promise<void>) {
    if (!makeWorker) return; // no Web Workers here (a test, an old browser): the server answers
    if (!start) {
      this.launch(makeWorker, shared);
      return;
    }
    this.waiting = true;
    void start.then(() => {
      this.waiting = false;
      if (!this.disposed) this.launch(makeWorker, shared);
    });
  }

  private launch(makeWorker: () => WorkerLike, shared: boolean): void {
    try {
      this.worker = makeWorker();
    } catch (e) {
      this.setStatus({ ...this.status, phase: "failed", message: `The worker could not start: ${String(e)}` });
      return;
    }
    this.worker.addEventListener("message", (e) => this.onEvent(e.data));
    this.worker.addEventListener("error", (e) => {
      this.setStatus({ ...this.status, phase: "failed", message: `The worker failed: ${e.message || "load error"}` });
      this.failAll("worker failed");
    });
    if (shared) {
      const buffer = new SharedArrayBuffer(REPLY_BUFFER_BYTES);
      const interrupt = new SharedArrayBuffer(4);
      this.board = new ReplyReader(buffer);
      this.interruptWord = new Int32Array(interrupt);
      this.worker.postMessage({ id: 0, type: "attach", buffer, interrupt });
    }
  }

  get ready(): boolean {
    return this.status.phase === "ready";
  }

  /** Whether the worker may still answer (it is starting or ready, not failed). */
  get alive(): boolean {
    return (this.worker !== null || this.waiting) && this.status.phase !== "failed";
  }

  subscribe(fn: (s: RuntimeStatus) => void): () => void {
    this.listeners.add(fn);
    fn(this.status);
    return () => this.listeners.delete(fn);
  }

  /** Resolves when the worker is ready; rejects if it fails first. */
  whenReady(): Promise<void> {
    return new Promise((resolve, reject) => {
      const off = this.subscribe((s) => {
        if (s.phase !== "ready" && s.phase !== "failed") return;
        queueMicrotask(() => off());
        if (s.phase === "ready") resolve();
        else reject(new Error(s.message));
      });
    });
  }

  /** Ask the worker. With `wait` and a reply board, spin briefly so the answer comes now;
   * `progress` is told how much of a long request is done. */
  request(call: Call, wait: boolean, progress?: (fraction: number) => void): Answer<unknown> {
    if (!this.worker) return { later: Promise.reject(new Error("no worker")) };
    const id = this.nextId++;
    const later = new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { call, resolve, reject, progress });
    });
    this.worker.postMessage({ ...call, id });
    const now = wait && this.board ? this.spin(id) : null;
    if (!now) return { later };
    this.pending.delete(id);
    if ("error" in now) return { later: Promise.reject(new Error(now.error)) };
    return { now: now.result };
  }

  /** Stop the Python the worker is running (its request answers with the error "stopped");
   * false where the page and the worker share no memory and nothing can be stopped. */
  interrupt(): boolean {
    if (!this.interruptWord) return false;
    Atomics.store(this.interruptWord, 0, 2);
    return true;
  }

  dispose(): void {
    this.disposed = true;
    this.worker?.terminate();
    this.failAll("disposed");
  }

  /** Settle now every request whose answer is on the board (its message may not have reached
   * the page yet). */
  drain(): void {
    this.read(null);
  }

  /** Wait a few milliseconds for the worker to answer `id`; the answers on the board with it
   * settle their requests now. */
  private spin(id: number): { result: unknown } | { error: string } | null {
    const board = this.board!;
    const deadline = performance.now() + SPIN_BUDGET_MS;
    while (board.newest < id) {
      if (performance.now() > deadline) return null;
    }
    const mine = this.read(id);
    if (!mine) return null; // too large for the board: its message brings it
    return mine.error !== undefined ? { error: mine.error } : { result: mine.result };
  }

  /** Read the board's answers to pending requests: the one for `claim` is returned (the caller
   * answers it), the others settle. */
  private read(claim: number | null): Posted | undefined {
    let mine: Posted | undefined;
    for (const [id, out] of this.board?.read((i) => this.pending.has(i)) ?? []) {
      if (id === claim) mine = out;
      else this.settle(id, out, true);
    }
    return mine;
  }

  private settle(id: number, out: Posted, early: boolean): void {
    const p = this.pending.get(id);
    if (!p) return; // already answered (off the board, or by its message)
    this.pending.delete(id);
    if (out.error !== undefined) {
      p.reject(new Error(out.error));
      return;
    }
    if (early) this.onEarlyAnswer?.(p.call, out.result);
    p.resolve(out.result);
  }

  private onEvent(ev: WorkerEvent): void {
    if (ev.type === "status") {
      this.setStatus({ phase: ev.phase, step: ev.step, steps: ev.steps, message: ev.message, ms: ev.ms });
      return;
    }
    if (ev.type === "progress") {
      this.pending.get(ev.id)?.progress?.(ev.fraction);
      return;
    }
    // (an answer already read off the board is not parsed a second time)
    if (this.pending.has(ev.id)) this.settle(ev.id, JSON.parse(ev.text) as Posted, false);
  }

  private failAll(reason: string): void {
    for (const p of this.pending.values()) p.reject(new Error(reason));
    this.pending.clear();
  }

  private setStatus(s: RuntimeStatus): void {
    this.status = s;
    for (const fn of this.listeners) fn(s);
  }
}
