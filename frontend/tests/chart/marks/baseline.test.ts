import { describe, expect, it } from "vitest";
import { baselineMark } from "../../../src/chart/marks/baseline";
import { axes, rising } from "./scene";

describe("the pinned baseline", () => {
  const points = rising.map((p) => ({ x: p.x, y: p.y / 2 }));
  const m = baselineMark(axes, { points, settings: "Circuit DTE", curve: rising, currentX: 4 });
  it("is named with the settings it differs in, keyed dashed, a column and CSV rows", () => {
    expect(m.legend?.map((l) => l.text)).toEqual(["baseline (dashed; square at its own setting): Circuit DTE"]);
    expect(m.brief?.map((l) => l.text)).toEqual(["baseline"]);
    expect(m.exportKey).toEqual([expect.objectContaining({ label: "baseline", dashed: true })]);
    expect(m.columns?.map((c) => [c.head, c.cell({ x: 5, y: 0 })])).toEqual([["Throughput, baseline (bit/s)", "250"]]);
    expect(m.csv?.rows[0]).toEqual(["baseline", 2, 100, "", "", ""]);
  });
  it("says how the curve compares with it at the knob", () => {
    expect(m.sentences?.map((s) => s.text)).toEqual(["At 4 buffers it is 400 bit/s, above the pinned baseline's 200 bit/s (100 %)."]);
    const same = baselineMark(axes, { points: rising, curve: rising, currentX: 4 });
    expect(same.sentences?.[0].text).toBe("At 4 buffers it equals the pinned baseline, 400 bit/s.");
    expect(same.legend?.[0].text).toBe("baseline (dashed; square at its own setting): same settings as now");
  });
});
