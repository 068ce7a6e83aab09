import { describe, expect, it } from "vitest";
import { outsideMark } from "../../../src/chart/marks/outside";
import { axes, marksOf } from "./scene";
import { describeMarks } from "../../../src/chart/describe";

const p = { x: 8, y: 560, study: "Kridle and McKusick (1983)", locator: "table T2, row read_8192" };

describe("other studies' measurements", () => {
  it("are counted in the legend as never fitted, keyed when drawn, said, and a CSV row each", () => {
    const m = outsideMark(axes, [p], 30);
    expect(m.legend?.map((l) => l.text)).toEqual(["measured by other studies, never used to fit the model (1 at this setting; 30 at others)"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["measured by another study"]);
    expect(m.csv?.rows).toEqual([["other study", 8, 560, "", "", "Kridle and McKusick (1983), table T2, row read_8192"]]);
    expect(describeMarks(marksOf({ outside: { points: [p], elsewhere: 30 } }), axes).join(" ")).toContain("Other studies measured 1 point at this setting, which the model never saw");
  });
  it("a system with rows elsewhere only says so; one with none says nothing", () => {
    expect(outsideMark(axes, [], 4).legend?.[0].text).toBe("measured by other studies, never used to fit the model (0 at this setting; 4 at others)");
    expect(outsideMark(axes, [], 4).exportKey).toEqual([]);
    expect(outsideMark(axes, [], null).legend).toEqual([]);
  });
});
