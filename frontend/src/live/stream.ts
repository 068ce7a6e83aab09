// A class's event stream: server-sent events read through fetch (EventSource cannot send the
// token headers), reconnecting after a drop with the id of the last event seen, so nothing is
// missed and nothing repeated.
import { z } from "zod";

const given = z.union([z.object({ value: z.number() }), z.object({ choice: z.number().int() })]);
const who = z.object({ id: z.string(), name: z.string() });
const state = z.object({
  code: z.string(),
  step: z.number().int(),
  pace: z.enum(["teacher", "self"]),
  steps: z.number().int(),
  revealed: z.array(z.number().int()),
  locked: z.array(z.number().int()),
  ended: z.boolean(),
});
const spread = z.object({ count: z.number().int(), values: z.array(z.number()), choices: z.record(z.string(), z.number().int()) });

export const classEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("snapshot"),
    state,
    students: z.array(who).optional(),
    answers: z.array(z.intersection(z.object({ step: z.number().int() }), z.intersection(who.partial(), given))),
    me: who.optional(),
    spreads: z.record(z.string(), spread).optional(),
  }),
  z.object({ type: z.literal("state"), ...state.shape }),
  z.object({ type: z.literal("reveal"), step: z.number().int(), spread }),
  z.object({ type: z.literal("joined"), students: z.number().int(), student: who }),
  z.object({
    type: z.literal("answers"),
    step: z.number().int(),
    count: z.number().int(),
    answer: z.intersection(who, given).optional(),
    reset: z.boolean().optional(),
  }),
  z.object({ type: z.literal("ended") }),
]);
export type ClassEvent = z.infer<typeof classEvent>;
export type ClassStateData = z.infer<typeof state>;
export type Spread = z.infer<typeof spread>;

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
            const parsed = classEvent.safeParse(JSON.parse(data.join("\n")));
            if (id !== null) lastId = id;
            if (!parsed.success) continue; // an event this page does not know: skip it
            onEvent(parsed.data);
            if (parsed.data.type === "ended") {
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
