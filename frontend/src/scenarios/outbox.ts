// Scenarios saved while offline wait here (this browser's storage) and are sent when the
// connection returns; once saved they join "My scenarios" like any other.
import { api, ApiError } from "../api/client";
import type { CreatedScenario, ScenarioDraft } from "../api/types";
import { addMine } from "./myScenarios";

export type ScenarioBody = ScenarioDraft;

export interface Pending {
  id: string;
  body: ScenarioBody;
  queued_at: string;
  /** why the server refused it, if it did (it is kept to be seen, not retried) */
  refused?: string;
}

const KEY = "memolab.outbox";
const MAX_PENDING = 20;
export const OUTBOX_EVENT = "memolab:outbox";

export function pending(): Pending[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((p) => p && typeof p.id === "string" && p.body && typeof p.body.system === "string") : [];
  } catch {
    return [];
  }
}

function write(list: Pending[]) {
  localStorage.setItem(KEY, JSON.stringify(list));
  window.dispatchEvent(new Event(OUTBOX_EVENT));
}

/** A failure worth retrying later: no connection, or the server briefly unable to answer. */
export const isOffline = (e: unknown) => !(e instanceof ApiError) || e.status === 503 || e.status === 502 || e.status === 504;

export function enqueue(body: ScenarioBody): void {
  const list = pending();
  if (list.length >= MAX_PENDING) throw new Error(`at most ${MAX_PENDING} scenarios can wait to be saved; reconnect first`);
  write([...list, { id: crypto.randomUUID(), body, queued_at: new Date().toISOString() }]);
}

export function discard(id: string): void {
  write(pending().filter((p) => p.id !== id));
}

export async function save(body: ScenarioBody): Promise<CreatedScenario> {
  const m = await api.saveScenario(body);
  addMine({ slug: m.slug, system: body.system, title: body.title ?? "", delete_token: m.delete_token, created_at: m.scenario.created_at });
  return m;
}

let flushing = false;

/** Send what waits, oldest first; stop at the first sign the connection is still down. */
export async function flush(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    for (const p of pending()) {
      if (p.refused) continue;
      try {
        await save(p.body);
        write(pending().filter((q) => q.id !== p.id));
      } catch (e) {
        if (isOffline(e)) return;
        write(pending().map((q) => (q.id === p.id ? { ...q, refused: (e as Error).message } : q)));
      }
    }
  } finally {
    flushing = false;
  }
}

/** Retry when the browser says it is back online, on start, and every half minute while any wait. */
export function startOutbox(): void {
  window.addEventListener("online", () => void flush());
  setInterval(() => {
    if (pending().some((p) => !p.refused)) void flush();
  }, 30_000);
  if (pending().length) void flush();
}
