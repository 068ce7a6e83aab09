import { describe, expect, it } from "vitest";
import { bands, geometry } from "../../src/chart/geometry";

describe("bands", () => {
  it("splits the curve where the bottleneck changes, at the midpoint", () => {
    const b = bands([
      { x: 2, y: 1, bottleneck: "window" },
      { x: 4, y: 2, bottleneck: "window" },
      { x: 6, y: 3, bottleneck: "cpu" },
      { x: 8, y: 3, bottleneck: "cpu" },
    ]);
    expect(b).toEqual([
      { x0: 2, x1: 5, label: "window" },
      { x0: 5, x1: 8, label: "cpu" },
    ]);
  });
});

describe("geometry", () => {
  const base = { width: 500, height: 300, margin: { top: 10, right: 10, bottom: 30, left: 40 } };
  it("maps the x domain onto the plot and starts y at zero", () => {
    const g = geometry({ ...base, curve: [{ x: 2, y: 5 }, { x: 64, y: 100 }], xDomain: [2, 64], xLog: false });
    expect(g.x(2)).toBe(40);
    expect(g.x(64)).toBe(490);
    expect(g.y.domain()[0]).toBe(0);
    expect(g.y.domain()[1]).toBeGreaterThanOrEqual(100);
    expect(g.curvePath.startsWith("M40,")).toBe(true);
  });
  it("uses powers of two for log2 axes", () => {
    const g = geometry({ ...base, curve: [], xDomain: [512, 65536], xLog: true });
    expect(g.xTicks).toEqual([512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]);
  });
  it("scales y to memo points above the curve", () => {
    const g = geometry({ ...base, curve: [{ x: 1, y: 10 }], extraY: [50], xDomain: [1, 2], xLog: false });
    expect(g.y.domain()[1]).toBeGreaterThanOrEqual(50);
  });
});
