// Other studies' measurements on the chart: only those measured at the setting on screen (every
// knob in effect but x, a knob the row does not name at its default), named by study and place.
import { describe, expect, it } from "vitest";
import type { OutsideMeasurements, SystemSpec } from "../../src/api/types";
import { outsideElsewhere, outsidePoints, studyName } from "../../src/chart/outsidePoints";

const spec = {
  knobs: [
    { name: "block_size", default: 4096, min: 1024, max: 16384, step: 2, scale: "log2", integer: true },
    { name: "cpu", default: "speed below", choices: ["speed below", "VAX-11/780"] },
    { name: "cpu_speed", default: 1, min: 0.25, max: 8, step: 0.05, scale: "linear", integer: false, active_when: { cpu: ["speed below"] } },
    { name: "rotdelay_ms", default: 4, min: 0, max: 20, step: 0.5, scale: "linear", integer: false },
  ],
} as unknown as SystemSpec;

const measured: OutsideMeasurements = {
  system: "ffs",
  sources: [{ id: "km", citation: "Bob Kridle and Marshall Kirk McKusick, \"Performance Effects\", TR #8, 27 July 1983", where: "", not_described: "" }],
  rows: [
    { source: "km", row: "1", locator: "table T2, row read_8192", knobs: { cpu: "VAX-11/780", block_size: 8192 }, values: { throughput_kBps: 560 } },
    { source: "km", row: "2", locator: "table T2b", knobs: { cpu: "VAX-11/780", block_size: 4096 }, values: { throughput_kBps: 490 } },
    { source: "km", row: "3", locator: "table T1", knobs: { cpu: "speed below", block_size: 8192 }, values: { throughput_kBps: 490 } },
  ],
};

describe("outsidePoints", () => {
  it("keeps the rows measured at the setting on screen, along x", () => {
    const at780 = outsidePoints(measured, spec, { block_size: 4096, cpu: "VAX-11/780", cpu_speed: 3, rotdelay_ms: 4 }, "block_size", "throughput_kBps");
    // cpu_speed is not in effect with a processor named: its value does not matter
    expect(at780.map((p) => [p.x, p.y])).toEqual([[8192, 560], [4096, 490]]);
    expect(at780[0]).toMatchObject({ study: "Kridle and McKusick (1983)", locator: "table T2, row read_8192" });
    expect(outsideElsewhere(measured, at780)).toBe(1);
  });

  it("drops a row where a knob in effect differs, named or at its default", () => {
    const faster = outsidePoints(measured, spec, { block_size: 4096, cpu: "speed below", cpu_speed: 2, rotdelay_ms: 4 }, "block_size", "throughput_kBps");
    expect(faster).toEqual([]); // row 3 was measured at the default speed 1
    const gap = outsidePoints(measured, spec, { block_size: 4096, cpu: "VAX-11/780", cpu_speed: 1, rotdelay_ms: 2 }, "block_size", "throughput_kBps");
    expect(gap).toEqual([]); // rotdelay_ms unnamed by the rows: measured at its default, 4
    expect(outsidePoints(measured, spec, { block_size: 4096, cpu: "VAX-11/780" }, "block_size", "cpu_percent")).toEqual([]);
    expect(outsidePoints(null, spec, {}, "block_size", "throughput_kBps")).toEqual([]);
  });

  it("names a study by its authors' surnames and year", () => {
    expect(studyName("Bob Kridle and Marshall Kirk McKusick, \"x\", 1983")).toBe("Kridle and McKusick (1983)");
    expect(studyName("R. Jain, \"y\"")).toBe("Jain");
  });
});
