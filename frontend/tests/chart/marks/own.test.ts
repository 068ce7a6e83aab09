import { describe, expect, it } from "vitest";
import { ownMark } from "../../../src/chart/marks/own";
import { axes } from "./scene";

describe("the user's own measurements", () => {
  it("are counted in the legend, keyed when drawn, and a CSV row each", () => {
    const m = ownMark(axes, [{ x: 8, y: 420, line: 2 }], 3);
    expect(m.legend?.map((l) => l.text)).toEqual(["your measurements (1 on this chart; 3 measured at other settings)"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["your measurement"]);
    expect(m.csv?.rows).toEqual([["your measurement", 8, 420, "", "", "your table, line 2"]]);
  });
  it("a table with none here is still counted; no table, no legend line", () => {
    expect(ownMark(axes, [], 2).legend?.[0].text).toBe("your measurements (0 on this chart; 2 measured at other settings)");
    expect(ownMark(axes, [], 2).exportKey).toEqual([]);
    expect(ownMark(axes, [], null).legend).toEqual([]);
  });
});
