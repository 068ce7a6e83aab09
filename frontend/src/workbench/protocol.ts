// The messages between the page and the edited model's worker in its sandbox (./sandbox.ts frames
// public/sandbox.html, which starts ./sandboxWorker.ts). Everything the sandbox says is read as
// untrusted: it may be running anyone's code (./answers.ts checks each answer's shape).

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

/** An operation of perfmodels/editbridge.py and its request (the system is always named); or
 * the full standard library, which the worker asked for (a module the trimmed one lacks). */
export type SandboxRequest =
  | { type: "call"; id: number; op: string; payload: { system: string } & Record<string, unknown> }
  | { type: "stdlib"; bytes: ArrayBuffer };

export type SandboxEvent =
  | { type: "ready"; ms: number }
  | { type: "failed"; message: string }
  | { type: "need-stdlib" }
  // the share of a long call (a fit) done, now and then
  | { type: "progress"; id: number; fraction: number }
  // the bridge's JSON text: {"result": ...} or {"error", "line", "stopped"?}
  | { type: "answer"; id: number; text: string };
