// The projector's dots of a round: equal answers stack off the line, alternately below and above,
// so a class that agrees is seen as many dots, not one.
import { describe, expect, it } from "vitest";
import { stacked } from "../../src/live/RoundShift";

describe("a round's dots", () => {
  it("stack the ones that would cover each other, and leave apart ones on the line", () => {
    expect(stacked([10, 10, 10, 50, 13])).toEqual([[10, 0], [10, 1], [10, -1], [50, 0], [13, 2]]);
  });
});
