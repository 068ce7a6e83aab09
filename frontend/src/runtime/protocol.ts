// The one message protocol between the page and the model worker: a discriminated union each way.
import type { EvaluateResult, KnobValues, SweepResult, SystemSpec } from "../api/types";

// Every answer comes as a message, and on the reply board too when the page shares one
// (./replies.ts, set up by `attach`).
export type WorkerRequest =
  | { id: number; type: "evaluate"; system: string; knobs: KnobValues }
  | { id: number; type: "sweep"; system: string; knobs: KnobValues; x: string; values?: (number | string)[]; band?: boolean }
  // the band of the same sweep alone (a curve asked with band: false comes first, its band after)
  | { id: number; type: "band"; system: string; knobs: KnobValues; x: string; values?: (number | string)[] }
  | { id: number; type: "describe"; system: string }
  | { id: number; type: "attach"; buffer: SharedArrayBuffer };


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
export type Call = ModelRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** The one key of a request: the page's cache, the views that ask (useLatest) and the worker's
 * recent answers all name a request by it, so the same curve is one request everywhere. */
export function callKey(call: Call): string {
  const { type, ...rest } = call;
  return `${type}|${JSON.stringify(rest)}`;
}
