// The one message protocol between the page and the model worker: a discriminated union each way.
import type { EvaluateResult, KnobValues, SweepResult, SystemSpec } from "../api/types";

// `sync`: also write the answer into the shared reply buffer, for a caller spinning on it.
export type WorkerRequest =
  | { id: number; type: "evaluate"; system: string; knobs: KnobValues; sync?: boolean }
  | { id: number; type: "sweep"; system: string; knobs: KnobValues; x: string; values?: (number | string)[]; band?: boolean; sync?: boolean }
  // the band of the same sweep alone (a curve asked with band: false comes first, its band after)
  | { id: number; type: "band"; system: string; knobs: KnobValues; x: string; values?: (number | string)[]; sync?: boolean }
  | { id: number; type: "describe"; system: string; sync?: boolean }
  | { id: number; type: "attach"; buffer: SharedArrayBuffer };

/**
 * The shared reply buffer (needs a cross-origin isolated page). Chromium delivers a worker's
 * message to the page only after the next frame when the page has just handled input, so a knob
 * move answered by message is drawn a frame late. Instead the page posts a `sync` request and
 * spins on this buffer for a few milliseconds: Int32 slot 0 holds the id of the last sync request
 * answered, slot 1 the answer's length in bytes (-1: too large, read the message instead); from
 * byte REPLY_HEADER_BYTES, UTF-8 JSON `[[id, {"result": ...} | {"error": "..."}], ...]`: the
 * answers the worker gave since its previous sync reply (their messages may still be on their
 * way: a prefetch the knob has just reached), then the sync request's own, last.
 */
export const REPLY_HEADER_BYTES = 16;

/** One answer in the shared reply buffer: the request's id and what the worker answered. */
export type ReplyEntry = [id: number, answer: { result?: unknown; error?: string }];

export interface ResultFor {
  evaluate: EvaluateResult;
  sweep: SweepResult;
  band: SweepResult["band"];
  describe: SystemSpec;
}

export type BootPhase = "runtime" | "models" | "ready" | "failed";

export type WorkerEvent =
  | { type: "status"; phase: BootPhase; step: number; steps: number; message: string; ms: number }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; message: string };

// What a caller asks: a model request without its id.
export type ModelRequest = Exclude<WorkerRequest, { type: "attach" }>;
export type Call = ModelRequest extends infer R ? (R extends { id: number } ? Omit<R, "id" | "sync"> : never) : never;

/** The one key of a request: the page's cache, the views that ask (useLatest) and the worker's
 * recent answers all name a request by it, so the same curve is one request everywhere. */
export function callKey(call: Call): string {
  const { type, ...rest } = call;
  return `${type}|${JSON.stringify(rest)}`;
}
