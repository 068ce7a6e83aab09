// The page's single door to the models: the in-browser Pyodide worker once it is ready, the
// server's /api (same Python code) before that or if the worker cannot start.
import { api } from "../api/client";
import type { EvaluateResult, KnobValues, SweepResult } from "../api/types";
import type { BootPhase, Call, ResultFor, WorkerEvent } from "./protocol";

export interface RuntimeStatus {
  phase: BootPhase | "starting";
  step: number;
  steps: number;
  message: string;
  ms: number;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export interface WorkerLike {
  postMessage(msg: unknown): void;
  addEventListener(type: "message", fn: (e: MessageEvent<WorkerEvent>) => void): void;
  addEventListener(type: "error", fn: (e: ErrorEvent) => void): void;
  terminate(): void;
}

export class ModelClient {
  status: RuntimeStatus = { phase: "starting", step: 0, steps: 3, message: "Starting the Python runtime", ms: 0 };
  private listeners = new Set<(s: RuntimeStatus) => void>();
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private worker: WorkerLike | null = null;

  constructor(makeWorker: (() => WorkerLike) | null, private http = api) {
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
  }

  get inBrowser(): boolean {
    return this.status.phase === "ready";
  }

  subscribe(fn: (s: RuntimeStatus) => void): () => void {
    this.listeners.add(fn);
    fn(this.status);
    return () => this.listeners.delete(fn);
  }

  evaluate(system: string, knobs: KnobValues): Promise<EvaluateResult> {
    if (this.inBrowser) return this.callWorker({ type: "evaluate", system, knobs });
    return this.http.evaluate(system, knobs);
  }

  sweep(system: string, knobs: KnobValues, x: string, values?: (number | string)[]): Promise<SweepResult> {
    if (this.inBrowser) return this.callWorker({ type: "sweep", system, knobs, x, values });
    return this.http.sweep(system, knobs, x, values);
  }

  dispose(): void {
    this.worker?.terminate();
    this.failAll("disposed");
  }

  private callWorker<C extends Call>(call: C): Promise<ResultFor[C["type"]]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker!.postMessage({ ...call, id });
    });
  }

  private onEvent(ev: WorkerEvent): void {
    if (ev.type === "status") {
      this.setStatus({ phase: ev.phase, step: ev.step, steps: ev.steps, message: ev.message, ms: ev.ms });
      return;
    }
    const p = this.pending.get(ev.id);
    if (!p) return;
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

export function createBrowserClient(): ModelClient {
  const make = typeof Worker === "undefined"
    ? null
    : () => new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }) as unknown as WorkerLike;
  return new ModelClient(make);
}
