// A class's event stream: server-sent events read through fetch (EventSource cannot send the
// token headers), reconnecting after a drop with the id of the last event seen, so nothing is
// missed and nothing repeated.
import type { components } from "../api/schema.gen";

// The events' shapes come from the API schema (the backend's app/classes/models.py), never copied here.
type S = components["schemas"];
export type ClassEvent = S["ClassEvent"];
export type ClassStateData = S["ClassState"];
export type Spread = S["Spread"];

const KINDS = new Set<string>(["snapshot", "state", "reveal", "joined", "answers", "ended"]);

/** An event's JSON as the server typed it, or null for what this page does not know. */
export function readEvent(data: string): ClassEvent | null {
  try {
    const v: unknown = JSON.parse(data);
    return v && typeof v === "object" && KINDS.has(String((v as { type?: unknown }).type)) ? (v as ClassEvent) : null;
  } catch {
    return null;
  }
}

export type Link = "connecting" | "live" | "reconnecting" | "closed";

/** Read the stream until `stop()`; `onEvent` for each event, `onLink` as the connection changes. */
export function openStream(code: string, headers: Record<string, string>, onEvent: (e: ClassEvent) => void, onLink: (l: Link, why?: string) => void): () => void {
  let lastId: string | null = null;
  let stopped = false;
  let abort = new AbortController();
  let delay = 500;

  const run = async () => {
    while (!stopped) {
      onLink(lastId === null ? "connecting" : "reconnecting");
      try {
        abort = new AbortController();
        const r = await fetch(`/api/classes/${encodeURIComponent(code)}/events`, {
          headers: { ...headers, ...(lastId !== null ? { "Last-Event-ID": lastId } : {}) },
          signal: abort.signal,
          cache: "no-store",
        });
        if (r.status === 403 || r.status === 404 || r.status === 410) {
          onLink("closed", r.status === 410 ? "the class has ended" : "this device is not part of the class");
          return;
        }
        // a full server (503) or too many streams from here (429): wait as long as it asks
        const wait = Number(r.headers.get("Retry-After"));
        if ((r.status === 429 || r.status === 503) && wait > 0) delay = Math.min(30_000, wait * 1000);
        if (!r.ok || !r.body) throw new Error(`status ${r.status}`);
        onLink("live");
        delay = 500;
        const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            let id: string | null = null;
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("id:")) id = line.slice(3).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
            }
            if (!data.length) continue; // a keep-alive comment
            const event = readEvent(data.join("\n"));
            if (id !== null) lastId = id;
            if (!event) continue; // an event this page does not know: skip it
            onEvent(event);
            if (event.type === "ended") {
              stopped = true;
              onLink("closed", "the class has ended");
              return;
            }
          }
        }
      } catch {
        if (stopped) return;
      }
      // dropped (network, server restart): try again, a little later each time, from lastId
      await new Promise((res) => setTimeout(res, delay));
      delay = Math.min(5000, delay * 2);
    }
  };
  void run();
  return () => {
    stopped = true;
    abort.abort();
  };
}
