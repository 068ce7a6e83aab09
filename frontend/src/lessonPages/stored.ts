// Teachers' lessons stored on the server: store (the delete token and the title kept in this
// browser, so /learn lists them), read, delete. Tokens travel in headers only.
import { request } from "../api/client";
import { readRecord, writeJson } from "../storage";
import type { components } from "../api/schema.gen";

type Created = components["schemas"]["LessonCreated"];
type Stored = components["schemas"]["LessonRead"];
const KEY = "memolab.lessons.v1";

/** A lesson this browser stored: its link's slug, title and delete token. */
export interface OwnLesson {
  slug: string;
  title: string;
  token: string;
  stored: string;
}

// Entries were once the bare token; later ones carry the title and when it was stored.
function entry(slug: string, v: unknown): OwnLesson | null {
  if (typeof v === "string" && v.length <= 128) return { slug, title: slug, token: v, stored: "" };
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  if (typeof o.token !== "string" || o.token.length > 128) return null;
  return { slug, token: o.token, title: typeof o.title === "string" ? o.title.slice(0, 120) : slug, stored: typeof o.stored === "string" ? o.stored.slice(0, 40) : "" };
}

export const storedLessons = {
  store: async (text: string, title: string): Promise<Created> => {
    const made = await request<Created>("/api/lessons", { method: "POST", body: JSON.stringify({ text }) });
    // storage off: only this browser cannot list or delete it
    writeJson(KEY, { ...readRecord(KEY), [made.slug]: { token: made.delete_token, title, stored: new Date().toISOString() } });
    return made;
  },
  /** the lesson's text (an ApiError with the server's reason, e.g. a deleted lesson's 404) */
  read: async (slug: string): Promise<string> => (await request<Stored>(`/api/lessons/${encodeURIComponent(slug)}`)).text,
  /** the delete token this browser holds for a stored lesson, if it stored it */
  token: (slug: string): string | null => entry(slug, readRecord(KEY)[slug])?.token ?? null,
  /** the lessons this browser stored, newest first */
  mine: (): OwnLesson[] =>
    Object.entries(readRecord(KEY))
      .flatMap(([slug, v]) => (/^[A-Za-z0-9_-]{8,32}$/.test(slug) ? [entry(slug, v)].filter((e): e is OwnLesson => e !== null) : []))
      .sort((a, b) => b.stored.localeCompare(a.stored)),
  /** delete it on the server (a lesson already gone is forgotten too) and forget it here */
  remove: async (slug: string): Promise<void> => {
    const token = storedLessons.token(slug);
    if (token) {
      try {
        await request<void>(`/api/lessons/${encodeURIComponent(slug)}`, { method: "DELETE", headers: { "X-Delete-Token": token } });
      } catch (e) {
        if ((e as { status?: number }).status !== 404) throw e;
      }
    }
    const { [slug]: _, ...rest } = readRecord(KEY);
    writeJson(KEY, rest);
  },
};
