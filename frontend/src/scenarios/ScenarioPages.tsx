// /s/{slug} opens a saved scenario in its explorer (its view in the query; an edited model it
// keeps named in the fragment, shown before anything of it runs); /my lists this browser's
// scenarios.
import { useEffect, useState } from "react";
import { api, ApiError } from "../api/client";
import type { SavedScenario, SystemSpec } from "../api/types";
import { stateOf } from "../state/explorerState";
import { serialize } from "../state/urlState";
import { loadMine, removeMine, type MyScenario } from "./myScenarios";
import { discard, OUTBOX_EVENT, pending, type Pending } from "./scenarioOutbox";
import { PageError } from "../PageError";
import { fragmentOf } from "../state/fragment";

export function OpenScenario({ slug }: { slug: string }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    (async () => {
      try {
        const s = await api.scenario(slug);
        const spec = await api.describe(s.system);
        window.location.replace(scenarioAddress(s, spec));
      } catch (e) {
        setError(e instanceof ApiError && e.status === 404 ? "gone" : e instanceof Error ? e.message : String(e));
      }
    })();
  }, [slug]);
  if (error === "gone")
    return (
      <PageError title="This scenario is not here" back={{ href: "/", label: "Explore the memos" }}>
        It was deleted by whoever saved it, or the link was never valid.
      </PageError>
    );
  if (error) return <PageError title="Cannot open this scenario">{error}</PageError>;
  return <p aria-busy="true">Opening the saved scenario…</p>;
}

/** Where a saved scenario opens: its explorer with its view, and the edit it keeps, if any. */
export function scenarioAddress(s: SavedScenario, spec: SystemSpec): string {
  const edit = s.edit ? fragmentOf({ open: true, edit: null, saved: s.slug }) : "";
  return `/explore/${encodeURIComponent(s.system)}?${serialize(stateOf(s, spec), spec)}${edit}`;
}

export function MyScenarios() {
  const [list, setList] = useState<MyScenario[]>(loadMine);
  const [waiting, setWaiting] = useState<Pending[]>(pending);
  const [message, setMessage] = useState("");
  useEffect(() => {
    document.title = "My scenarios · Memo Lab";
    // Scenarios saved offline move from "waiting" to the list when the outbox sends them.
    const sync = () => {
      setWaiting(pending());
      setList(loadMine());
    };
    window.addEventListener(OUTBOX_EVENT, sync);
    return () => window.removeEventListener(OUTBOX_EVENT, sync);
  }, []);
  const remove = async (m: MyScenario) => {
    try {
      await api.deleteScenario(m.slug, m.delete_token);
      removeMine(m.slug);
      setList(loadMine());
      setMessage(`Deleted "${m.title || m.slug}".`);
    } catch (e) {
      setMessage(`Could not delete: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <main>
      <h1>My scenarios</h1>
      <p className="lede">Scenarios saved from this browser. Their delete tokens live only here.</p>
      <p role="status">{message}</p>
      {waiting.length > 0 && (
        <section aria-labelledby="waiting-h" data-testid="outbox">
          <h2 id="waiting-h">Waiting to be saved</h2>
          <ul className="my-scenarios">
            {waiting.map((p) => (
              <li key={p.id}>
                <span>{p.body.title || "Untitled"}</span>
                <span className="muted">{p.refused ? ` refused by the server: ${p.refused}` : ` ${p.body.system}, kept since ${new Date(p.queued_at).toLocaleString()}; sent when the connection returns`}</span>
                <button type="button" onClick={() => { discard(p.id); setWaiting(pending()); }} aria-label={`Discard ${p.body.title || "untitled scenario"}`}>Discard</button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.length === 0 ? <p>None yet: use "Save &amp; share" on an explorer.</p> : (
        <ul className="my-scenarios">
          {list.map((m) => (
            <li key={m.slug}>
              <a href={`/s/${m.slug}`}>{m.title || "Untitled"}</a>
              <span className="muted">{` ${m.system}, ${new Date(m.created_at).toLocaleDateString()}`}</span>
              <button type="button" onClick={() => void remove(m)} aria-label={`Delete ${m.title || m.slug}`}>Delete</button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
