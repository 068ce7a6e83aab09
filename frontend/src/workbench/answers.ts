// What the sandbox answers, read as untrusted text: the edited model may be anyone's code, so an
// answer is JSON of a known shape or an error, never something the page runs or renders as HTML.
// The shape is its operation's type, generated from the models' one table (`checked`).
import { conform, refusal } from "../runtime/conform";
import type { Op, OpResults, SandboxOp, SandboxOpResults } from "../runtime/ops.gen";
import { ANSWERS, NAMED } from "../runtime/shapes.gen";
import type { SandboxCallOp } from "./protocol";

export type SandboxAnswer =
  | { ok: true; result: unknown }
  // `file`, `line`: where in the model's files it came from (perfmodels/mva.py), where known
  | { ok: false; error: string; line: number | null; file?: string | null; stopped: boolean };

const FILE = /^perfmodels\/\w{1,60}\.py$/;

export function readAnswer(text: unknown): SandboxAnswer {
  let a: unknown;
  try {
    a = JSON.parse(String(text));
  } catch {
    return { ok: false, error: "the sandbox sent something that is not JSON", line: null, stopped: false };
  }
  if (typeof a !== "object" || a === null) return { ok: false, error: "the sandbox sent no answer", line: null, stopped: false };
  const o = a as Record<string, unknown>;
  if ("result" in o && !("error" in o)) return { ok: true, result: o.result };
  const file = typeof o.file === "string" && FILE.test(o.file) ? o.file : null;
  const line = file && typeof o.line === "number" && Number.isInteger(o.line) && o.line > 0 ? o.line : null;
  return { ok: false, error: String(o.error ?? "no answer"), line, file: line ? file : null, stopped: o.stopped === true };
}

/** What operation `O` answers, as the table's generated types say. */
export type SandboxResult<O extends SandboxCallOp> = O extends SandboxOp ? SandboxOpResults[O] : O extends Op ? OpResults[O] : never;

/** Operation `op`'s answer as its type's generated shape says (fields it does not name dropped,
 * numbers finite, sizes bounded: runtime/conform.ts), or null: refused whole. */
export const checked = <O extends SandboxCallOp>(op: O, v: unknown): SandboxResult<O> | null =>
  conform<SandboxResult<O>>(ANSWERS[op], v, NAMED);

/** Why operation `op`'s answer is not of its type (where in it, and what is there), or null. */
export const notOfType = (op: SandboxCallOp, v: unknown): string | null => refusal(ANSWERS[op], v, NAMED);
