import { describe, expect, it } from "vitest";
import type { SweepResult, SystemSpec } from "../../src/api/types";
import { bandNamesOf } from "../../src/chart/curves";

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
