// The concept check's two parallel forms on a device: a lesson may give its check a form B
// (`check_b`), question n of which asks question n's idea at other settings. The server gives
// each student an order as they join (Who.forms: "AB", form A before the lesson and B after, or
// "BA"), half the class each way; a phone asks the form the server will judge its answers by
// (backend/app/classes/rules.py form_in).
import type { CheckQuestion, Lesson } from "../lesson/format";

export type Order = "AB" | "BA";
/** The concept check's two phases (room.ts takes its Phase from here: one way between the two). */
export type Phase = "before" | "after";
export type Form = "A" | "B";

/** The form a student with `order` takes in `phase`: with one form, A for everyone. */
export function formIn(order: Order | null | undefined, phase: Phase, twoForms: boolean): Form {
  if (!twoForms) return "A";
  const o = order ?? "AB";
  return (phase === "before" ? o[0] : o[1]) as Form;
}

/** The lesson's check has two forms that pair up (the server holds the same). */
export const hasTwoForms = (lesson: Pick<Lesson, "check" | "check_b">): boolean => !!lesson.check_b?.length && lesson.check_b.length === lesson.check?.length;

/** The questions a student with `order` is asked in `phase`. */
export function formQuestions(lesson: Pick<Lesson, "check" | "check_b">, order: Order | null | undefined, phase: Phase): CheckQuestion[] {
  const two = hasTwoForms(lesson);
  return (formIn(order, phase, two) === "B" ? lesson.check_b : lesson.check) ?? [];
}

/** An order in words, for the report and the projector. */
export const orderWords = (order: Order): string => (order === "AB" ? "form A before, form B after" : "form B before, form A after");
