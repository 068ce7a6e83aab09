// Progress lives in localStorage, which is as untrusted as a URL: bad contents read as empty.
import { beforeEach, expect, it } from "vitest";
import { markSeen, progressOf, resetAll, resetLesson, saveAnswer } from "../../src/lesson/progress";

beforeEach(() => localStorage.clear());

it("keeps steps seen and answers per lesson, and resets one lesson or all", () => {
  markSeen("a", 2);
  markSeen("a", 1);
  markSeen("a", 2);
  saveAnswer("a", 2, { kind: "point", y: 3.5 });
  saveAnswer("b", 1, { kind: "choice", choice: 2 });
  expect(progressOf("a")).toEqual({ seen: [1, 2], answers: { 2: { kind: "point", y: 3.5 } } });
  resetLesson("a");
  expect(progressOf("a")).toEqual({ seen: [], answers: {} });
  expect(progressOf("b").answers[1]).toEqual({ kind: "choice", choice: 2 });
  resetAll();
  expect(progressOf("b")).toEqual({ seen: [], answers: {} });
});

it("reads hostile or broken storage as no progress", () => {
  for (const raw of ["{", "[]", "null", '{"a": 5}', '{"a": {"seen": "x", "answers": {"1": {"kind": "point", "y": "NaN"}, "2": {"kind": "choice"}}}}']) {
    localStorage.setItem("memolab.learn.v1", raw);
    expect(progressOf("a")).toEqual({ seen: [], answers: {} });
  }
});
