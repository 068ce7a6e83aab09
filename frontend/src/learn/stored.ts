// Teachers' lessons stored on the server: store (the delete token kept in this browser), read,
// delete. Tokens travel in headers only.
import { request } from "../api/client";
import { readRecord, writeJson } from "../storage";
import type { components } from "../api/schema.gen";

type Created = components["schemas"]["LessonCreated"];
type Stored = components["schemas"]["StoredLesson"];
const KEY = "memolab.lessons.v1";

export const storedLessons = {
  store: async (text: string): Promise<Created> => {
    const made = await request<Created>("/api/lessons", { method: "POST", body: JSON.stringify({ text }) });
    writeJson(KEY, { ...readRecord(KEY), [made.slug]: made.delete_token }); // storage off: only this browser cannot delete it
    return made;
  },
  /** the lesson's text (an ApiError with the server's reason, e.g. a deleted lesson's 404) */
  read: async (slug: string): Promise<string> => (await request<Stored>(`/api/lessons/${encodeURIComponent(slug)}`)).text,
  /** the delete token this browser holds for a stored lesson, if it stored it */
  token: (slug: string): string | null => {
    const t = readRecord(KEY)[slug];
    return typeof t === "string" && t.length <= 128 ? t : null;
  },
};
