// The one message protocol between the page and the model worker: a discriminated union each way.
import type { EvaluateResult, KnobValues, SweepResult, SystemSpec } from "../api/types";

export type WorkerRequest =
  | { id: number; type: "evaluate"; system: string; knobs: KnobValues }
  | { id: number; type: "sweep"; system: string; knobs: KnobValues; x: string; values?: (number | string)[] }
  | { id: number; type: "describe"; system: string };

export interface ResultFor {
  evaluate: EvaluateResult;
  sweep: SweepResult;
  describe: SystemSpec;
}

export type BootPhase = "runtime" | "models" | "ready" | "failed";

export type WorkerEvent =
  | { type: "status"; phase: BootPhase; step: number; steps: number; message: string; ms: number }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; message: string };

// Strip the request id: what a caller sends.
export type Call = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;
