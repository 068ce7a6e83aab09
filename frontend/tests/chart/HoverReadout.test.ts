import { describe, expect, it } from "vitest";
import { memoText } from "../../src/chart/HoverReadout";
import type { MemoPoint } from "../../src/chart/memoPoints";

const point = (y: number, printed: string, exact = true): MemoPoint => ({ x: 1, y, printed, citation: "memo, table 1", exact, differs: [] });

describe("a memo figure in the curve reader", () => {
  it("is in the chart's unit, the memo's printed figure beside it where that reads differently", () => {
    expect(memoText(point(3477808, "434726 Bps"), "bit/s")).toBe("Memo: 3.48M bit/s (printed 434726 Bps)");
    expect(memoText(point(463000, "463K bit/s"), "bit/s")).toBe("Memo: 463K bit/s");
  });
  it("says when it was measured at another setting", () => {
    expect(memoText(point(12, "12 ms", false), "ms")).toBe("Memo: 12 ms (another setting)");
  });
});
