import { describe, expect, it } from "vitest";
import { bandMark } from "../../../src/chart/marks/band";
import { frameOf } from "./frame";
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
    const thin = bandMark(axes, [{ x: 2, y0: 1, y1: 1 }, { x: 4, y0: 2, y1: 2 }], ["Buffer"]);
    expect(thin.legend).toEqual([]);
    // nor drawn, nor keyed: a line the legend would not name
    expect(thin.draw?.plot?.(frameOf([0, 3]), { tip: () => undefined })).toBeFalsy();
    expect(thin.exportKey).toEqual([]);
    expect(bandMark(axes, [{ x: 2, y0: 1, y1: 2 }, { x: 4, y0: 2, y1: 3 }], ["Buffer"]).draw?.plot?.(frameOf([0, 3]), { tip: () => undefined })).toBeTruthy();
    const none = bandMark(axes, [], []);
    expect([none.exportKey, none.columns, none.csv?.rows]).toEqual([[], [], []]);
  });
});
