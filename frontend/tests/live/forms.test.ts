// Which form of the concept check a phone asks: the server's order for the student, by phase,
// and everyone form A when the lesson has one form (backend/app/classes/rules.py form_in).
import { describe, expect, it } from "vitest";
import type { CheckQuestion } from "../../src/lesson/format";
import { formIn, formQuestions, hasTwoForms } from "../../src/live/forms";

const q = (prompt: string) => ({ state: { system: "afs" }, question: { predict: "choice", prompt, choices: ["a", "b"], answer: 1 } }) as unknown as CheckQuestion;
const A = [q("a1"), q("a2"), q("a3")];
const B = [q("b1"), q("b2"), q("b3")];

describe("parallel forms", () => {
  it("each order takes one form before and the other after", () => {
    expect([formIn("AB", "before", true), formIn("AB", "after", true)]).toEqual(["A", "B"]);
    expect([formIn("BA", "before", true), formIn("BA", "after", true)]).toEqual(["B", "A"]);
  });
  it("asks the form's questions, and form A for everyone without a form B", () => {
    expect(formQuestions({ check: A, check_b: B }, "BA", "before").map((x) => x.question.prompt)).toEqual(["b1", "b2", "b3"]);
    expect(formQuestions({ check: A, check_b: B }, "BA", "after").map((x) => x.question.prompt)).toEqual(["a1", "a2", "a3"]);
    expect(formQuestions({ check: A }, "BA", "before")).toBe(A);
    expect(hasTwoForms({ check: A, check_b: B.slice(0, 2) })).toBe(false); // (a lesson's checker refuses it)
  });
});
