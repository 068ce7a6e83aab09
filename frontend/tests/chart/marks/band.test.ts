import { describe, expect, it } from "vitest";
import { bandMark } from "../../../src/chart/marks/band";
import { axes } from "./scene";

describe("the band", () => {
  const band = [{ x: 2, y0: 150, y1: 250 }, { x: 4, y0: 300, y1: 500 }];
  const m = bandMark(axes, band, ["Copy cost"]);
  it("names what it ranges over, keys it, and gives its edges as two columns and two series", () => {
    expect(m.legend?.map((l) => l.text)).toEqual(["range over Copy cost (not measured in the memo)"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["range the memo leaves open"]);
    expect(m.columns?.map((c) => [c.head, c.cell({ x: 4, y: 0 }), c.cell({ x: 6, y: 0 })])).toEqual([
      ["Range left open: low (bit/s)", "300", ""],
      ["Range left open: high (bit/s)", "500", ""],
    ]);
    expect(m.csv?.rows.map((r) => [r[0], r[2]])).toEqual([["band low", 150], ["band low", 300], ["band high", 250], ["band high", 500]]);
  });
  it("too thin to see: not in the legend; none: no key, column or row", () => {
    expect(bandMark(axes, [{ x: 2, y0: 1, y1: 1 }], []).legend).toEqual([]);
    const none = bandMark(axes, [], []);
    expect([none.exportKey, none.columns, none.csv?.rows]).toEqual([[], [], []]);
  });
});
