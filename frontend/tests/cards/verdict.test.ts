// The card's sentence under the validation table says what the numbers say, rival and target both.
import { describe, expect, it } from "vitest";
import { verdict } from "../../src/cards/Judged";

const line = (over: Record<string, unknown>) =>
  ({ source: "s", citation: "c", metric: "throughput_kBps", rows: 34, model_median_abs: 14.5, model_max_abs: 142, baseline_rows: 34, baseline_median_abs: 19.7, baseline_max_abs: 133, ...over }) as unknown as Parameters<typeof verdict>[0];

describe("the validation verdict", () => {
  it("a model better than the rival and within the target says both", () => {
    expect(verdict(line({}))).toBe("On throughput from this source the model's median error is 14.5 % (34 rows): better than copying the memo's nearest figure (19.7 %), and within the 15 % the project aims for.");
  });
  it("a model worse than the rival, on fewer rows for the rival, says so plainly (LAVC's)", () => {
    const s = verdict(line({ metric: "all", rows: 7, model_median_abs: 22.2, baseline_rows: 4, baseline_median_abs: 9.9 }));
    expect(s).toContain("no better than copying the memo's nearest figure (9.9 %, on the 4 rows where the memo has a figure)");
    expect(s).toContain("above the 15 % the project aims for");
  });
  it("one row is a row (the OFN analogue's)", () => {
    expect(verdict(line({ rows: 1, baseline_rows: 1 }))).toContain("median error is 14.5 % (1 row):");
  });
  it("no figure to copy", () => {
    expect(verdict(line({ baseline_median_abs: null }))).toContain("the memo has no such figure to copy");
  });
});
