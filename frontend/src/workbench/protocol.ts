// The messages between the page and the edited model's worker in its sandbox (./sandbox.ts frames
// public/sandbox.html, which starts ./sandboxWorker.ts). Everything the sandbox says is read as
// untrusted: it may be running anyone's code (./answers.ts checks each answer's shape).
import type { Op, OpRequests, SandboxOp, SandboxOpRequests } from "../runtime/ops.gen";

/** What the sandbox needs to start, sent by the page (the sandbox itself has no network). */
export interface SandboxAssets {
  /** pyodide.mjs and pyodide.asm.mjs, as text (imported from blob: URLs) */
  pyodide: string;
  asm: string;
  wasm: ArrayBuffer;
  /** the trimmed standard library and the models archive (perfmodels, packed by scripts/pack_models.py) */
  stdlib: ArrayBuffer;
  models: ArrayBuffer;
  lock: object;
}

/** What the sandbox answers: every operation of the models' one table, the workbench's own rows
 * (SandboxOp) among them (perfmodels/ops.py, answered by perfmodels/editing/editbridge.py). */
export type SandboxCallOp = Op | SandboxOp;
/** The request of operation `O`, as the table's generated types say. */
export type SandboxPayload<O extends SandboxCallOp> = O extends SandboxOp ? SandboxOpRequests[O] : O extends Op ? OpRequests[O] : never;
/** One operation and its request, as the page posts it to the sandbox's worker. */
export type SandboxCall = { [O in SandboxCallOp]: { op: O; payload: SandboxPayload<O> } }[SandboxCallOp];

/** An operation of the table and its request; or the full standard library, which the worker
 * asked for (a module the trimmed one lacks). */
export type SandboxRequest = ({ type: "call"; id: number } & SandboxCall) | { type: "stdlib"; bytes: ArrayBuffer };

export type SandboxEvent =
  | { type: "ready"; ms: number }
  | { type: "failed"; message: string }
  | { type: "need-stdlib" }
  // the share of a long call (a fit) done, now and then
  | { type: "progress"; id: number; fraction: number }
  // the bridge's JSON text: {"result": ...} or {"error", "line", "stopped"?}
  | { type: "answer"; id: number; text: string };
