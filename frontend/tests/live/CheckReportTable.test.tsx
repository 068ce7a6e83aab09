// @vitest-environment jsdom
// The concept check in the class report, on matched students: the class's figures (matched and
// missing by name, the shares, g, the mean of own gains, d in words, gains and losses, what the
// answers cannot say), each question's row, and the state before anyone is matched.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckQuestion } from "../../src/lesson/format";
import type { CheckReport } from "../../src/live/api";
import { CheckReportTable, gainWords } from "../../src/live/CheckReportTable";

const share = (right: number, answered: number) => ({ right, answered, right_pct: answered ? (100 * right) / answered : null });
const none = { before: 0, after: 0, both: 0 };
type Q = CheckReport["questions"][number];
const question = (n: number, before: [number, number], after: [number, number], more: Partial<Q> = {}): Q => ({
  question: n, predict: "choice", truth: 2, matched: before[1], missing: none, before: share(...before), after: share(...after),
  all_before: share(...before), all_after: share(...after), gains: 0, losses: 0, gain: null, ...more,
});
const effect = { d: 1.2345, low: 0.41, high: 2.5, size: "large" as const, words: "large: the scores rose by 1.23 standard deviations (95 % interval 0.41 to 2.50)", students: 5, resamples: 2000, undefined: 0, seed: 1993 };
// the hand-worked class of the server's tests: F skipped the question after the lesson
const report: CheckReport = {
  questions: [
    question(1, [3, 5], [5, 5], { missing: { ...none, after: 1 }, all_before: share(3, 6), gains: 2, gain: 1 }),
    question(2, [5, 5], [4, 5], { losses: 1, gain_note: "undefined: everyone was right before the lesson" }),
  ],
  joined: 6, matched: 5, missing: { ...none, after: 1 }, missing_students: [{ student: "a1b2", name: "", missed: "after" }],
  before: share(8, 10), after: share(9, 10), gain: 0.5, gains: 2, losses: 1,
  own_gains: { mean: 0.75, students: 2, left_out: 3 }, effect, notes: [],
};
const questions = [{ question: { prompt: "Where is it at 8?" } }, { question: { prompt: "What happens?" } }] as CheckQuestion[];

afterEach(cleanup);

describe("the concept check's report", () => {
  it("gives the class's figures on matched students, each with what it means", () => {
    render(<CheckReportTable report={report} questions={questions} />);
    expect(screen.getByTestId("check-matched").textContent).toMatch(/^5 of 6answered every question before and after: only they count here .* Missing: anonymous a1b2 \(after\)\.$/);
    expect(screen.getByTestId("check-shares").textContent).toBe("80 % → 90 %before → after: 8 then 9 of their 10 answers");
    expect(screen.getByTestId("check-gain-class").textContent).toMatch(/^0\.50\(after − before\) \/ \(100 − before\) from the matched averages/);
    expect(screen.getByTestId("check-own-gains").textContent).toBe("0.75each student's (after − before) / (100 − before), averaged over 2; 3 right on everything before left out");
    expect(screen.getByTestId("check-effect").textContent).toMatch(/^d = 1\.23, largelarge: the scores rose by 1\.23 standard deviations \(95 % interval 0\.41 to 2\.50\)\. /);
    expect(screen.getByTestId("check-effect").textContent).toContain("interval from 2,000 resamples of the 5 students (seed 1993)");
    expect(screen.getByTestId("check-moves").textContent).toMatch(/^2 gained, 1 lost/);
    expect(screen.queryByTestId("check-notes")).toBeNull();
  });

  it("gives each question's matched students, shares, gain, gains and losses, and why a gain is undefined", () => {
    render(<CheckReportTable report={report} questions={questions} />);
    expect(within(screen.getByTestId("check-q-1")).getByRole("rowheader").textContent).toBe("1. Where is it at 8?");
    expect(screen.getByTestId("check-q-1").textContent).toBe("1. Where is it at 8?5 of 6 (1 missed after)60 % (3 of 5)100 % (5 of 5)1.002 · 0");
    expect(screen.getByTestId("check-gain-2").textContent).toBe("undefined: everyone was right before the lesson");
    expect(gainWords({ gain: -0.25 })).toBe("−0.25");
  });

  it("says what the answers cannot say, and before anyone is matched shows the answers before as they are", () => {
    const early: CheckReport = {
      ...report, matched: 0, before: share(0, 0), after: share(0, 0), gain: null, gain_note: "no student answered both before and after the lesson",
      questions: [question(1, [0, 0], [0, 0], { all_before: share(3, 6), missing: { ...none, after: 6 }, gains: 0 })],
      effect: { ...effect, d: null, low: null, high: null, size: null, words: "too few matched students for an effect size: 0 (it takes 5)" },
      notes: ["No student answered every question both before and after the lesson."],
    };
    render(<CheckReportTable report={early} questions={questions} />);
    expect(screen.getByTestId("check-q-1").textContent).toContain("50 % (3 of 6), all who answerednot asked yet");
    expect(screen.getByTestId("check-notes").textContent).toBe("No student answered every question both before and after the lesson.");
    expect(screen.getByTestId("check-effect").textContent).toBe("nonetoo few matched students for an effect size: 0 (it takes 5).");
    expect(screen.getByTestId("check-gain-class").textContent).toMatch(/^noneno student answered both before and after the lesson\. \(after/);
  });

  it("says the check was not run rather than a table of nothing", () => {
    const empty = question(1, [0, 0], [0, 0], { missing: { ...none, both: 6 } });
    render(<CheckReportTable report={{ ...report, questions: [empty] }} questions={questions} />);
    expect(screen.getByTestId("check-not-run").textContent).toMatch(/^This class has not answered the lesson's concept check \(2 questions\)/);
    expect(screen.queryByTestId("check-report")).toBeNull();
  });
});
