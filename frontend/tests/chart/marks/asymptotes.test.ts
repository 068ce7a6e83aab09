import { describe, expect, it } from "vitest";
import { asymptotesMark, octaves } from "../../../src/chart/marks/asymptotes";
import { atlasAxes } from "../../../src/atlas/atlasLines";

describe("the textbook's bounds, once for every system", () => {
  it("are min(x, 1) at each power of two across the axis: the reader's main line and the table's rows", () => {
    expect(octaves([1 / 8, 4])).toEqual([{ x: 0.125, y: 0.125 }, { x: 0.25, y: 0.25 }, { x: 0.5, y: 0.5 }, { x: 1, y: 1 }, { x: 2, y: 1 }, { x: 4, y: 1 }]);
    const m = asymptotesMark(atlasAxes([1 / 8, 4]), 7);
    expect(m.lines).toEqual([{ label: "Textbook bound", points: octaves([1 / 8, 4]), main: true }]);
    expect(m.columns?.[0].cell({ x: 2, y: 1 })).toBe("1.000");
  });

  it("say what the chart is and what the bounds mean, on the axis's own scale", () => {
    const said = asymptotesMark(atlasAxes([1 / 128, 32]), 7).sentences?.map((s) => s.text) ?? [];
    expect(said[0]).toBe("7 systems on one chart: throughput over its bound against load over its knee, both without units, x on a logarithmic scale from x = 1/128 to x = 32.");
    expect(said[1]).toContain("y = x");
  });
});
