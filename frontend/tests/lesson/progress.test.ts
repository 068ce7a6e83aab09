// @vitest-environment jsdom
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
  saveAnswer("b", 3, { kind: "curve", ys: [1, 2.5, 4] });
  expect(progressOf("a")).toEqual({ seen: [1, 2], answers: { 2: { kind: "point", y: 3.5 } } });
  expect(progressOf("b").answers[3]).toEqual({ kind: "curve", ys: [1, 2.5, 4] });
  resetLesson("a");
  expect(progressOf("a")).toEqual({ seen: [], answers: {} });
  expect(progressOf("b").answers[1]).toEqual({ kind: "choice", choice: 2 });
  resetAll();
  expect(progressOf("b")).toEqual({ seen: [], answers: {} });
});

it("reads hostile or broken storage as no progress", () => {
  for (const raw of ["{", "[]", "null", '{"a": 5}', '{"a": {"seen": "x", "answers": {"1": {"kind": "point", "y": "NaN"}, "2": {"kind": "choice"}, "3": {"kind": "curve", "ys": [1, "2"]}, "4": {"kind": "curve", "ys": []}, "5": {"kind": "curve", "ys": [1, null]}}}}']) {
    localStorage.setItem("memolab.learn.v1", raw);
    expect(progressOf("a")).toEqual({ seen: [], answers: {} });
  }
});
