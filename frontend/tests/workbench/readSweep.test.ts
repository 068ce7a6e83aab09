// The edited model's curve is read as untrusted: only checked numbers and short words are kept.
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { readSweep } from "../../src/workbench/readSweep";

const spec = { id: "afs", metrics: [{ name: "read_kBps" }, { name: "write_kBps" }] } as unknown as SystemSpec;

describe("a curve from the sandbox", () => {
  it("keeps the curve and drops what is malformed", () => {
    const s = readSweep({
      system: "evil", knobs: { chunksize: "<script>" }, x: [10, 11], x_knob: "other",
      metrics: { read_kBps: [1, "2"], write_kBps: [1], extra: [1, 2] },
      bottleneck: ["disk", { html: 1 }], knee: { x: "no", resource: "cpu" }, saturation: { x: 11, resource: "disk", utilization: 0.97 },
      bounds: [{ metric: "read_kBps", name: "disk", side: "upper", values: [5, 6] }, { metric: "read_kBps", values: [1] }],
      memo_models: [{ knobs: { chunksize: 13, bad: {} }, metrics: { read_kBps: 3, write_kBps: Number.NaN } }],
    }, spec, { chunksize: 13 }, "chunksize");
    expect(s).toEqual({
      system: "afs", knobs: { chunksize: 13 }, x_knob: "chunksize", x: [10, 11],
      metrics: { read_kBps: [1, null] }, limits: {}, bottleneck: ["disk", null], band: {},
      knee: null, saturation: { x: 11, resource: "disk", utilization: 0.97 }, bounds_knee: null,
      bounds: [{ metric: "read_kBps", name: "disk", side: "upper", values: [5, 6] }],
      memo_models: [{ knobs: { chunksize: 13 }, metrics: { read_kBps: 3, write_kBps: null } }],
    });
  });

  it("is no curve without its points", () => {
    expect(readSweep(null, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ x: [] }, spec, {}, "chunksize")).toBeNull();
    expect(readSweep({ x: [1, "a"] }, spec, {}, "chunksize")).toBeNull();
  });
});
