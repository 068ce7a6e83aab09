// A sketched curve as numbers (lesson/sketch.ts), with inputs whose answers are known by hand.
import { describe, expect, it } from "vitest";
import { byX, errorAgainst, meanRelativeError, percent, quantile, sketchAt, sketchBand, snap } from "../../src/lesson/sketch";

describe("the class's band: median and middle half at each x", () => {
  it("takes quantiles straight between ranks: the median of an even count is the mean of the middle two", () => {
    expect([0.25, 0.5, 0.75].map((p) => quantile([1, 2, 3, 4], p))).toEqual([1.75, 2.5, 3.25]);
    expect([0, 0.25, 0.5, 0.75, 1].map((p) => quantile([10, 20, 30, 40, 50], p))).toEqual([10, 20, 30, 40, 50]);
    expect([0.25, 0.5, 0.75].map((p) => quantile([7], p))).toEqual([7, 7, 7]);
    expect(quantile([], 0.5)).toBeNaN();
  });
  it("sorts each x's values before taking them, and leaves out what is not a number", () => {
    expect(sketchBand([[3, 1, 2], [40, 10, 30, 20], [5, Number.NaN, 15]])).toEqual({
      median: [2, 25, 10],
      low: [1.5, 17.5, 7.5],
      high: [2.5, 32.5, 12.5],
    });
  });
  it("turns whole sketches into each x's values, sorted (the shape the server sends a reveal's)", () => {
    expect(byX([[1, 10, 5], [3, 30, 4], [2, 20, 6]])).toEqual([[1, 2, 3], [10, 20, 30], [4, 5, 6]]);
    expect(byX([])).toEqual([]);
  });
});

describe("a sketch's values", () => {
  it("sit on a grid of a hundredth of the axis, drawn or set by a slider alike, within the axis", () => {
    expect([21.56, 44.3, 89.77, 100, 140, -3].map((v) => snap(v, 100))).toEqual([22, 44, 90, 100, 100, 0]);
    expect(snap(1234, 50000)).toBe(1000);
    expect(snap(0.0449, 1.5)).toBe(0.045);
  });
});

describe("how far a sketch is from the model", () => {
  it("is the mean of each point's relative error", () => {
    // 10 % above, 10 % below, twice the model: (0.1 + 0.1 + 1) / 3
    expect(meanRelativeError([110, 90, 200], [100, 100, 100])).toBeCloseTo(0.4, 12);
    expect(meanRelativeError([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(meanRelativeError([1, 2], [1, 2, 3])).toBeNaN();
    expect(percent(0.3149)).toBe("31 %");
  });
  it("reads the sketch straight between its points (straight in log x on a log axis), none outside them", () => {
    expect(sketchAt([0, 10, 20], [0, 100, 100], 5)).toBe(50);
    expect(sketchAt([0, 10, 20], [0, 100, 100], 15)).toBe(100);
    expect(sketchAt([0, 10, 20], [0, 100, 100], 25)).toBeNull();
    expect(sketchAt([2, 8], [0, 100], 4, true)).toBeCloseTo(50, 12);
    expect(sketchAt([2, 8], [0, 100], 4)).toBeCloseTo(100 / 3, 12);
  });
  it("against measured points: only those between its first and last x count", () => {
    expect(errorAgainst([0, 10, 20], [0, 100, 100], [{ x: 5, y: 40 }, { x: 30, y: 1 }])).toEqual({ error: 0.25, count: 1 });
    expect(errorAgainst([0, 10], [0, 100], [{ x: 30, y: 1 }])).toBeNull();
  });
});
