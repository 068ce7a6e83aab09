// A student's answers that could not be sent (no signal, or the server briefly away: a restart,
// a 503) wait here, in this browser's storage, and go as soon as the connection is back: on the
// browser's "online", every few seconds while any waits, and when the page opens again. Each
// answer carries a key of its own, so one that did arrive though its reply was lost is stored
// and announced once however often it is sent again. The list and its sending: ../outbox.ts.
import { isOffline, outbox } from "../outbox";
import { type AnswerBody, classes } from "./api";

export type { AnswerBody };

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

export const WAITING_EVENT = "memolab:class-outbox";
/** How often a waiting answer is tried again (the server's Retry-After says 2 s). */
export const RETRY_MS = 3000;

function fromStored(raw: unknown): Waiting | null {
  const w = raw as Partial<Waiting> | null;
  if (!w || !Number.isInteger(w.step) || !w.body || typeof w.token !== "string") return null;
  return { ...(w as Waiting), key: typeof w.key === "string" ? w.key : newKey(), resets: Number.isInteger(w.resets) ? w.resets : undefined };
}

/** A class's outbox (each class its own, announced with its code). */
const box = (code: string) => outbox(`memolab.class-outbox.${code}`, { name: WAITING_EVENT, detail: code }, fromStored, (a, b) => a.key === b.key);

export const waiting = (code: string): Waiting[] => box(code).read();

/** An answer the class acknowledged: stored under the step's `resets`-th reset (ClassState). */
export interface Stored {
  step: number;
  body: AnswerBody;
  resets: number;
  /** the round it was stored in */
  round: number;
}

/** Send an answer: the class's acknowledgement, or "waiting" when the connection is down and the
 * answer is kept to send later. A refusal from the class (closed, locked, a bad value) is thrown
 * as it is. */
export async function sendAnswer(code: string, token: string, step: number, body: AnswerBody, resets?: number): Promise<Stored | "waiting"> {
  // a newer answer to the same step (or the same question of the check) replaces one still waiting
  const answers = box(code);
  answers.write(answers.read().filter((w) => w.step !== step || w.body.phase !== body.phase));
  const key = newKey();
  try {
    const saved = await classes.answer(code, token, step, body, key, resets);
    return { step, body, resets: saved.resets, round: saved.round };
  } catch (e) {
    if (!isOffline(e)) throw e;
    answers.write([...answers.read(), { step, body, token, key, ...(resets !== undefined ? { resets } : {}) }]);
    return "waiting";
  }
}

/** Send what waits, in order; stop at the first sign the connection is still down. Returns the
 * answers the class took, and the steps it refused meanwhile (a step closed while offline), with
 * why. (A newer answer to a step, queued meanwhile, stays to be sent.) */
export async function flush(code: string): Promise<{ sent: Stored[]; refused: { step: number; why: string }[] }> {
  const out = { sent: [] as Stored[], refused: [] as { step: number; why: string }[] };
  await box(code).flush(
    async (w) => {
      const saved = await classes.answer(code, w.token, w.step, w.body, w.key, w.resets);
      out.sent.push({ step: w.step, body: w.body, resets: saved.resets, round: saved.round });
    },
    (w, why) => {
      out.refused.push({ step: w.step, why });
      return null;
    },
  );
  return out;
}
