// Recent model answers by request: a knob moved back and forth, or asked for ahead of the
// render, is answered without another round trip. The worker and the server give the same
// answers, so one cache serves both.
import { type Call, callKey, type ResultFor } from "./protocol";

export const CACHE_ENTRIES = 64;

const keyOf = callKey;

export class AnswerCache {
  private entries = new Map<string, unknown>();
  /** answers on their way: a second ask waits for the same one instead of asking again;
   * `background`: asked by a background lane (a prefetch), answered by message only */
  private inflight = new Map<string, { answer: Promise<unknown>; background: boolean }>();

  constructor(private capacity = CACHE_ENTRIES) {}

  get size(): number {
    return this.entries.size;
  }

  /** The answer to a request if it is known; a hit becomes the most recently used. */
  get<C extends Call>(call: C): ResultFor[C["type"]] | undefined {
    const key = keyOf(call);
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, value);
    return value as ResultFor[C["type"]];
  }

  set(call: Call, result: unknown): void {
    const key = keyOf(call);
    this.entries.delete(key);
    this.entries.set(key, result);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The answer to a request already asked for and on its way, if any, and whether a background
   * lane asked for it. */
  pending<C extends Call>(call: C): { answer: Promise<ResultFor[C["type"]]>; background: boolean } | undefined {
    return this.inflight.get(keyOf(call)) as { answer: Promise<ResultFor[C["type"]]>; background: boolean } | undefined;
  }

  /** The same promise, storing its answer when it arrives (a failure is not stored); until then
   * it is the request's pending answer. */
  remember<T>(call: Call, p: Promise<T>, background = false): Promise<T> {
    const key = keyOf(call);
    const q = p.then(
      (r) => {
        this.inflight.delete(key);
        this.set(call, r);
        return r;
      },
      (e: unknown) => {
        this.inflight.delete(key);
        throw e;
      },
    );
    this.inflight.set(key, { answer: q, background });
    return q;
  }
}
