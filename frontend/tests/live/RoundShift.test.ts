// The projector's dots of a round: equal answers stack off the line, alternately below and above,
// so a class that agrees is seen as many dots, not one.
import { describe, expect, it } from "vitest";
import { rightWords, stacked } from "../../src/live/RoundShift";

describe("a round's dots", () => {
  it("stack the ones that would cover each other, and leave apart ones on the line", () => {
    expect(stacked([10, 10, 10, 50, 13])).toEqual([[10, 0], [10, 1], [10, -1], [50, 0], [13, 2]]);
  });
});

describe("what right means", () => {
  it("is the report's: a point within 10 % of the model, a sketch within 10 % on average, a choice the right one", () => {
    expect(["point", "curve", "choice"].map(rightWords)).toEqual(["within 10 % of the model", "within 10 % of the model on average", "right"]);
  });
});
