// A worker stand-in for the runtime's tests: records what the page posts, emits events on
// demand and, when asked, answers requests on the reply board the moment they are posted.
import type { WorkerLike } from "../../src/runtime/transport";
import type { WorkerEvent } from "../../src/runtime/protocol";
import { ReplyWriter } from "../../src/runtime/replies";

export type Msg = { id: number; type: string; buffer?: SharedArrayBuffer; interrupt?: SharedArrayBuffer };

export class FakeWorker implements WorkerLike {
  sent: Msg[] = [];
  /** When set, answers each request on the reply board the moment it is posted. */
  instant: ((m: Msg) => unknown) | null = null;
  /** The reply board, once the page has shared one. */
  board: ReplyWriter | null = null;
  /** The word the page sets to stop a fit, once shared. */
  interrupt: Int32Array | null = null;
  private on: Record<string, ((e: unknown) => void)[]> = { message: [], error: [] };
  postMessage(msg: unknown) {
    const m = msg as Msg;
    if (m.type === "attach") {
      this.board = new ReplyWriter(m.buffer!);
      if (m.interrupt) this.interrupt = new Int32Array(m.interrupt);
      return;
    }
    this.sent.push(m);
    if (this.instant && this.board) this.board.post(m.id, JSON.stringify({ result: this.instant(m) }));
  }
  addEventListener(type: string, fn: (e: never) => void) {
    this.on[type].push(fn as (e: unknown) => void);
  }
  terminate() {}
  emit(ev: WorkerEvent) {
    for (const fn of this.on.message) fn({ data: ev });
  }
  fail(message: string) {
    for (const fn of this.on.error) fn({ message });
  }
}

/** The worker's answer to request `id`, as it posts it: the models' JSON text. */
export const result = (id: number, value: unknown): WorkerEvent => ({ type: "answer", id, text: JSON.stringify({ result: value }) });
/** The worker's refusal of request `id` (bad input, a stop, a runtime that did not start). */
export const refusal = (id: number, message: string): WorkerEvent => ({ type: "answer", id, text: JSON.stringify({ error: message }) });
/** A posted event as the tests read it: an answer's text parsed, as the page parses it. */
export function decoded(ev: WorkerEvent): { type: string; id?: number; result?: unknown; message?: string } & Record<string, unknown> {
  if (ev.type !== "answer") return ev;
  const out = JSON.parse(ev.text) as { result?: unknown; error?: string };
  return out.error !== undefined ? { type: "error", id: ev.id, message: out.error } : { type: "result", id: ev.id, result: out.result };
}

export const ready: WorkerEvent = { type: "status", phase: "ready", step: 3, steps: 3, message: "ok", ms: 3000 };
