// A student's answers that could not be sent (no signal, or the server briefly away: a restart,
// a 503) wait here, in this browser's storage, and go as soon as the connection is back: on the
// browser's "online", every few seconds while any waits, and when the page opens again. Each
// answer carries a key of its own, so one that did arrive though its reply was lost is stored
// and announced once however often it is sent again.
import { isOffline } from "../scenarios/outbox";
import { classes } from "./api";

export type AnswerBody = { value: number } | { choice: number };

interface Waiting {
  step: number;
  body: AnswerBody;
  token: string;
  key: string;
  /** the step's count of resets when the answer was given (a reset since refuses it) */
  resets?: number;
}

/** A fresh idempotency key (getRandomValues, unlike randomUUID, works on a plain-http LAN). */
export function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const key = (code: string) => `memolab.class-outbox.${code}`;
export const WAITING_EVENT = "memolab:class-outbox";
/** How often a waiting answer is tried again (the server's Retry-After says 2 s). */
export const RETRY_MS = 3000;

export function waiting(code: string): Waiting[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(code)) ?? "[]");
    return Array.isArray(v)
      ? v.filter((w) => w && Number.isInteger(w.step) && w.body && typeof w.token === "string")
        .map((w) => ({ ...w, key: typeof w.key === "string" ? w.key : newKey(), resets: Number.isInteger(w.resets) ? w.resets : undefined }))
      : [];
  } catch {
    return [];
  }
}

function write(code: string, list: Waiting[]) {
  if (list.length) localStorage.setItem(key(code), JSON.stringify(list));
  else localStorage.removeItem(key(code));
  window.dispatchEvent(new CustomEvent(WAITING_EVENT, { detail: code }));
}

/** An answer the class acknowledged: stored under the step's `resets`-th reset (ClassState). */
export interface Stored {
  step: number;
  body: AnswerBody;
  resets: number;
}

/** Send an answer: the class's acknowledgement, or "waiting" when the connection is down and the
 * answer is kept to send later. A refusal from the class (closed, locked, a bad value) is thrown
 * as it is. */
export async function sendAnswer(code: string, token: string, step: number, body: AnswerBody, resets?: number): Promise<Stored | "waiting"> {
  // a newer answer to the same step replaces one still waiting
  write(code, waiting(code).filter((w) => w.step !== step));
  const key = newKey();
  try {
    const saved = await classes.answer(code, token, step, body, key, resets);
    return { step, body, resets: saved.resets };
  } catch (e) {
    if (!isOffline(e)) throw e;
    write(code, [...waiting(code), { step, body, token, key, ...(resets !== undefined ? { resets } : {}) }]);
    return "waiting";
  }
}

let flushing = false;

/** Send what waits, in order; stop at the first sign the connection is still down. Returns the
 * answers the class took, and the steps it refused meanwhile (a step closed while offline), with
 * why. */
export async function flush(code: string): Promise<{ sent: Stored[]; refused: { step: number; why: string }[] }> {
  const out = { sent: [] as Stored[], refused: [] as { step: number; why: string }[] };
  if (flushing) return out;
  flushing = true;
  try {
    for (const w of waiting(code)) {
      try {
        const saved = await classes.answer(code, w.token, w.step, w.body, w.key, w.resets);
        out.sent.push({ step: w.step, body: w.body, resets: saved.resets });
      } catch (e) {
        if (isOffline(e)) return out;
        out.refused.push({ step: w.step, why: (e as Error).message });
      }
      // (a newer answer to the step, queued meanwhile, stays to be sent)
      write(code, waiting(code).filter((q) => q.key !== w.key));
    }
    return out;
  } finally {
    flushing = false;
  }
}
