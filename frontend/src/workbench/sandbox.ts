// The page's end of the edited model's sandbox: an <iframe sandbox="allow-scripts"> (an opaque
// origin: no storage, cookies or page of ours to reach) whose document the server sends with a
// policy refusing every request (public/sandbox.html, backend/app/core/headers.py sandbox_csp).
// The page fetches the sandbox worker's code, the Python runtime and the models, and sends them in;
// answers come back on a MessagePort only. Each call has a time limit: past it the sandbox is
// asked to stop the Python where it is (its line is reported), and if that does not answer within
// a moment the frame is removed, its worker with it, and a fresh one is started for the next call.
// A call may be told its progress (a fit's), and stopped by its page (an AbortSignal) the same way.
import workerUrl from "./sandboxWorker.ts?worker&url";
import { type SandboxAnswer, readAnswer } from "./answers";
import type { SandboxAssets, SandboxCall, SandboxCallOp, SandboxEvent, SandboxPayload, SandboxRequest } from "./protocol";

declare const __PYODIDEDIR__: string;
declare const __MODELSZIP__: string;
declare const __STDLIB__: string;
declare const __PYODIDELOCK__: object;

export interface SandboxStatus {
  phase: "starting" | "ready" | "failed";
  message?: string;
  /** how long the last start took, in the sandbox, ms */
  ms?: number;
}

// after the time limit, how long the Python has to stop on its own before the frame is removed
const GRACE_MS = 1500;

type Loaded = Omit<SandboxAssets, "lock"> & { code: string };
let loaded: Promise<Loaded> | null = null;

/** The sandbox's files, fetched once a page (the service worker and the HTTP cache keep them). */
function load(): Promise<Loaded> {
  const get = async (path: string) => {
    const r = await fetch(new URL(path, location.origin));
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    return r;
  };
  const text = async (p: string) => (await get(p)).text();
  const bytes = async (p: string) => (await get(p)).arrayBuffer();
  loaded ??= (async () => {
    const [code, pyodide, asm, wasm, stdlib, models] = await Promise.all([
      text(workerUrl),
      text(`/${__PYODIDEDIR__}pyodide.mjs`),
      text(`/${__PYODIDEDIR__}pyodide.asm.mjs`),
      bytes(`/${__PYODIDEDIR__}pyodide.asm.wasm`),
      bytes(`/${__STDLIB__}`),
      bytes(`/${__MODELSZIP__}`),
    ]);
    return { code, pyodide, asm, wasm, stdlib, models };
  })();
  loaded.catch(() => {
    loaded = null; // tried again by the next start
  });
  return loaded;
}

export interface Frame {
  iframe: HTMLIFrameElement;
  port: MessagePort;
  ready: Promise<void>;
}

/** What a caller may add to a call: told the share done, and a way to stop it. */
export interface CallOptions {
  progress?: (fraction: number) => void;
  signal?: AbortSignal;
}

type Queued = {
  call: SandboxCall;
  limitMs: number;
  options: CallOptions;
  resolve: (a: SandboxAnswer) => void;
};

interface Pending {
  id: number;
  resolve: (a: SandboxAnswer) => void;
  /** start the time limit again (the call waited on the page, not on its Python) */
  rearm: () => void;
  progress?: (fraction: number) => void;
}

const STOPPED: SandboxAnswer = { ok: false, error: "stopped", line: null, stopped: true };

export class Sandbox {
  status: SandboxStatus = { phase: "starting" };
  private frame: Frame | null = null;
  private pending: Pending | null = null;
  private first: Queued[] = [];
  private later: Queued[] = [];
  private busy = false;
  private disposed = false;
  // the edit the calls are for (the last "edit" call's, null for the original) and the frame it
  // is installed in: a fresh frame (one removed past its time limit) has it installed again
  // before any other call, so a fit or a judgement never answers for the original by mistake
  private edit: SandboxPayload<"edit"> | null = null;
  private editIn: Frame | null = null;
  private nextId = 1;
  private listeners = new Set<(s: SandboxStatus) => void>();

  constructor(private host: HTMLElement = document.body) {}

