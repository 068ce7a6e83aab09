// Scenarios saved while offline wait here (this browser's storage: ../outbox.ts) and are sent
// when the connection returns; once saved they join "My scenarios" like any other. One the
// server refuses is kept, with why, to be seen and discarded, not tried again.
import { api } from "../api/client";
import type { CreatedScenario, ScenarioDraft } from "../api/types";
import { outbox } from "../outbox";
import { addMine } from "./myScenarios";

export type ScenarioBody = ScenarioDraft;

export interface Pending {
  id: string;
  body: ScenarioBody;
  queued_at: string;
  /** why the server refused it, if it did (it is kept to be seen, not retried) */
  refused?: string;
}

const MAX_PENDING = 20;
export const OUTBOX_EVENT = "memolab:outbox";

const box = outbox<Pending>(
  "memolab.outbox",
  { name: OUTBOX_EVENT },
  (p) => {
    const q = p as Pending | null;
    return q && typeof q.id === "string" && q.body && typeof q.body.system === "string" ? q : null;
  },
  (a, b) => a.id === b.id,
);

export const pending = (): Pending[] => box.read();

export function enqueue(body: ScenarioBody): void {
  const list = pending();
  if (list.length >= MAX_PENDING) throw new Error(`at most ${MAX_PENDING} scenarios can wait to be saved; reconnect first`);
  box.write([...list, { id: crypto.randomUUID(), body, queued_at: new Date().toISOString() }]);
}

export function discard(id: string): void {
  box.write(pending().filter((p) => p.id !== id));
}

export async function save(body: ScenarioBody): Promise<CreatedScenario> {
  const m = await api.saveScenario(body);
  addMine({ slug: m.slug, system: body.system, title: body.title ?? "", delete_token: m.delete_token, created_at: m.scenario.created_at });
  return m;
}

/** Send what waits, oldest first; stop at the first sign the connection is still down. */
export const flush = (): Promise<void> =>
  box.flush(
    async (p) => void (await save(p.body)),
    (p, why) => ({ ...p, refused: why }),
    (p) => !p.refused,
  );

/** Retry when the browser says it is back online, on start, and every half minute while any wait. */
export function startOutbox(): void {
  window.addEventListener("online", () => void flush());
  setInterval(() => {
    if (pending().some((p) => !p.refused)) void flush();
  }, 30_000);
  if (pending().length) void flush();
}
