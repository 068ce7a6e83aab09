// A learner's progress and predictions, kept in this browser only (no account), per lesson.
// Everything read back is checked: storage is as untrusted as a URL.
/** A point's value, a choice (from 1), or a sketched curve's values at the question's x values
 * (a draft's not yet set are NaN; a committed sketch has every one). */
export type StepAnswer = { kind: "point"; y: number } | { kind: "choice"; choice: number } | { kind: "curve"; ys: number[] };

export interface LessonProgress {
  /** steps (counted from 1) the learner has opened */
  seen: number[];
  /** committed answers by step; a committed answer is revealed */
  answers: Record<string, StepAnswer>;
}

import { readRecord, writeJson } from "../storage";

const KEY = "memolab.learn.v1";
const empty = (): LessonProgress => ({ seen: [], answers: {} });

const readAll = () => readRecord(KEY) as Record<string, LessonProgress>;

function valid(a: unknown): a is StepAnswer {
  if (!a || typeof a !== "object") return false;
  const x = a as Record<string, unknown>;
  const finite = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  return (x.kind === "point" && finite(x.y)) || (x.kind === "choice" && Number.isInteger(x.choice))
    || (x.kind === "curve" && Array.isArray(x.ys) && x.ys.length > 0 && x.ys.every(finite));
}

export function progressOf(lessonKey: string): LessonProgress {
  const p = readAll()[lessonKey];
  if (!p || typeof p !== "object") return empty();
  const seen = Array.isArray(p.seen) ? p.seen.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  const answers = Object.fromEntries(Object.entries(p.answers && typeof p.answers === "object" ? p.answers : {}).filter(([, a]) => valid(a)));
  return { seen, answers };
}

function write(lessonKey: string, p: LessonProgress | null) {
  const all = readAll();
  if (p) all[lessonKey] = p;
  else delete all[lessonKey];
  writeJson(KEY, all); // if storage is off, progress lasts for this page only
}

export function markSeen(lessonKey: string, step: number) {
  const p = progressOf(lessonKey);
  if (!p.seen.includes(step)) write(lessonKey, { ...p, seen: [...p.seen, step].sort((a, b) => a - b) });
}

export function saveAnswer(lessonKey: string, step: number, a: StepAnswer) {
  const p = progressOf(lessonKey);
  write(lessonKey, { ...p, answers: { ...p.answers, [step]: a } });
}

export function resetLesson(lessonKey: string) {
  write(lessonKey, null);
}

export function resetAll() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
}
