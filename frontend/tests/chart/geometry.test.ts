import { describe, expect, it } from "vitest";
import { bands, geometry } from "../../src/chart/geometry";
import type { SweepResult } from "../../src/api/types";
import { kneeOf, saturationOf } from "../../src/chart/curves";

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
    const curve = [{ x: 2, y: 5 }, { x: 64, y: 100 }];
    const g = geometry({ ...base, ys: curve.map((p) => p.y), xDomain: [2, 64], xLog: false });
    expect(g.x(2)).toBe(40);
    expect(g.x(64)).toBe(490);
    expect(g.y.domain()[0]).toBe(0);
    expect(g.y.domain()[1]).toBeGreaterThanOrEqual(100);
    expect(g.linePath(curve).startsWith("M40,")).toBe(true);
  });
  it("uses powers of two for log2 axes", () => {
    const g = geometry({ ...base, ys: [], xDomain: [512, 65536], xLog: true });
    expect(g.xTicks).toEqual([512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]);
  });
  it("puts a whole-valued knob's ticks on whole values only (AFS's chunksize exponent read 1,448)", () => {
    const wide = { ...base, width: 1900 };
    expect(geometry({ ...wide, ys: [], xDomain: [10, 20], xLog: false }).xTicks).toContain(10.5);
    const g = geometry({ ...wide, ys: [], xDomain: [10, 20], xLog: false, xWhole: true });
    expect(g.xTicks).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
  it("scales y to memo points above the curve", () => {
    const g = geometry({ ...base, ys: [10, 50, Number.NaN], xDomain: [1, 2], xLog: false });
    expect(g.y.domain()[1]).toBeGreaterThanOrEqual(50);
  });
});

describe("the model's knee", () => {
  it("starts its resource's region exactly where the model puts it, not at the grid's midpoint", () => {
    // LAVC's users on the default grid, the knee N* at 119.08 users
    const curve = [
      { x: 113, y: 1 }, { x: 117, y: 2 },
      { x: 121, y: 3, bottleneck: "boot CPU" }, { x: 125, y: 3, bottleneck: "boot CPU" },
    ];
    expect(bands(curve)[0].x0).toBe(119);
    expect(bands(curve, { x: 119.08, resource: "boot CPU" })[0].x0).toBe(119.08);
    // a knee outside the change, or of another resource, leaves the midpoint
    expect(bands(curve, { x: 50, resource: "boot CPU" })[0].x0).toBe(119);
    expect(bands(curve, { x: 119.08, resource: "disk" })[0].x0).toBe(119);
  });

  it("the knee and the saturation point are the model's, each on the curve, and never one for the other", () => {
    const curve = [{ x: 0, y: 0 }, { x: 10, y: 100 }];
    const sweep = {
      x_knob: "q", knee: { x: 2.5, resource: "CPU" }, bounds_knee: { x: 2.5, station: "CPU" },
      saturation: { x: 6, resource: "CPU", utilization: 0.96 },
    } as unknown as SweepResult;
    expect(kneeOf(sweep, "q", curve)).toEqual({ x: 2.5, y: 25, resource: "CPU", nStar: true });
    expect(saturationOf(sweep, "q", curve)).toEqual({ x: 6, y: 60, resource: "CPU", utilization: 0.96 });
    // a knee along another knob than the population (where N* is not) is not called N*
    expect(kneeOf({ ...sweep, bounds_knee: { x: 3, station: "CPU" } }, "q", curve)?.nStar).toBe(false);
    // no resource 95 % busy along the axis: no saturation point, even where the curve flattens
    expect(saturationOf({ ...sweep, saturation: null }, "q", curve)).toBeNull();
    expect(saturationOf(sweep, "other", curve)).toBeNull();
  });
});
