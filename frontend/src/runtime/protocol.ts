// The one message protocol between the page and the model worker: a discriminated union each way.
import type { EvaluateResult, KnobValues, OwnFit, OwnTable, Params, Sensitivity, Spread, SweepResult, SystemSpec } from "../api/types";

// Every answer comes as a message, and on the reply board too when the page shares one
// (./replies.ts, set up by `attach`).
// `params`: a user's own fit of some of the model's parameters (absent: the memo's calibration).
export type WorkerRequest =
  | { id: number; type: "evaluate"; system: string; knobs: KnobValues; params?: Params }
  | { id: number; type: "sweep"; system: string; knobs: KnobValues; x: string; values?: (number | string)[]; band?: boolean; params?: Params; spread?: Spread }
  // the band of the same sweep alone (a curve asked with band: false comes first, its band after);
  // `spread`: the fitted parameters a user's table leaves open, drawn as a band
  | { id: number; type: "band"; system: string; knobs: KnobValues; x: string; values?: (number | string)[]; params?: Params; spread?: Spread }
  | { id: number; type: "describe"; system: string }
  // every knob's effect on a metric at the setting (the "what matters most" panel)
  | { id: number; type: "sensitivity"; system: string; knobs: KnobValues; metric: string; params?: Params }
  // a user's own table: read it, fit it (progress told as it goes), then its rows left out
  | { id: number; type: "table"; system: string; text: string; knobs: KnobValues }
  | { id: number; type: "fit"; system: string; text: string; knobs: KnobValues; fit?: string[] }
  | { id: number; type: "left_out"; system: string; text: string; knobs: KnobValues; fit?: string[]; best: Params }
  // the reply board, and the word the page sets to stop a fit (Pyodide's interrupt buffer)
  | { id: number; type: "attach"; buffer: SharedArrayBuffer; interrupt?: SharedArrayBuffer };


export interface ResultFor {
  evaluate: EvaluateResult;
  sweep: SweepResult;
  band: SweepResult["band"];
  describe: SystemSpec;
  sensitivity: Sensitivity;
  table: OwnTable;
  fit: OwnFit;
  /** "{line} {metric}" -> the error (%) of that value with its row left out of the fit */
  left_out: Record<string, number | null>;
}

export type BootPhase = "runtime" | "models" | "ready" | "failed";

export type WorkerEvent =
  | { type: "status"; phase: BootPhase; step: number; steps: number; message: string; ms: number }
  | { type: "result"; id: number; result: unknown }
  // how much of a long request (a fit) is done, now and then
  | { type: "progress"; id: number; fraction: number }
  | { type: "error"; id: number; message: string };

/** The requests about a user's own table: long, asked by the worker first (./ModelClient.ts own). */
export type OwnCall = Extract<Call, { type: "table" | "fit" | "left_out" }>;

// What a caller asks: a model request without its id.
export type ModelRequest = Exclude<WorkerRequest, { type: "attach" }>;
export type Call = ModelRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** The one key of a request: the page's cache, the views that ask (useLatest) and the worker's
 * recent answers all name a request by it, so the same curve is one request everywhere. */
export function callKey(call: Call): string {
  const { type, ...rest } = call;
  return `${type}|${JSON.stringify(rest)}`;
}