  subscribe(fn: (s: SandboxStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private setStatus(s: SandboxStatus): void {
    this.status = s;
    for (const fn of this.listeners) fn(s);
  }

  /** Start the sandbox now (a call starts it anyway). */
  warm(): Promise<void> {
    return this.open().ready;
  }

  protected open(): Frame {
    if (this.frame) return this.frame;
    this.setStatus({ phase: "starting" });
    const iframe = document.createElement("iframe");
    iframe.setAttribute("sandbox", "allow-scripts");
    // its own memory shared with its worker: how a runaway call is stopped at its line
    iframe.setAttribute("allow", "cross-origin-isolated");
    iframe.title = "Sandbox for the edited model";
    iframe.hidden = true;
    iframe.dataset.testid = "model-sandbox";
    const channel = new MessageChannel();
    const port = channel.port1;
    let started: () => void = () => undefined;
    let failed: (e: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    ready.catch(() => undefined);
    const fail = (message: string) => {
      this.setStatus({ phase: "failed", message });
      failed(new Error(message));
    };
    port.onmessage = (e: MessageEvent<SandboxEvent>) => this.heard(e.data, started, fail);
    iframe.addEventListener("load", () => {
      load().then(
        ({ code, ...assets }) => iframe.contentWindow?.postMessage({ type: "start", code, assets: { ...assets, lock: __PYODIDELOCK__ }, port: channel.port2 }, "*", [channel.port2]),
        (err: Error) => fail(err.message),
      );
    }, { once: true });
    iframe.src = "/sandbox.html";
    this.host.appendChild(iframe);
    this.frame = { iframe, port, ready };
    return this.frame;
  }

  /** What the sandbox says, read as untrusted (anything it says may be an edit's). */
  protected heard(e: SandboxEvent, started: () => void, fail: (message: string) => void): void {
    if (!e || typeof e !== "object") return;
    if (e.type === "ready") {
      this.setStatus({ phase: "ready", ms: typeof e.ms === "number" ? e.ms : undefined });
      started();
    } else if (e.type === "failed") {
      fail(String(e.message));
    } else if (e.type === "need-stdlib" && this.pending) {
      this.pending.rearm();
      void fetch(new URL(`/${__PYODIDEDIR__}python_stdlib.zip`, location.origin))
        .then((r) => r.arrayBuffer())
        .then((bytes) => this.frame?.port.postMessage({ type: "stdlib", bytes }));
    } else if (e.type === "progress" && this.pending?.id === e.id && typeof e.fraction === "number" && e.fraction >= 0 && e.fraction <= 1) {
      this.pending.progress?.(e.fraction);
    } else if (e.type === "answer" && this.pending?.id === e.id) {
      this.pending.resolve(readAnswer(e.text));
    }
  }

  /** Remove the frame (its worker stops with it); the next call starts a fresh one. */
  close(): void {
    this.frame?.iframe.remove();
    this.frame?.port.close();
    this.frame = null;
  }

  /** The workbench closed: every call answered as stopped, the frame removed, none started again. */
  dispose(): void {
    this.disposed = true;
    const gone: SandboxAnswer = { ok: false, error: "the sandbox was closed", line: null, stopped: false };
    for (const c of [...this.first.splice(0), ...this.later.splice(0)]) c.resolve(gone);
    this.pending?.resolve(gone);
    this.close();
  }

  /** One operation of perfmodels/editing/editbridge.py, within `limitMs` of its own running time, after
   * the calls before it; a `background` call (judging an edit) waits for every other. Stopped by
   * `options.signal`: not started, or its Python interrupted where it is (answered as stopped). */
  call<O extends SandboxCallOp>(op: O, payload: SandboxPayload<O>, limitMs: number, background = false, options: CallOptions = {}): Promise<SandboxAnswer> {
    return new Promise<SandboxAnswer>((resolve) => {
      (background ? this.later : this.first).push({ call: { op, payload } as SandboxCall, limitMs, options, resolve });
      void this.pump();
    });
  }

  /** Drop the background calls not yet started (a newer edit makes them moot). */
  dropBackground(): void {
    for (const c of this.later.splice(0)) c.resolve({ ok: false, error: "dropped", line: null, stopped: false });
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    for (let c = this.first.shift() ?? this.later.shift(); c; c = this.first.shift() ?? this.later.shift()) {
      c.resolve(c.options.signal?.aborted ? STOPPED : await this.run(c.call, c.limitMs, c.options));
    }
    this.busy = false;
  }

  private async run(call: SandboxCall, limitMs: number, options: CallOptions = {}): Promise<SandboxAnswer> {
    if (this.disposed) return { ok: false, error: "the sandbox was closed", line: null, stopped: false };
    const frame = this.open();
    try {
      await frame.ready;
    } catch (e) {
      this.close();
      return { ok: false, error: `the sandbox could not start: ${e instanceof Error ? e.message : e}`, line: null, stopped: false };
    }
    if (call.op !== "edit" && this.edit && this.editIn !== frame) {
      const again = await this.exchange(frame, { op: "edit", payload: this.edit }, limitMs, {});
      if (!again.ok) return again;
      this.editIn = frame;
    }
    const answer = await this.exchange(frame, call, limitMs, options);
    if (call.op === "edit" && answer.ok) {
      this.edit = call.payload.files ? call.payload : null;
      this.editIn = frame;
    }
    return answer;
  }

  /** One call to the frame's Python and its answer, within its time limit. */
  private async exchange(frame: Frame, call: SandboxCall, limitMs: number, options: CallOptions): Promise<SandboxAnswer> {
    const id = this.nextId++;
    let limit: ReturnType<typeof setTimeout> | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    // stopped by its page: the Python interrupted where it is (where the browser cannot, it runs on
    // and its answer is the page's to ignore)
    const stop = () => frame.iframe.contentWindow?.postMessage({ type: "interrupt" }, "*");
    options.signal?.addEventListener("abort", stop, { once: true });
    const answer = await new Promise<SandboxAnswer>((resolve) => {
      const arm = () => {
        clearTimeout(limit);
        limit = setTimeout(() => {
          // ask the Python to stop where it is; if it cannot (a loop in C), remove the frame
          frame.iframe.contentWindow?.postMessage({ type: "interrupt" }, "*");
          grace = setTimeout(() => {
            this.close();
            resolve({ ok: false, error: `stopped: it ran past the time limit (${limitMs / 1000} s)`, line: null, stopped: true });
          }, GRACE_MS);
        }, limitMs);
      };
      this.pending = { id, resolve, rearm: arm, progress: options.progress };
      arm();
      frame.port.postMessage({ type: "call", id, ...call } satisfies SandboxRequest);
    });
    clearTimeout(limit);
    clearTimeout(grace);
    options.signal?.removeEventListener("abort", stop);
    this.pending = null;
    return answer;
  }
}
