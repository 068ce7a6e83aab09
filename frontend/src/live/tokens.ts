// The tokens a device holds for live classes, by class code: the teacher's (control) and a
// student's (answers). Kept in this browser, so a reload resumes; never put in a URL.
import { readRecord, writeJson } from "../storage";

const KEY = "memolab.classes.v1";

interface Held {
  teacher?: string;
  student?: { token: string; id: string; name: string };
}

const all = () => readRecord(KEY) as Record<string, Held | undefined>;
const put = (code: string, h: Held) => writeJson(KEY, { ...all(), [code]: { ...all()[code], ...h } });

const text = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 128;

export function teacherToken(code: string): string | null {
  const t = all()[code]?.teacher;
  return text(t) ? t : null;
}

export function studentOf(code: string): Held["student"] | null {
  const s = all()[code]?.student;
  return s && text(s.token) && typeof s.id === "string" && typeof s.name === "string" ? s : null;
}

export const keepTeacher = (code: string, token: string) => put(code, { teacher: token });
export const keepStudent = (code: string, student: NonNullable<Held["student"]>) => put(code, { student });
