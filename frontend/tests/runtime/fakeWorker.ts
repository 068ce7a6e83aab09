// A worker stand-in for the runtime's tests: records what the page posts, emits events on
// demand and, when asked, answers sync requests through the shared buffer at once.
import type { WorkerLike } from "../../src/runtime/transport";
import { REPLY_HEADER_BYTES, type WorkerEvent } from "../../src/runtime/protocol";

export type Msg = { id: number; type: string; sync?: boolean; buffer?: SharedArrayBuffer };

export class FakeWorker implements WorkerLike {
  sent: Msg[] = [];
  /** When set, answers sync requests through the shared buffer the moment they are posted. */
  instant: ((m: Msg) => unknown) | null = null;
  /** Answers the worker gave since its last sync reply: the next sync reply carries them. */
  backlog: [number, unknown][] = [];
  private buffer: SharedArrayBuffer | null = null;
  private on: Record<string, ((e: unknown) => void)[]> = { message: [], error: [] };
  postMessage(msg: unknown) {
    const m = msg as Msg;
    if (m.type === "attach") {
      this.buffer = m.buffer!;
      return;
    }
    this.sent.push(m);
    if (this.instant && m.sync && this.buffer) {
      const entries = [...this.backlog.map(([id, result]) => [id, { result }]), [m.id, { result: this.instant(m) }]];
      this.backlog = [];
      const bytes = new TextEncoder().encode(JSON.stringify(entries));
      new Uint8Array(this.buffer, REPLY_HEADER_BYTES).set(bytes);
      const ctrl = new Int32Array(this.buffer, 0, 2);
      Atomics.store(ctrl, 1, bytes.length);
      Atomics.store(ctrl, 0, m.id);
    }
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

export const ready: WorkerEvent = { type: "status", phase: "ready", step: 3, steps: 3, message: "ok", ms: 3000 };
