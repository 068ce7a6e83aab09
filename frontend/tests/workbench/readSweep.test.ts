// The edited model's curve is read as untrusted: what the sweep's generated shape allows, then
// only what the chart draws (the spec's metrics, series as long as the curve, the page's knobs).
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { readSweep, whyNotDrawn } from "../../src/workbench/readSweep";

const spec = { id: "afs", metrics: [{ name: "read_kBps" }, { name: "write_kBps" }] } as unknown as SystemSpec;
const curve = {
  system: "evil", knobs: { chunksize: "<script>" }, x: [10, 11], x_knob: "other",
  metrics: { read_kBps: [1, null], write_kBps: [3, 4], extra: [1] }, limits: {}, band: {},
  bottleneck: ["disk", "x".repeat(300)], knee: null, saturation: { x: 11, resource: "disk", utilization: 0.97 }, bounds_knee: null,
  bounds: [{ metric: "read_kBps", name: "disk", side: "sideways", values: [5, 6] }],
  memo_models: [{ knobs: { chunksize: 13 }, metrics: { read_kBps: 3 } }],
};

describe("a curve from the sandbox", () => {
  it("keeps what the chart draws, with the page's knobs and names", () => {
    expect(readSweep(curve, spec, { chunksize: 13 }, "chunksize")).toEqual({
      system: "afs", knobs: { chunksize: 13 }, x_knob: "chunksize", x: [10, 11],
      metrics: { read_kBps: [1, null], write_kBps: [3, 4] }, limits: {}, bottleneck: ["disk", "x".repeat(80)], band: {},
      knee: null, saturation: { x: 11, resource: "disk", utilization: 0.97 }, bounds_knee: null,
      bounds: [{ metric: "read_kBps", name: "disk", side: "upper", values: [5, 6] }],
      memo_models: [{ knobs: { chunksize: 13 }, metrics: { read_kBps: 3, write_kBps: null } }],
    });
  });

  it("is refused whole when it is not a curve", () => {
    expect(readSweep(null, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ ...curve, x: [] }, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ ...curve, x: [1, "a"] }, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ ...curve, metrics: { read_kBps: [1, "2"] } }, spec, {}, "chunksize")).toBeNull(); // not its shape
    expect(readSweep({ ...curve, metrics: { read_kBps: [1] } }, spec, {}, "chunksize")).toBeNull(); // shorter than the curve
    expect(readSweep({ ...curve, bottleneck: ["disk", { html: 1 }] }, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ ...curve, knee: { x: "no", resource: "cpu" } }, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ ...curve, memo_models: [{ knobs: { flag: true }, metrics: {} }] }, spec, {}, "chunksize")).toBeNull();
    const { memo_models: _, ...without } = curve;
    expect(readSweep(without, spec, {}, "chunksize")).toBeNull(); // a field of the type left out
  });

  it("is refused where a value is below zero (every metric is a count, a time, a rate or a share), and says where", () => {
    const negative = { ...curve, metrics: { read_kBps: [1, -5], write_kBps: [3, 4] } };
    expect(readSweep(negative, spec, {}, "chunksize")).toBeNull();
    expect(whyNotDrawn(negative, spec)).toBe("metrics.read_kBps[1] is -5, below zero, which no metric of these models may be");
    expect(whyNotDrawn({ ...curve, metrics: { read_kBps: [1] } }, spec)).toBe("metrics.read_kBps has 1 value for a curve of 2 points");
    expect(whyNotDrawn({ ...curve, x: [] }, spec)).toBe("a curve of 0 points (1 to 1000)");
    expect(whyNotDrawn(curve, spec)).toBeNull();
  });
});
