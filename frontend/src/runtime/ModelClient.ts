// The page's single door to the models: the in-browser Pyodide worker once it is ready, the
// server's /api (same Python code) before that or if the worker cannot start. It composes the
// transport (the worker), the cache, the background lanes and the server fallback.
import { api } from "../api/client";
import type { AtlasCurve, EvaluateResult, KnobValues, Params, Sensitivity, Spread, SweepResult } from "../api/types";
import { type Answer, settled } from "./answer";
import { AnswerCache } from "./cache";
import { askServer, type Http, serverThenWorker } from "./fallback";
import { Lanes } from "./lanes";
import { bandRequest, type Call, curveRequest, type OwnCall, type ResultFor } from "./protocol";
import { type RuntimeStatus, type WorkerLike, WorkerTransport } from "./transport";

export type { Answer } from "./answer";
export type { RuntimeStatus, WorkerLike } from "./transport";

export class ModelClient {
  private transport: WorkerTransport;
  private cache = new AnswerCache();
  private lanes = new Lanes();
  private serverAnswered: (() => void) | null = null;

  /** `deferMs`: start the worker only once the server has answered a first model request, or
   * after this long (so a page's first view need not share the link with the runtime). */
  constructor(makeWorker: (() => WorkerLike) | null, private http: Http = api, shared = canShareMemory(), deferMs?: number) {
    let start: Promise<void> | undefined;
    if (deferMs !== undefined) {
      start = new Promise<void>((resolve) => {
        this.serverAnswered = resolve;
        setTimeout(resolve, deferMs);
      });
    }
    this.transport = new WorkerTransport(makeWorker, shared, start);
    // a prefetched answer that came with a knob move's own is known to this very render
    this.transport.onEarlyAnswer = (call, result) => this.cache.set(call, result);
  }

  get status(): RuntimeStatus {
    return this.transport.status;
  }

  get inBrowser(): boolean {
    return this.transport.ready;
  }

  subscribe(fn: (s: RuntimeStatus) => void): () => void {
    return this.transport.subscribe(fn);
  }

  /** Without a `lane`, block briefly for the answer so it is drawn in this frame (the curve needs
   * that). With one, run in the background in that lane: details that may trail by a frame
   * should not spend the page's time waiting, nor pile up behind each other. */
  // `params`: a user's own fit of some of the model's parameters (absent: the memo's calibration).
  evaluate(system: string, knobs: KnobValues, lane?: string, params?: Params): Answer<EvaluateResult> {
    return this.answer({ type: "evaluate", system, knobs, params }, lane);
  }

  /** A curve along x, with its band; with a `lane`, in the background like `evaluate`'s. */
  sweep(system: string, knobs: KnobValues, x: string, values?: (number | string)[], lane?: string, params?: Params): Answer<SweepResult> {
    return this.answer({ type: "sweep", system, knobs, x, values, params }, lane);
  }

  /** A curve along x without its band (which costs several curves): what a knob move draws
   * first (the request: protocol.ts curveRequest). */
  curve(system: string, knobs: KnobValues, x: string, lane?: string, params?: Params): Answer<SweepResult> {
    return this.answer(curveRequest(system, knobs, x, params), lane);
  }

  /** The model along x at the given values alone, without the band (a sketch's points: one
   * request; a sweep's value at a setting is evaluate's there, exactly). */
  at(system: string, knobs: KnobValues, x: string, values: number[], lane?: string): Answer<SweepResult> {
    return this.answer(curveRequest(system, knobs, x, undefined, values), lane);
  }

  /** The band of a curve along x (protocol.ts bandRequest). */
  band(system: string, knobs: KnobValues, x: string, lane?: string, params?: Params, spread?: Spread): Answer<SweepResult["band"]> {
    return this.answer(bandRequest(system, knobs, x, params, spread), lane);
  }

  /** Every knob's effect on `metric` at the setting (the "what matters most" panel), in a lane. */
  sensitivity(system: string, knobs: KnobValues, metric: string, lane?: string, params?: Params): Answer<Sensitivity> {
    return this.answer({ type: "sensitivity", system, knobs, metric, params }, lane);
  }

  /** A system's main curve made dimensionless, for the atlas (perfmodels/atlas.py), in a lane:
   * the server's answer before the runtime is ready, as every other request. */
  atlas(system: string, lane: string, knobs?: KnobValues): Answer<AtlasCurve> {
    return this.answer({ type: "atlas", system, knobs }, lane);
  }

