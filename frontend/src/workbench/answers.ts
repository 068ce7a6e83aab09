// What the sandbox answers, read as untrusted text: the edited model may be anyone's code, so an
// answer is JSON of a known shape or an error, never something the page runs or renders as HTML.

export type Answer =
  | { ok: true; result: unknown }
  | { ok: false; error: string; line: number | null; stopped: boolean };

export function readAnswer(text: unknown): Answer {
  let a: unknown;
  try {
    a = JSON.parse(String(text));
  } catch {
    return { ok: false, error: "the sandbox sent something that is not JSON", line: null, stopped: false };
  }
  if (typeof a !== "object" || a === null) return { ok: false, error: "the sandbox sent no answer", line: null, stopped: false };
  const o = a as Record<string, unknown>;
  if ("result" in o && !("error" in o)) return { ok: true, result: o.result };
  const line = typeof o.line === "number" && Number.isInteger(o.line) && o.line > 0 ? o.line : null;
  return { ok: false, error: String(o.error ?? "no answer"), line, stopped: o.stopped === true };
}

/** A finite number, or null. */
export function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}
