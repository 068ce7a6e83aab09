import { describe, expect, it } from "vitest";
import { memoPoints } from "../../src/chart/memoPoints";
import { dataset, describe_ } from "../fixtures/python";

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
});
