import { describe, expect, it } from "vitest";
import type { SweepResult, SystemSpec } from "../../src/api/types";
import { bandNamesOf, boundsOf } from "../../src/chart/curves";

const spec = { knobs: [{ name: "disksort_factor", label: "Sorted seek factor" }] } as unknown as SystemSpec;
const band = (parameter: boolean, label?: string) => ({ x: [], low: {}, high: {}, parameter, label });

describe("what a band spans, in words", () => {
  it("names an open knob by its label, and a fitted parameter by who left it open: the memo, or your table", () => {
    const sweep = { band: { disksort_factor: band(false), track_ms: band(true, "track switch time") } } as unknown as SweepResult;
    expect(bandNamesOf(sweep, spec)).toEqual(["Sorted seek factor", "the track switch time (fitted, but not pinned by the memo)"]);
    expect(bandNamesOf(sweep, spec, true)[1]).toBe("the track switch time (fitted, but not pinned by your table)");
    expect(bandNamesOf(null, spec)).toEqual([]);
  });
});

describe("the bounds on the chart's metric", () => {
  const sweep = {
    x_knob: "users",
    x: [1, 2, 3, 4],
    bounds: [
      { metric: "cpu", name: "asymptotic upper", side: "upper", values: [25, 50, 60, 60] },
      { metric: "cpu", name: "balanced job lower", side: "lower", values: [25, 40, 45, null] },
      { metric: "other", name: "asymptotic upper", side: "upper", values: [1, 1, 1, 1] },
    ],
    bounds_knee: { x: 2.4, station: "boot CPU" },
  } as unknown as SweepResult;

  it("takes the y metric's lines, each with its kind and side, a missing value a gap", () => {
    const { lines } = boundsOf(sweep, "users", "cpu");
    expect(lines.map((l) => [l.name, l.kind, l.side])).toEqual([["asymptotic upper", "asymptotic", "upper"], ["balanced job lower", "balanced", "lower"]]);
    expect(Number.isNaN(lines[1].points[3].y)).toBe(true);
  });

  it("puts the knee at the upper asymptote's plateau, only inside the axis and along its own x", () => {
    expect(boundsOf(sweep, "users", "cpu").knee).toEqual({ x: 2.4, y: 60, station: "boot CPU" });
    expect(boundsOf({ ...sweep, bounds_knee: { x: 9, station: "boot CPU" } }, "users", "cpu").knee).toBeNull();
    expect(boundsOf(sweep, "users", "nothing")).toEqual({ lines: [], knee: null });
    expect(boundsOf(sweep, "locks", "cpu")).toEqual({ lines: [], knee: null });
  });
});
