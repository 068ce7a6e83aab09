// The page's single door to the models: the in-browser Pyodide worker once it is ready, the
// server's /api (same Python code) before that or if the worker cannot start.
import { api, ApiError } from "../api/client";
import type { EvaluateResult, KnobValues, SweepResult } from "../api/types";
import { REPLY_HEADER_BYTES, type BootPhase, type Call, type ResultFor, type WorkerEvent } from "./protocol";

export interface RuntimeStatus {
  phase: BootPhase | "starting";
  step: number;
  steps: number;
  message: string;
  ms: number;
}

/** An answer available now (drawn in the same frame as the knob move) or later. */
export type Answer<T> = { now: T } | { later: Promise<T> };

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export interface WorkerLike {
  postMessage(msg: unknown): void;
  addEventListener(type: "message", fn: (e: MessageEvent<WorkerEvent>) => void): void;
  addEventListener(type: "error", fn: (e: ErrorEvent) => void): void;
  terminate(): void;
}

const REPLY_BUFFER_BYTES = 4 << 20;
// How long the page may block waiting for the worker: a sweep takes about 2 ms, and past this
// the answer is taken from the worker's message instead.
const SPIN_BUDGET_MS = 8;
const CACHE_ENTRIES = 64;

const keyOf = (call: Call) => JSON.stringify(call);

export class ModelClient {
  status: RuntimeStatus = { phase: "starting", step: 0, steps: 3, message: "Starting the Python runtime", ms: 0 };
  private listeners = new Set<(s: RuntimeStatus) => void>();
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private worker: WorkerLike | null = null;
  private reply: { ctrl: Int32Array; data: Uint8Array } | null = null;
  // Recent answers by request: a knob moved back and forth, or asked for ahead of the render,
  // is answered without another round trip. Answers are the same from the worker and the server.
  private cache = new Map<string, unknown>();
  // Background requests (nothing waits on them) run one at a time per lane; a newer one
  // replaces a queued older one, so a dragged slider never queues stale work in the worker.
  private lanes = new Map<string, { busy: boolean; queued: (((() => void) & { superseded?: () => void }) | null) }>();

