// A lesson file's concept check (`check:`): each question parsed with its schema (format.ts),
// checked against the systems as a step is (states.ts), and a choice held to carry a claim, so
// that every question is judged against the model (a point by its value, a knob by the model's
// sensitivity, a choice by its `checks`). The good questions go on, as steps, to the model
// checks (claims.ts); every problem is placed under check[i], never under steps[i].
import type { SystemSpec } from "../api/types.ts";
import type { z } from "zod";
import { type CheckQuestion, checkQuestionSchema, type LessonStep } from "./format.ts";
import { checkStep } from "./picking.ts";
import type { Path } from "./places.ts";
import { checkState } from "./states.ts";

export interface CheckFound {
  /** the questions that passed, as steps, with their place in the check */
  good: [number, LessonStep][];
  /** the check as written, when every question passed (null: no check, or a problem) */
  items: CheckQuestion[] | null;
  /** problems outside the schema's (the systems', a choice without a claim) */
  problems: [Path, string][];
}

/** The check's forms as a lesson file names them: form A `check`, its parallel form B `check_b`. */
export type CheckKey = "check" | "check_b";

/** A step's problems (paths under steps[i]) as the check question's (under check[i], or check_b[i]). */
export const underCheck = (found: [Path, string][], key: CheckKey = "check"): [Path, string][] => found.map(([p, m]) => [[key, ...p.slice(1)], m]);

/** The concept check of a parsed lesson file (form A, or with `key` "check_b" form B); `issue`
 * takes each schema problem, its path in the file. */
export function checkQuestions(data: unknown, specs: Record<string, SystemSpec> | undefined, issue: (i: z.core.$ZodIssue) => void, key: CheckKey = "check"): CheckFound {
  const raw = (data as Record<string, unknown> | null)?.[key];
  const list = Array.isArray(raw) ? raw : [];
  const good: [number, LessonStep][] = [];
  const items: CheckQuestion[] = [];
  const problems: [Path, string][] = [];
  list.forEach((q, i) => {
    const r = checkQuestionSchema.safeParse(q);
    if (!r.success) {
      for (const e of r.error.issues) issue({ ...e, path: [key, i, ...e.path] } as z.core.$ZodIssue);
      return;
    }
    const step = checkStep(r.data, i, list.length);
    const found = specs ? underCheck(checkState(step, i, specs), key) : [];
    if (r.data.question.predict === "choice" && !(r.data.checks ?? []).length) {
      found.push([[key, i, "question", "answer"], "a concept check's choice is judged against the model: add checks that hold its answer (a metric's range, or a ratio with vs)"]);
    }
    problems.push(...found);
    items.push(r.data);
    if (!found.length) good.push([i, step]);
  });
  const whole = Array.isArray(raw) && good.length === list.length;
  return { good, items: whole ? items : null, problems };
}

/** Where form B (`check_b`) does not pair with form A question by question: it needs form A, as
 * many questions, and at each place the same kind of answer (a choice with as many choices), so
 * that a student's question n before the lesson and after it is one pair (the server holds the
 * same: backend/app/lessons.py read_check_b). */
export function pairingProblems(data: unknown): [Path, string][] {
  const d = data as Record<string, unknown> | null;
  const a = Array.isArray(d?.check) ? (d.check as unknown[]) : null;
  const b = Array.isArray(d?.check_b) ? (d.check_b as unknown[]) : null;
  if (!b) return [];
  if (!a) return [[["check_b"], "a second form of the concept check (check_b) needs the first (check)"]];
  if (a.length !== b.length) return [[["check_b"], `the concept check's two forms have ${a.length} and ${b.length} questions: they must pair up`]];
  const kind = (q: unknown) => {
    const asked = (q as { question?: { predict?: unknown; choices?: unknown } } | null)?.question;
    return `${String(asked?.predict)}/${Array.isArray(asked?.choices) ? asked.choices.length : 0}`;
  };
  return b.flatMap((q, i): [Path, string][] =>
    kind(q) === kind(a[i]) ? [] : [[["check_b", i, "question"], `question ${i + 1} of form B asks for another kind of answer than question ${i + 1} of form A (check): parallel questions ask alike`]],
  );
}
