import { describe, expect, it } from "vitest";
import { capacityMark } from "../../../src/chart/marks/capacity";
import { axes, rising } from "./scene";

describe("the capacity", () => {
  const limit = rising.map((p) => ({ x: p.x, y: 900 }));
  it("within reach of the curve: drawn, keyed, named, and said while the curve stays below it", () => {
    const m = capacityMark(axes, { limit, curve: rising, saturation: null });
    expect(m.legend?.map((l) => l.text)).toEqual(["capacity"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["capacity"]);
    expect(m.sentences?.map((s) => s.text)).toEqual(["Its capacity is 900 bit/s; the curve stays below it here."]);
    expect(m.csv?.rows).toHaveLength(5);
  });
  it("with a resource saturated along the axis: the saturation point says it, not the capacity", () => {
    const m = capacityMark(axes, { limit, curve: rising, saturation: { x: 7, y: 900, resource: "sending CPU", utilization: 0.96 } });
    expect(m.legend?.[0].text).toBe("capacity");
    expect(m.sentences).toEqual([]);
  });
  it("far above the curve: not drawn nor keyed, but its values are still in the CSV", () => {
    const m = capacityMark(axes, { limit: limit.map((p) => ({ ...p, y: 1e6 })), curve: rising, saturation: null });
    expect([m.legend, m.exportKey, m.ys]).toEqual([[], [], []]);
    expect(m.csv?.rows).toHaveLength(5);
  });
});
