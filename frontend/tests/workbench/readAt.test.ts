// The edited model's answers at the setting, read as untrusted: what their generated shapes allow,
// then only the spec's metrics and knobs, with the page's setting and names.
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { readEvaluation, readSensitivity } from "../../src/workbench/readAt";

const spec = { id: "afs", knobs: [{ name: "clients", label: "Clients" }], metrics: [{ name: "read_kBps" }] } as unknown as SystemSpec;
const stage = { name: "disk", label: "Disk", resource: "disk", unit: "ms", demand: 4, utilization: null, bottleneck: true, parts: [{ label: "seek", utilization: 0.5 }] };
const effect = { name: "clients", label: "<b>x</b>", active: true, low: 1, high: 2, choices: { a: 1 } };

describe("reading the edit's answers at the setting", () => {
  it("keeps the spec's metrics and the stages, with the page's knobs and short words", () => {
    const e = readEvaluation({
      system: "evil", knobs: { clients: 999 }, metrics: { read_kBps: 1174, extra: 3 }, bottleneck: "x".repeat(500), html: "<b>", stages: [stage],
    }, spec, { clients: 20 })!;
    expect(e.metrics).toEqual({ read_kBps: 1174 });
    expect(e.knobs).toEqual({ clients: 20 });
    expect(e.system).toBe("afs");
    expect(e.bottleneck).toHaveLength(80);
    expect(e.stages).toEqual([stage]);
    expect(e).not.toHaveProperty("html");
  });

  it("refuses an evaluation that is not one, whole", () => {
    const good = { system: "afs", knobs: {}, metrics: { read_kBps: 1 }, bottleneck: null };
    expect(readEvaluation(good, spec, {})).not.toBeNull();
    expect(readEvaluation("1174", spec, {})).toBeNull();
    expect(readEvaluation({ ...good, metrics: { read_kBps: "1" } }, spec, {})).toBeNull();
    expect(readEvaluation({ ...good, stages: [{ name: "bad" }] }, spec, {})).toBeNull();
    expect(readEvaluation({ ...good, stages: [{ ...stage, parts: [{ label: 3 }] }] }, spec, {})).toBeNull();
    expect(readEvaluation({ ...good, bottleneck: "x".repeat(5000) }, spec, {})).toBeNull();
  });

  it("keeps only the system's knobs, named by the page", () => {
    const s = readSensitivity({
      system: "afs", metric: "read_kBps", value: null, bottleneck: null, cause: "clients", largest: "stolen",
      knobs: [effect, { ...effect, name: "stolen" }],
    }, spec, "read_kBps")!;
    expect(s.value).toBeNull();
    expect(s.cause).toBe("clients");
    expect(s.largest).toBeNull();
    expect(s.knobs).toHaveLength(1);
    expect(s.knobs[0]).toMatchObject({ label: "Clients", low: 1, high: 2, choices: { a: 1 } });
    expect(readSensitivity({ knobs: "no" }, spec, "read_kBps")).toBeNull();
    expect(readSensitivity({ system: "afs", metric: "m", value: 1, bottleneck: null, cause: null, largest: null, knobs: [{ ...effect, choices: { a: "1" } }] }, spec, "m")).toBeNull();
  });
});
