// What this browser keeps to send once the connection returns (scenarios saved offline:
// scenarios/scenarioOutbox.ts; a student's answers: live/answerOutbox.ts): a list under one
// storage key, read as untrusted, announced to the page at every change, and sent oldest first,
// stopping at the first sign the connection is still down. Each user adds only its specifics.
import { ApiError } from "./api/client";
import { readList } from "./storage";

/** A failure worth retrying later: no connection, or the server briefly unable to answer. */
export const isOffline = (e: unknown) => !(e instanceof ApiError) || e.status === 503 || e.status === 502 || e.status === 504;

export interface Outbox<T> {
  /** what waits, oldest first (a stored entry that is not one of these is dropped) */
  read(): T[];
  /** keep this list (an empty one leaves nothing in storage) and tell the page; throws when the
   * storage is full or off, so that nothing is said to wait that does not */
  write(list: T[]): void;
  /** Send what waits (each entry `ready` allows), oldest first: one sent leaves the box; one
   * refused is replaced by what `refused` makes of it (null: it leaves too); the first failure
   * worth retrying stops the round, the rest kept. While a round runs, another does nothing. */
  flush(send: (item: T) => Promise<void>, refused: (item: T, why: string) => T | null, ready?: (item: T) => boolean): Promise<void>;
}

// the storage keys whose round is under way (a timer's and the browser's "online" may coincide)
const flushing = new Set<string>();

/** The outbox under `key`: `fromStored` checks an entry read back (null: not one), `same` tells
 * an entry again after the list changed under it; each change dispatches `event` with `detail`. */
export function outbox<T>(
  key: string,
  event: { name: string; detail?: unknown },
  fromStored: (raw: unknown) => T | null,
  same: (a: T, b: T) => boolean,
): Outbox<T> {
  const read = () => readList(key).flatMap((raw) => fromStored(raw) ?? []);
  const write = (list: T[]) => {
    if (list.length) localStorage.setItem(key, JSON.stringify(list));
    else localStorage.removeItem(key);
    window.dispatchEvent(new CustomEvent(event.name, { detail: event.detail }));
  };
  // an entry's outcome, written into the list as it is now (more may have been queued meanwhile)
  const settle = (item: T, next: T | null) => write(read().flatMap((q) => (same(q, item) ? (next ?? []) : [q])));
  return {
    read,
    write,
    async flush(send, refused, ready = () => true) {
      if (flushing.has(key)) return;
      flushing.add(key);
      try {
        for (const item of read().filter(ready)) {
          try {
            await send(item);
            settle(item, null);
          } catch (e) {
            if (isOffline(e)) return;
            settle(item, refused(item, (e as Error).message));
          }
        }
      } finally {
        flushing.delete(key);
      }
    },
  };
}
