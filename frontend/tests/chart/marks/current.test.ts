import { describe, expect, it } from "vitest";
import { currentMark } from "../../../src/chart/marks/current";

describe("the current setting", () => {
  it("is where the reader starts, in the legend always, and held by the axis", () => {
    const m = currentMark(16, 466);
    expect(m.now).toBe(16);
    expect(m.ys).toEqual([466]);
    expect(m.legend?.map((l) => l.text)).toEqual(["current setting (a ring; a memo point inside it is the memo's figure there)"]);
    expect([m.sentences, m.columns, m.csv, m.exportKey]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
