// The live-class API: start, join, answer, control, end, and the answers' CSV. Tokens travel in
// headers only, never in a URL.
import { ApiError, request } from "../api/client";
import type { components } from "../api/schema.gen";

type S = components["schemas"];
export type ClassCreated = S["ClassCreated"];
export type ClassInfo = S["ClassInfo"];
export type ClassState = S["ClassState"];
export type StudentJoined = S["StudentJoined"];
export type Control = S["ControlIn"];
export type AnswerSaved = S["AnswerSaved"];
export type Group = S["Group"];
export type ClassReport = S["ClassReport"];
export type CheckReport = S["CheckReport"];

/** An answer as the class is sent it (the server's AnswerIn, less what the call adds): `answer`,
 * one value of three kinds (a point, a choice or a sketch's values, as the step holds it), with
 * how sure the student is (1 guessing, 2 fairly sure, 3 sure) and the round it was given in (kept
 * offline into round 2, a round-1 answer is refused, not counted as round 2's); `phase`: an
 * answer to the concept check's question `step`, before the lesson or after it. */
export type AnswerBody = Omit<S["AnswerIn"], "step" | "key" | "resets">;

const at = (code: string, rest = "") => `/api/classes/${encodeURIComponent(code)}${rest}`;

/** How long an answer waits for the class's reply. A phone on a network that is going away can
 * hold a request open for minutes, the answer then neither sent nor kept; past this it counts as
 * offline and is kept to be sent again under its key (stored once if it did arrive). */
export const ANSWER_LIMIT_MS = 10_000;

/** A signal that aborts after `ms` (a timer of the page's, so a test's clock moves it). */
function within(ms: number): AbortSignal {
  const c = new AbortController();
  setTimeout(() => c.abort(new DOMException("the class did not reply in time", "TimeoutError")), ms);
  return c.signal;
}

export const classes = {
  start: (lesson: ({ lesson: string } | { lesson_file: string }) & { step?: number }) =>
    request<ClassCreated>("/api/classes", { method: "POST", body: JSON.stringify(lesson) }),
  info: (code: string) => request<ClassInfo>(at(code)),
  join: (code: string, name: string) => request<StudentJoined>(at(code, "/students"), { method: "POST", body: JSON.stringify({ name }) }),
  /** `key` names this answer: sent again (a retry), it is stored once. `resets`: the step's count
   * of resets the device knew when the answer was given (one given before a reset is refused). */
  answer: (code: string, token: string, step: number, a: AnswerBody, key: string, resets?: number) =>
    request<AnswerSaved>(at(code, "/answers"), {
      method: "POST",
      body: JSON.stringify({ step, ...a, key, ...(resets !== undefined ? { resets } : {}) }),
      headers: { "X-Student-Token": token },
      signal: within(ANSWER_LIMIT_MS),
    }),
  control: (code: string, token: string, c: Control) =>
    request<ClassState>(at(code, "/control"), { method: "POST", body: JSON.stringify(c), headers: { "X-Teacher-Token": token } }),
  /** whom this student discusses a step voted twice with (their round-1 answers) */
  group: (code: string, token: string, step: number) => request<Group>(at(code, `/group/${step}`), { headers: { "X-Student-Token": token } }),
  /** each step against the model: per round, right, by confidence; the shift between rounds */
  report: (code: string, token: string) => request<ClassReport>(at(code, "/report"), { headers: { "X-Teacher-Token": token } }),
  end: (code: string, token: string) => request<void>(at(code), { method: "DELETE", headers: { "X-Teacher-Token": token } }),
  /** A CSV file of the class's, saved through a download link: every answer, the concept check by
   * student (a row a student, a column a question in each phase), or the key to their coded columns. */
  downloadCsv: async (code: string, token: string, what: "answers" | "check" | "key" = "answers") => {
    const r = await fetch(at(code, `/${what}.csv`), { headers: { "X-Teacher-Token": token } });
    if (!r.ok) throw new ApiError(r.status, `could not download the ${what === "check" ? "check by student" : what}`);
    const url = URL.createObjectURL(await r.blob());
    const a = Object.assign(document.createElement("a"), { href: url, download: `memolab-class-${code}-${what}.csv` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
