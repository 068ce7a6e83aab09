// Before the worker is ready the server answers (the same Python code). If the server cannot
// be reached (offline, say), the request waits for the in-browser runtime instead; a refusal
// from the server (an ApiError: bad input) is final.
import { ApiError, type api } from "../api/client";
import { settled } from "./answer";
import type { Call, ResultFor } from "./protocol";
import type { WorkerTransport } from "./transport";

export type Http = Pick<typeof api, "evaluate" | "sweep" | "describe">;

/** The server's answer to a model request. */
export function askServer<C extends Call>(http: Http, call: C): Promise<ResultFor[C["type"]]> {
  switch (call.type) {
    case "evaluate":
      return http.evaluate(call.system, call.knobs) as Promise<ResultFor[C["type"]]>;
    case "sweep": // the server's sweep always has its band
      return http.sweep(call.system, call.knobs, call.x, call.values) as Promise<ResultFor[C["type"]]>;
    case "band":
      return http.sweep(call.system, call.knobs, call.x, call.values).then((s) => s.band) as Promise<ResultFor[C["type"]]>;
    case "describe":
      return http.describe(call.system) as Promise<ResultFor[C["type"]]>;
  }
}

/** The server's answer; with no connection, the worker's once it is up. */
export async function serverThenWorker<C extends Call>(
  http: Http,
  worker: WorkerTransport,
  call: C,
): Promise<ResultFor[C["type"]]> {
  try {
    return await askServer(http, call);
  } catch (e) {
    if (e instanceof ApiError || !worker.alive) throw e;
    await worker.whenReady();
    return (await settled(worker.request(call, false))) as ResultFor[C["type"]];
  }
}
