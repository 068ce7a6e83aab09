// The edited model's answers at the setting, read as untrusted: only checked fields are kept.
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { readEvaluation, readSensitivity } from "../../src/workbench/readAt";

const spec = { id: "afs", knobs: [{ name: "clients", label: "Clients" }], metrics: [{ name: "read_kBps" }] } as unknown as SystemSpec;

describe("reading the edit's answers at the setting", () => {
  it("keeps the spec's metrics, finite numbers, and well-formed stages, with the page's knobs", () => {
    const e = readEvaluation({
      metrics: { read_kBps: 1174, extra: 3 }, bottleneck: "x".repeat(500), knobs: { clients: 999 },
      stages: [{ name: "disk", label: "Disk", resource: "disk", unit: "ms", demand: 4, utilization: Number.NaN, bottleneck: true, parts: [{ label: "seek", utilization: 0.5 }, { label: 3 }] },
        { name: "bad" }],
    }, spec, { clients: 20 })!;
    expect(e.metrics).toEqual({ read_kBps: 1174 });
    expect(e.knobs).toEqual({ clients: 20 });
    expect(e.bottleneck).toHaveLength(80);
    expect(e.stages).toEqual([{ name: "disk", label: "Disk", resource: "disk", unit: "ms", demand: 4, utilization: null, bottleneck: true, parts: [{ label: "seek", utilization: 0.5 }] }]);
    expect(readEvaluation("1174", spec, {})).toBeNull();
  });

  it("keeps only the system's knobs, named by the page", () => {
    const s = readSensitivity({ value: Infinity, cause: "clients", knobs: [{ name: "clients", label: "<b>x</b>", active: true, low: 1, high: 2, choices: { a: "1" } }] }, spec, "read_kBps")!;
    expect(s.value).toBeNull();
    expect(s.cause).toBe("clients");
    expect(s.knobs[0]).toMatchObject({ label: "Clients", low: 1, high: 2, choices: { a: null } });
    expect(readSensitivity({ knobs: "no" }, spec, "read_kBps")).toBeNull();
  });
});
