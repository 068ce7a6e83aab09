// Before the worker is ready the server answers (the same Python code). If the server cannot
// be reached (offline, say), the request waits for the in-browser runtime instead; a refusal
// from the server (an ApiError: bad input) is final.
import { ApiError, type api } from "../api/client";
import type { KnobValues, OwnFit } from "../api/types";
import { settled } from "./answer";
import type { Call, Op, ResultFor } from "./protocol";
import type { WorkerTransport } from "./transport";

export type Http = Pick<typeof api, "model" | "describe">;

/** The most a simulation may take on the server (backend/app/api/routes/models.py). */
export const SERVER_SIMULATION_S = 2;
export const SERVER_SIMULATION_EVENTS = 2_000_000;

type Route<K extends Op> = (http: Http, call: Extract<Call, { type: K }>) => Promise<ResultFor[K]>;

/** How the server answers the operations its route of the same name does not take as they are. */
const ROUTES: { [K in Op]?: Route<K> } = {
  // a GET, which the browser and the service worker keep
  describe: (http, call) => http.describe(call.system),
  fit: (http, call) => serverFit(http, call),
  // the server's simulation is bounded (2 s, 2M events a request): a longer run is the browser's
  simulate: (http, call) => http.model({ ...call, time_limit_s: Math.min(call.time_limit_s ?? SERVER_SIMULATION_S, SERVER_SIMULATION_S),
    max_events: Math.min(call.max_events ?? SERVER_SIMULATION_EVENTS, SERVER_SIMULATION_EVENTS) }),
  left_out: (http, call) =>
    serverFit(http, call).then((fit) => Object.fromEntries(fit.rows.map((r) => [`${r.line} ${r.metric}`, r.left_out_percent ?? null]))),
};

/** The server's answer to a model request: one generic call (the route of the operation's
 * name, the request as its body), or the operation's own route above. */
export function askServer<C extends Call>(http: Http, call: C): Promise<ResultFor[C["type"]]> {
  const route = ROUTES[call.type] as ((http: Http, call: C) => Promise<ResultFor[C["type"]]>) | undefined;
  return route ? route(http, call) : http.model<ResultFor[C["type"]]>(call);
}

/** The server fits rows, not text: the text is read there first, and the fit's rows take the
 * text's line numbers back. The server's fit has its rows left out already. */
async function serverFit(http: Http, call: Extract<Call, { type: "fit" | "left_out" }>): Promise<OwnFit> {
  const { system, text = "", knobs = {} } = call;
  const table = await http.model<ResultFor["table"]>({ type: "table", system, text, knobs });
  if (table.problems.length) throw new Error(table.problems.map((p) => p.message).join("; "));
  const rows = table.rows.map((r) => ({ knobs: r.knobs as KnobValues, metrics: r.metrics }));
  const fit = await http.model<OwnFit>({ type: "fit", system, rows, fit: call.fit ?? undefined, knobs });
  return { ...fit, rows: fit.rows.map((r) => ({ ...r, line: table.rows[r.line - 1]?.line ?? r.line })) };
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
