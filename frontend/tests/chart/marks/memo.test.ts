import { describe, expect, it } from "vitest";
import { memoMark, pointName } from "../../../src/chart/marks/memo";
import { axes, memoAt4, rising } from "./scene";

describe("the memo's measurements", () => {
  const ranged = { ...memoAt4, x: 8, y: 700, printed: "700", exact: false, differs: ["Circuit NI"], x0: 6, x1: 10 };
  const m = memoMark(axes, [memoAt4, ranged], rising);
  it("explain each kind of point in the legend, and key them once", () => {
    expect(m.legend?.map((l) => l.keys.join("+"))).toEqual(["memo", "measured", "memo inexact", "memo-range"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["memo measurement"]);
  });
  it("say each with the model's error there, table each with its source, and click at each", () => {
    expect(m.sentences?.map((s) => s.text)).toEqual([
      "The memo gives 2 measurements: at 4 buffers, 500 bit/s (printed 500; the model 400 bit/s, 20 % below); between 6 buffers and 10 buffers, 700 bit/s measured at circuit NI (printed 700).",
    ]);
    expect(m.table?.rows[0].cells.map((c) => c.text)).toEqual(["4 buffers", "this chart's setting", "500", "500", "400", "-20.0", "Table 2, row 4"]);
    expect(m.table?.rows[1].cells[0].text).toBe("6 buffers to 10 buffers");
    expect(m.csv?.rows.map((r) => [r[0], r[5]])).toEqual([["memo", "Table 2, row 4"], ["memo (another setting)", "Table 2, row 4 (measured somewhere between 6 and 10)"]]);
    expect(m.sound).toEqual({ clicks: [4, 8] });
    expect(m.stops).toHaveLength(2);
  });
  it("compare a point measured at another setting with the model at that setting, not the curve", () => {
    const elsewhere = { ...memoAt4, x: 6, y: 1000, printed: "1000", exact: false, differs: ["Buffer size 1467 bytes"], model: 990 };
    const e = memoMark(axes, [elsewhere], rising);
    expect(e.sentences?.[0].text).toBe(
      "The memo gives one measurement: at 6 buffers, 1,000 bit/s measured at buffer size 1467 bytes (printed 1000; the model at that setting 990 bit/s, 1 % below).",
    );
    expect(e.table?.rows[0].cells.map((c) => c.text)).toEqual(["6 buffers", "buffer size 1467 bytes", "1,000", "1000", "990", "-1.0", "Table 2, row 4"]);
    // a screen reader hears the same: the setting and the model there, in the point's name
    const name = pointName(axes, elsewhere, rising);
    expect(name).toContain("measured at buffer size 1467 bytes");
    expect(name).toContain("the model at that setting 990 bit/s");
    expect(pointName(axes, memoAt4, rising)).not.toContain("measured at");
    // the model there not known: no comparison, never the curve's 600
    expect(memoMark(axes, [{ ...elsewhere, model: Number.NaN }], rising).sentences?.[0].text).not.toMatch(/model/);
  });
  it("none here: said so, and nothing else", () => {
    const none = memoMark(axes, [], rising);
    expect(none.sentences?.map((s) => s.text)).toEqual(["The memo has no measurement at these settings."]);
    expect([none.legend, none.exportKey, none.table, none.csv?.rows]).toEqual([[], [], undefined, []]);
  });
});
