// Teachers' lessons stored on the server: store (the delete token kept in this browser), read,
// delete. Tokens travel in headers only.
import { ApiError } from "../api/client";
import type { components } from "../api/schema.gen";

type Created = components["schemas"]["LessonCreated"];
type Stored = components["schemas"]["StoredLesson"];
const KEY = "memolab.lessons.v1";

async function reason(r: Response): Promise<string> {
  try {
    const body = await r.json();
    return typeof body.detail === "string" ? body.detail : r.statusText;
  } catch {
    return r.statusText;
  }
}

function tokens(): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

export const storedLessons = {
  store: async (text: string): Promise<Created> => {
    const r = await fetch("/api/lessons", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
    if (!r.ok) throw new ApiError(r.status, await reason(r));
    const made = (await r.json()) as Created;
    try {
      localStorage.setItem(KEY, JSON.stringify({ ...tokens(), [made.slug]: made.delete_token }));
    } catch {
      /* storage off: the lesson stays up, this browser cannot delete it */
    }
    return made;
  },
  read: async (slug: string): Promise<string> => {
    const r = await fetch(`/api/lessons/${encodeURIComponent(slug)}`);
    if (!r.ok) throw new ApiError(r.status, r.status === 404 ? "no lesson at this link (it may have been deleted)" : await reason(r));
    return ((await r.json()) as Stored).text;
  },
  /** the delete token this browser holds for a stored lesson, if it stored it */
  token: (slug: string): string | null => {
    const t = tokens()[slug];
    return typeof t === "string" && t.length <= 128 ? t : null;
  },
};
