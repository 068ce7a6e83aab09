// @vitest-environment jsdom
// The concept check in the class report: each question's share right before and after and its
// gain, the class's on its own row, and where there is no gain, why (everyone right before).
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckQuestion } from "../../src/lesson/format";
import type { CheckReport } from "../../src/live/api";
import { CheckReportTable, gainWords } from "../../src/live/CheckReportTable";

const share = (right: number, answered: number) => ({ right, answered, right_pct: (100 * right) / answered });
const report: CheckReport = {
  questions: [
    { question: 1, predict: "point", truth: 1000, before: share(2, 10), after: share(7, 9), gain: 13 / 18 },
    { question: 2, predict: "choice", truth: 2, before: share(10, 10), after: share(9, 10), gain: null, gain_note: "undefined: everyone was right before the lesson" },
  ],
  before: share(12, 20),
  after: share(16, 19),
  gain: (16 / 19 - 0.6) / 0.4,
};
const questions = [{ question: { prompt: "Where is it at 8?" } }, { question: { prompt: "What happens?" } }] as CheckQuestion[];

afterEach(cleanup);

describe("the concept check's report", () => {
  it("gives each question's shares and gain, the class's below, and says why a gain is undefined", () => {
    render(<CheckReportTable report={report} questions={questions} />);
    const q1 = within(screen.getByTestId("check-q-1"));
    expect(q1.getByRole("rowheader").textContent).toBe("1. Where is it at 8?");
    expect(screen.getByTestId("check-q-1").textContent).toContain("20 % (2 of 10)78 % (7 of 9)0.72");
    expect(screen.getByTestId("check-gain-2").textContent).toBe("undefined: everyone was right before the lesson");
    expect(screen.getByTestId("check-class").textContent).toBe("The class, every question60 % (12 of 20)84 % (16 of 19)0.61");
    expect(gainWords({ gain: -0.25 })).toBe("-0.25");
  });

  it("says the check was not run rather than a table of nothing", () => {
    const none = { answered: 0, right: 0, right_pct: null };
    render(<CheckReportTable report={{ questions: [], before: none, after: none, gain: null, gain_note: "no answers before the lesson" }} questions={questions} />);
    expect(screen.getByTestId("check-not-run").textContent).toMatch(/^This class has not answered the lesson's concept check \(2 questions\)/);
    expect(screen.queryByTestId("check-report")).toBeNull();
  });
});
