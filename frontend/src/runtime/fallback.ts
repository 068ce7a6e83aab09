// Before the worker is ready the server answers (the same Python code). If the server cannot
// be reached (offline, say), the request waits for the in-browser runtime instead; a refusal
// from the server (an ApiError: bad input) is final.
import { ApiError, type api } from "../api/client";
import { settled } from "./answer";
import type { KnobValues, OwnFit } from "../api/types";
import type { Call, ResultFor } from "./protocol";
import type { WorkerTransport } from "./transport";

export type Http = Pick<typeof api, "evaluate" | "sweep" | "describe"> & Partial<Pick<typeof api, "table" | "fit" | "sensitivity">>;

/** The server's answer to a model request. */
export function askServer<C extends Call>(http: Http, call: C): Promise<ResultFor[C["type"]]> {
  switch (call.type) {
    case "evaluate":
      return http.evaluate(call.system, call.knobs, call.params) as Promise<ResultFor[C["type"]]>;
    case "sweep": // the server's sweep always has its band
      return http.sweep(call.system, call.knobs, call.x, call.values, call.params) as Promise<ResultFor[C["type"]]>;
    case "band":
      return http.sweep(call.system, call.knobs, call.x, call.values, call.params, call.spread).then((s) => s.band) as Promise<ResultFor[C["type"]]>;
    case "describe":
      return http.describe(call.system) as Promise<ResultFor[C["type"]]>;
    case "sensitivity":
      return need(http.sensitivity)(call.system, call.knobs, call.metric, call.params) as Promise<ResultFor[C["type"]]>;
    case "table":
      return need(http.table)(call.system, call.text, call.knobs) as Promise<ResultFor[C["type"]]>;
    case "fit":
      return serverFit(http, call).then(({ fit }) => fit) as Promise<ResultFor[C["type"]]>;
    case "left_out":
      return serverFit(http, call).then(({ fit }) =>
        Object.fromEntries(fit.rows.map((r) => [`${r.line} ${r.metric}`, r.left_out_percent ?? null]))) as Promise<ResultFor[C["type"]]>;
  }
}

function need<F>(f: F | undefined): F {
  if (!f) throw new Error("the server cannot do this here");
  return f;
}

/** The server fits rows, not text: the text is read there first, and the fit's rows take the
 * text's line numbers back. The server's fit has its rows left out already. */
async function serverFit(http: Http, call: Extract<Call, { type: "fit" | "left_out" }>): Promise<{ fit: OwnFit }> {
  const table = await need(http.table)(call.system, call.text, call.knobs);
  if (table.problems.length) throw new Error(table.problems.map((p) => p.message).join("; "));
  const fit = await need(http.fit)(call.system, table.rows.map((r) => ({ knobs: r.knobs as KnobValues, metrics: r.metrics })), call.fit, call.knobs);
  return { fit: { ...fit, rows: fit.rows.map((r) => ({ ...r, line: table.rows[r.line - 1]?.line ?? r.line })) } };
}

/** How often, and how long apart, a page without Python asks the server again while the
 * connection is down (a class seat's phone that lost its signal for a while). */
export const ASK_AGAIN = { times: 40, ms: 3000 };

/** The server's answer; with no connection, the worker's once it is up. A page without a worker
 * (a class seat) asks the server again when the connection is back, for a while. */
export async function serverThenWorker<C extends Call>(
  http: Http,
  worker: WorkerTransport,
  call: C,
): Promise<ResultFor[C["type"]]> {
  try {
    return await askServer(http, call);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (!worker.alive) return askAgain(http, call, e);
    await worker.whenReady();
    return (await settled(worker.request(call, false))) as ResultFor[C["type"]];
  }
}

/** Ask the server again once the browser says it is back online, or every few seconds, until it
 * answers (a refusal, an ApiError, is final), `ASK_AGAIN.times` times at most. */
async function askAgain<C extends Call>(http: Http, call: C, first: unknown): Promise<ResultFor[C["type"]]> {
  let last = first;
  for (let i = 0; i < ASK_AGAIN.times; i++) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener("online", done);
        resolve();
      };
      const timer = setTimeout(done, ASK_AGAIN.ms);
      window.addEventListener("online", done);
    });
    try {
      return await askServer(http, call);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      last = e;
    }
  }
  throw last;
}
