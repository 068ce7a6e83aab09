// The lesson chart's y axis: the explorer's chart with headroom, never set by the answer; widened
// only for a prediction above it; and what a lesson promises a student can place checked on it.
import { describe, expect, it } from "vitest";
import { axisProblems, fitPredictions, HEADROOM, niceTop, stepTop } from "../../src/lesson/axis";

const drawn = (curve: number[], more: Partial<Record<"baseline" | "band" | "capacity" | "memo", number[]>> = {}) => ({
  curve, baseline: [], band: [], capacity: [], memo: [], ...more,
});

describe("the lesson axis", () => {
  it("reaches a round number at least 1.5 times the largest value drawn, whatever the answer's place on the curve", () => {
    for (const curve of [[10, 200, 435], [435, 200, 10], [0.5, 2.7, 2.7], [73_000, 140_000, 612_000]]) {
      const top = stepTop(drawn(curve))!;
      expect(top).toBeGreaterThanOrEqual(HEADROOM * Math.max(...curve));
      expect(top).toBe(niceTop(top)); // round
      expect(top).toBeLessThan(2.5 * Math.max(...curve));
    }
  });

  it("holds the memo's points, the baseline, the band and a capacity within reach of the curve", () => {
    expect(stepTop(drawn([100, 200], { memo: [435] }))).toBeGreaterThanOrEqual(1.5 * 435);
    expect(stepTop(drawn([100, 200], { baseline: [300] }))).toBeGreaterThanOrEqual(450);
    expect(stepTop(drawn([100, 200], { band: [260] }))).toBe(300); // the band fits; the headroom is the curve's
    expect(stepTop(drawn([100, 200], { band: [900] }))).toBe(1000);
    expect(stepTop(drawn([100, 200], { capacity: [400, 400] }))).toBe(600);
    // a capacity far above the curve is not drawn, so it does not flatten the curve
    expect(stepTop(drawn([100, 200], { capacity: [10_000] }))).toBe(300);
  });

  it("takes the lesson's y_max where it is larger, and stops a share at 100 %", () => {
    expect(stepTop(drawn([2.7, 2.7]), { yMax: 100 })).toBe(100);
    expect(stepTop(drawn([2.7, 2.7]), { yMax: 1 })).toBe(5);
    expect(stepTop(drawn([81]), { share: true })).toBe(100);
    expect(stepTop(drawn([81], { capacity: [100.00000000000003] }), { share: true })).toBe(100); // a capacity of 100 %, in floating point
    expect(stepTop(drawn([81]))).toBe(150);
    expect(stepTop(drawn([]))).toBeUndefined();
  });

  it("is widened only by a prediction above it", () => {
    expect(fitPredictions(300, [20, 250, Number.NaN])).toBe(300);
    expect(fitPredictions(300, [20, 480])).toBeGreaterThanOrEqual(480);
  });

  it("reports each promised value it cannot hold", () => {
    expect(axisProblems(5, [{ what: "the model's answer", value: 2.7 }])).toEqual([]);
    expect(axisProblems(5, [{ what: "intuition_value", value: 80 }, { what: "x", value: -1 }])).toEqual([
      "intuition_value (80) lies outside the y axis, 0 to 5",
      "x (-1) lies outside the y axis, 0 to 5",
    ]);
  });
});
