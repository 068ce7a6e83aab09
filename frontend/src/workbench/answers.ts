// What the sandbox answers, read as untrusted text: the edited model may be anyone's code, so an
// answer is JSON of a known shape or an error, never something the page runs or renders as HTML.

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

/** A finite number, or null. */
export function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}
