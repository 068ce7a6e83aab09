// The one message protocol between the page and the model worker: a discriminated union each way.
// The model requests and their answers are the models' one table of operations
// (perfmodels/ops.py), whose types are generated into ./ops.gen.ts (npm run api-types).
import type { EvaluateResult, KnobValues, Params, Spread, SystemSpec } from "../api/types";
import type { Op, OpRequests, OpResults } from "./ops.gen";

export type { Op } from "./ops.gen";

// What a caller asks: an operation's request, with its name as `type`. A `params` is a user's own
// fit of some of the model's parameters (absent: the memo's calibration); a sweep asked with
// `band: false` comes without its band, which the "band" request gives apart; "table", "fit"
// and "left_out" read, fit and leave out the rows of a user's own table.
export type Call = { [K in Op]: { type: K } & OpRequests[K] }[Op];

// Every answer comes as a message, and on the reply board too when the page shares one
// (./replies.ts, set up by `attach`).
export type WorkerRequest =
  | (Call & { id: number })
  // the reply board, and the word the page sets to stop a fit (Pyodide's interrupt buffer)
  | { id: number; type: "attach"; buffer: SharedArrayBuffer; interrupt?: SharedArrayBuffer };

// Each operation's answer, narrowed where Python's types say less than the page needs
// (../api/types.ts: a knob is a choice or a number; `evaluate` always sends its stages).
type Narrowed = { evaluate: EvaluateResult; describe: SystemSpec };
export type ResultFor = { [K in Op]: K extends keyof Narrowed ? Narrowed[K] : OpResults[K] };

export type BootPhase = "runtime" | "models" | "ready" | "failed";

export type WorkerEvent =
  | { type: "status"; phase: BootPhase; step: number; steps: number; message: string; ms: number }
  // an answer as the models wrote it, JSON text: {"result": ...} or {"error": "..."}; the page
  // parses it only if it has not read the same answer off the reply board already (a string
  // crosses to the page as one copy, an object as a graph rebuilt there)
  | { type: "answer"; id: number; text: string }
  // how much of a long request (a fit) is done, now and then
  | { type: "progress"; id: number; fraction: number };

/** The long requests, asked once each, by the worker first (./ModelClient.ts own): about a
 * user's own table, and a simulation. */
export type OwnCall = Extract<Call, { type: "table" | "fit" | "left_out" | "simulate" }>;

/** The request for a curve along x without its band (on the knob's grid, or at `values`), and
 * the request for its band: built here only, so that whoever asks (ModelClient, the chart's
 * keys: chart/curves.ts) asks one request with one key. */
export const curveRequest = (system: string, knobs: KnobValues, x: string, params?: Params, values?: number[]) =>
  ({ type: "sweep" as const, system, knobs, x, values, band: false, params });
export const bandRequest = (system: string, knobs: KnobValues, x: string, params?: Params, spread?: Spread) =>
  ({ type: "band" as const, system, knobs, x, values: undefined, params, spread });

/** The one key of a request: the page's cache, the views that ask (useLatest) and the worker's
 * recent answers all name a request by it, so the same curve is one request everywhere. */
export function callKey(call: Call): string {
  const { type, ...rest } = call;
  return `${type}|${JSON.stringify(rest)}`;
}