  /** A user's own table read, fitted or its rows left out: by the in-browser runtime (the page
   * stays free; `progress` is told how much is done), or by the server where the runtime cannot
   * start. Not cached: each is asked once. */
  async own<C extends OwnCall>(call: C, progress?: (fraction: number) => void): Promise<ResultFor[C["type"]]> {
    if (this.transport.alive) {
      try {
        await this.transport.whenReady();
        return (await settled(this.transport.request(call, false, progress))) as ResultFor[C["type"]];
      } catch (e) {
        if (this.transport.alive) throw e; // the model's refusal, or a stop
      }
    }
    return askServer(this.http, call);
  }

  /** Stop a fit the runtime is computing (it answers with the error "stopped"); false where it
   * cannot be stopped (no memory shared with the worker). */
  stop(): boolean {
    return this.transport.interrupt();
  }

  /** Compute what the page is likely to need next (the answers and curves a knob's next step
   * draws), in the background, into the cache. The calls of one prefetch go to the worker
   * together, in order; a newer prefetch waits for them and replaces one not yet started, so a
   * knob move's own request waits behind at most one prefetch. Only with the in-browser runtime. */
  prefetch(calls: Call[]): void {
    const todo = () => calls.filter((c) => this.cache.get(c) === undefined && !this.cache.pending(c));
    if (!this.inBrowser || !todo().length) return;
    const task = () => Promise.all(todo().map((c) => this.cache.remember(c, settled(this.transport.request(c, false)), true).catch(() => undefined)));
    this.lanes.run("prefetch", task).catch(() => undefined);
  }

  /** The answer to a request if it is already known (no work, no waiting). */
  peek<C extends Call>(call: C): ResultFor[C["type"]] | undefined {
    return this.cache.get(call) ?? this.fromBoard(call);
  }

  dispose(): void {
    this.transport.dispose();
  }

  /** A request computed ahead may be answered already, its message still on its way: read the
   * worker's reply board for it. */
  private fromBoard<C extends Call>(call: C): ResultFor[C["type"]] | undefined {
    if (!this.cache.pending(call)?.background || !this.inBrowser) return undefined;
    this.transport.drain();
    return this.cache.get(call);
  }

  private answer<C extends Call>(call: C, lane?: string): Answer<ResultFor[C["type"]]> {
    const hit = this.cache.get(call) ?? this.fromBoard(call);
    if (hit !== undefined) return { now: hit };
    // asked already and on its way (the knob's handler asked before the render; the view asks
    // again): the same answer, not a second round trip. Except that a curve a prefetch is still
    // computing is asked again for now: its message would reach the page only after the next
    // frame, while the worker answers the repeat from its recent answers, onto the board, as
    // soon as the computation ends.
    const coming = this.cache.pending(call);
    if (coming && (lane || !coming.background || !this.inBrowser)) return { later: coming.answer };
    if (!this.inBrowser) {
      const later = serverThenWorker(this.http, this.transport, call);
      const go = this.serverAnswered;
      this.serverAnswered = null; // the first answer starts the worker; later ones need not
      if (go) later.then(go, go);
      return { later: this.cache.remember(call, later) };
    }
    if (lane) {
      const fromWorker = () => settled(this.transport.request(call, false)) as Promise<ResultFor[C["type"]]>;
      return { later: this.lanes.run(lane, () => this.cache.remember(call, fromWorker(), true)) };
    }
    const a = this.transport.request(call, true);
    if ("later" in a) return { later: this.cache.remember(call, a.later as Promise<ResultFor[C["type"]]>) };
    this.cache.set(call, a.now);
    return a as { now: ResultFor[C["type"]] };
  }

}

function canShareMemory(): boolean {
  return typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;
}

// On a first visit nothing is kept yet: the runtime's 4 MB would share the link, and the six
// connections a browser opens to a host, with the page's first view (a class opening one link
// together waited for both). So the runtime starts once the server has answered the page's first
// model request, or after 3 s. A later visit (the service worker in control) starts it at once.
const FIRST_VISIT_DEFER_MS = 3000;

export function createBrowserClient(): ModelClient {
  const make = typeof Worker === "undefined"
    ? null
    : () => new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }) as unknown as WorkerLike;
  const firstVisit = "serviceWorker" in navigator && navigator.serviceWorker.controller === null;
  return new ModelClient(make, api, canShareMemory(), firstVisit ? FIRST_VISIT_DEFER_MS : undefined);
}
