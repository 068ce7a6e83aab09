// How the page asks a lesson's questions: a concept check's question as a step, a question
// answered by picking one of several. Apart from the format's schema (format.ts), so that a
// page that only shows a checked lesson (a class's seat) loads no parser.
import type { CheckQuestion, LessonStep, Question } from "./format.ts";

/** Question `i` (from 0) of a concept check as a step, as the player and the checks take it. */
export function checkStep(q: CheckQuestion, i: number, total: number): LessonStep {
  return { ...q, title: q.title ?? `Question ${i + 1} of ${total}`, text: q.text ?? "Answer with what you think now." };
}

/** A question answered by picking one of several, as the page asks it: a choice as written, a
 * knob question with the knobs' labels (`label`); null for a point. `answer` counts from 1. */
export function picking(q: Question | undefined, label: (knob: string) => string = (k) => k): { choices: string[]; answer: number; explain: string } | null {
  if (q?.predict === "choice") return { choices: q.choices, answer: q.answer, explain: q.explain };
  if (q?.predict === "knob") return { choices: q.among.map(label), answer: q.among.indexOf(q.answer) + 1, explain: q.explain };
  return null;
}
