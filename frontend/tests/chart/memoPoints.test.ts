import { describe, expect, it } from "vitest";
import type { SweepResult } from "../../src/api/types";
import { memoPoints } from "../../src/chart/memoPoints";
import { dataset, describe_, python } from "../fixtures/python";

const spec = describe_("decnet");
const ds = dataset("decnet-throughput");
const knobs = { circuit: "CI", link_quota: 16, buffer_size: 576, test: "SENDER/SERVER" };

describe("memoPoints", () => {
  it("picks the chosen circuit and test's measurements for the y metric", () => {
    const pts = memoPoints(ds, spec, knobs, "link_quota", "throughput_bps");
    expect(pts.map((p) => p.y).sort()).toEqual([434726, 435274]);
    expect(pts.every((p) => p.x === 16 && p.exact)).toBe(true);
    expect(pts[0].citation).toMatch(/CI table/);
  });

  it("converts message counts to a rate and says so", () => {
    const pts = memoPoints(ds, spec, knobs, "link_quota", "messages_per_s");
    expect(pts.map((p) => p.y.toFixed(2)).sort()).toEqual(["96.89", "97.33"]);
    expect(pts[0].note).toMatch(/derived/);
  });

  it("flags points measured at another numeric setting", () => {
    const pts = memoPoints(ds, spec, { ...knobs, buffer_size: 1000 }, "link_quota", "throughput_bps");
    expect(pts).toHaveLength(2);
    expect(pts[0].exact).toBe(false);
    expect(pts[0].differs).toEqual(["Buffer size 576 bytes"]);
  });

  it("carries the model at a point's own setting, from the sweep, never the chart's curve", () => {
    // DECnet's NI run at 1467-byte buffers on the chart of 576-byte buffers (issue 39)
    const ni = { ...knobs, circuit: "NI" };
    const sweep = python<SweepResult>(`import json; from perfmodels.sweep import sweep; print(json.dumps(sweep("decnet", ${JSON.stringify(ni)}, "link_quota", band=False)))`);
    const pts = memoPoints(ds, spec, ni, "link_quota", "throughput_bps", sweep.memo_models);
    const at1467 = pts.find((p) => p.differs.includes("Buffer size 1467 bytes"))!;
    expect(at1467.exact).toBe(false);
    expect(Math.abs(at1467.model! - at1467.y) / at1467.y).toBeLessThan(0.05);
    const curve = sweep.metrics.throughput_bps[sweep.x.indexOf(at1467.x)]!;
    expect(Math.abs(curve - at1467.y) / at1467.y).toBeGreaterThan(0.2);
    // not yet known: no model beside it
    expect(memoPoints(ds, spec, ni, "link_quota", "throughput_bps").find((p) => !p.exact)!.model).toBeNaN();
  });

  it("shows nothing for a metric the memo did not measure in that row", () => {
    expect(memoPoints(ds, spec, { ...knobs, test: "NFT/FAL" }, "link_quota", "cpu_percent")).toEqual([]);
    expect(memoPoints(null, spec, knobs, "link_quota", "throughput_bps")).toEqual([]);
  });
});

describe("memoPoints from the model's own figures", () => {
  it("places the boot member's 80% at 86 users on the LAVC default view", () => {
    const lavc = describe_("lavc");
    const defaults = Object.fromEntries(lavc.knobs.map((k) => [k.name, k.default]));
    const pts = memoPoints(null, lavc, defaults, "users", "cpu_demand_percent");
    expect(pts).toHaveLength(1);
    expect(pts[0]).toMatchObject({ x: 86, y: 80, exact: true });
    expect(pts[0].citation).toMatch(/Low End Cluster Performance/);
  });

  it("draws a figure the memo did not tie to a setting across the range it lies in", () => {
    const swap = describe_("rsx-swap");
    const defaults = Object.fromEntries(swap.knobs.map((k) => [k.name, k.default]));
    const [p] = memoPoints(null, swap, defaults, "swap_interval_s", "shf_gain_percent");
    expect(p).toMatchObject({ y: 5, x0: 0.2, x1: 1, exact: true });
    // the other swap disk was not measured: no point
    expect(memoPoints(null, swap, { ...defaults, disk: "RK05" }, "swap_interval_s", "shf_gain_percent")).toEqual([]);
  });

  it("treats a knob the memo's table does not record as the memo's default: another value is another setting", () => {
    const ffs = describe_("ffs");
    const table = dataset("ffs-throughput");
    const defaults = Object.fromEntries(ffs.knobs.map((k) => [k.name, k.default]));
    const memo = { ...defaults, layout: "new", operation: "read", bus: "MASSBUS", block_size: 4096 };
    const faster = memoPoints(table, ffs, { ...memo, rpm: 5400 }, "block_size", "throughput_kBps");
    expect(faster.length).toBeGreaterThan(0);
    expect(faster.every((p) => !p.exact && p.differs.includes("Rotation speed 3600 rpm"))).toBe(true);
    // a processor the memo never ran on: its figures are not this machine's, and are not drawn
    expect(memoPoints(table, ffs, { ...memo, cpu: "VAX-11/780" }, "block_size", "throughput_kBps")).toEqual([]);
    // the memo's own machine: its figures as before
    expect(memoPoints(table, ffs, memo, "block_size", "throughput_kBps").every((p) => p.exact)).toBe(true);
  });
});
