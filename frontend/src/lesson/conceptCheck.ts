// A lesson file's concept check (`check:`): each question parsed with its schema (format.ts),
// checked against the systems as a step is (states.ts), and a choice held to carry a claim, so
// that every question is judged against the model (a point by its value, a knob by the model's
// sensitivity, a choice by its `checks`). The good questions go on, as steps, to the model
// checks (claims.ts); every problem is placed under check[i], never under steps[i].
import type { SystemSpec } from "../api/types.ts";
import type { z } from "zod";
import { type CheckQuestion, checkQuestionSchema, checkStep, type LessonStep } from "./format.ts";
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

/** A step's problems (paths under steps[i]) as the check question's (under check[i]). */
export const underCheck = (found: [Path, string][]): [Path, string][] => found.map(([p, m]) => [["check", ...p.slice(1)], m]);

/** The concept check of a parsed lesson file; `issue` takes each schema problem, its path in the file. */
export function checkQuestions(data: unknown, specs: Record<string, SystemSpec> | undefined, issue: (i: z.core.$ZodIssue) => void): CheckFound {
  const raw = (data as { check?: unknown } | null)?.check;
  const list = Array.isArray(raw) ? raw : [];
  const good: [number, LessonStep][] = [];
  const items: CheckQuestion[] = [];
  const problems: [Path, string][] = [];
  list.forEach((q, i) => {
    const r = checkQuestionSchema.safeParse(q);
    if (!r.success) {
      for (const e of r.error.issues) issue({ ...e, path: ["check", i, ...e.path] } as z.core.$ZodIssue);
      return;
    }
    const step = checkStep(r.data, i, list.length);
    const found = specs ? underCheck(checkState(step, i, specs)) : [];
    if (r.data.question.predict === "choice" && !(r.data.checks ?? []).length) {
      found.push([["check", i, "question", "answer"], "a concept check's choice is judged against the model: add checks that hold its answer (a metric's range, or a ratio with vs)"]);
    }
    problems.push(...found);
    items.push(r.data);
    if (!found.length) good.push([i, step]);
  });
  const whole = Array.isArray(raw) && good.length === list.length;
  return { good, items: whole ? items : null, problems };
}