  constructor(makeWorker: (() => WorkerLike) | null, private http = api, shared = canShareMemory()) {
    if (!makeWorker) return;
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
      this.reply = { ctrl: new Int32Array(buffer, 0, 2), data: new Uint8Array(buffer, REPLY_HEADER_BYTES) };
      this.worker.postMessage({ id: 0, type: "attach", buffer });
    }
  }

  get inBrowser(): boolean {
    return this.status.phase === "ready";
  }

  subscribe(fn: (s: RuntimeStatus) => void): () => void {
    this.listeners.add(fn);
    fn(this.status);
    return () => this.listeners.delete(fn);
  }

  /** Without a `lane`, block briefly for the answer so it is drawn in this frame (the curve needs
   * that). With one, run in the background in that lane: details that may trail by a frame
   * should not spend the page's time waiting, nor pile up behind each other. */
  evaluate(system: string, knobs: KnobValues, lane?: string): Answer<EvaluateResult> {
    const call = { type: "evaluate" as const, system, knobs };
    const hit = this.cached(call);
    if (hit) return hit;
    if (!this.inBrowser) return this.remote(call, this.http.evaluate(system, knobs));
    return lane ? this.background(lane, call) : this.ask(call);
  }

  sweep(system: string, knobs: KnobValues, x: string, values?: (number | string)[], wait = true): Answer<SweepResult> {
    const call = { type: "sweep" as const, system, knobs, x, values };
    return this.cached(call) ?? (this.inBrowser ? this.ask(call, wait) : this.remote(call, this.http.sweep(system, knobs, x, values)));
  }

  /** Compute a curve the page is likely to need next, in the background, into the cache (only
   * with the in-browser runtime; a newer prefetch replaces one not yet started). */
  prefetchSweep(system: string, knobs: KnobValues, x: string): void {
    const call = { type: "sweep" as const, system, knobs, x, values: undefined };
    if (!this.inBrowser || this.peek(call) !== undefined) return;
    const a = this.background("prefetch", call);
    if ("later" in a) a.later.catch(() => undefined);
  }

  private background<C extends Call>(lane: string, call: C): Answer<ResultFor[C["type"]]> {
    const l = this.lanes.get(lane) ?? { busy: false, queued: null };
    this.lanes.set(lane, l);
    const later = new Promise<ResultFor[C["type"]]>((resolve, reject) => {
      const start = () => {
        l.busy = true;
        const a = this.ask(call, false);
        const done = "later" in a ? a.later : Promise.resolve(a.now);
        done.then(resolve, reject).finally(() => {
          l.busy = false;
          const next = l.queued;
          l.queued = null;
          next?.();
        });
      };
      if (!l.busy) start();
      else {
        // The queued request this one replaces will never run: its caller has moved on.
        const replaced = l.queued;
        l.queued = start;
        if (replaced) replaced.superseded?.();
        (start as { superseded?: () => void }).superseded = () => reject(new Error("superseded"));
      }
    });
    return { later };
  }

  /** The answer to a request if it is already known (no work, no waiting). */
  peek<C extends Call>(call: C): ResultFor[C["type"]] | undefined {
    return this.cache.get(keyOf(call)) as ResultFor[C["type"]] | undefined;
  }

  private cached<C extends Call>(call: C): Answer<ResultFor[C["type"]]> | null {
    const hit = this.peek(call);
    return hit === undefined ? null : { now: hit };
  }

  private store(call: Call, result: unknown): void {
    const key = keyOf(call);
    this.cache.delete(key);
    this.cache.set(key, result);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }

  /** The server's answer; with no connection (offline), the in-browser runtime's once it is up. */
  private remote<C extends Call>(call: C, p: Promise<ResultFor[C["type"]]>): Answer<ResultFor[C["type"]]> {
    return this.remember(call, p.catch(async (e: unknown) => {
      if (e instanceof ApiError || !this.worker || this.status.phase === "failed") throw e;
      await this.whenReady();
      const a = this.ask(call, false);
      return "later" in a ? a.later : a.now;
    }));
  }

  private whenReady(): Promise<void> {
    return new Promise((resolve, reject) => {
      const off = this.subscribe((s) => {
        if (s.phase !== "ready" && s.phase !== "failed") return;
        queueMicrotask(() => off());
        if (s.phase === "ready") resolve();
        else reject(new Error(s.message));
      });
    });
  }

  private remember<T>(call: Call, p: Promise<T>): Answer<T> {
    return {
      later: p.then((r) => {
        this.store(call, r);
        return r;
      }),
    };
  }

  dispose(): void {
    this.worker?.terminate();
    this.failAll("disposed");
  }

  private ask<C extends Call>(call: C, wait = true): Answer<ResultFor[C["type"]]> {
    if (!this.worker) return this.remember(call, Promise.reject(new Error("no worker")));
    const id = this.nextId++;
    const later = new Promise<ResultFor[C["type"]]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    const sync = wait && this.reply !== null;
    this.worker!.postMessage({ ...call, id, sync });
    const now = sync && this.spin(id);
    if (!now) return this.remember(call, later);
    this.pending.delete(id);
    if ("error" in now) return { later: Promise.reject(new Error(now.error)) };
    this.store(call, now.result);
    return { now: now.result as ResultFor[C["type"]] };
  }

  /** Wait a few milliseconds for the worker's answer in the shared buffer. */
  private spin(id: number): { result: unknown } | { error: string } | null {
    const { ctrl, data } = this.reply!;
    const deadline = performance.now() + SPIN_BUDGET_MS;
    while (Atomics.load(ctrl, 0) !== id) {
      if (performance.now() > deadline) return null;
    }
    const length = Atomics.load(ctrl, 1);
    if (length < 0) return null; // too large for the buffer: the message brings it
    // TextDecoder refuses views of shared memory: decode a private copy.
    return JSON.parse(new TextDecoder().decode(data.slice(0, length)));
  }

  private onEvent(ev: WorkerEvent): void {
    if (ev.type === "status") {
      this.setStatus({ phase: ev.phase, step: ev.step, steps: ev.steps, message: ev.message, ms: ev.ms });
      return;
    }
    const p = this.pending.get(ev.id);
    if (!p) return; // already answered through the shared buffer
    this.pending.delete(ev.id);
    if (ev.type === "result") p.resolve(ev.result);
    else p.reject(new Error(ev.message));
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

function canShareMemory(): boolean {
  return typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;
}

export function createBrowserClient(): ModelClient {
  const make = typeof Worker === "undefined"
    ? null
    : () => new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }) as unknown as WorkerLike;
  return new ModelClient(make);
}
