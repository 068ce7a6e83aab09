import { describe, expect, it } from "vitest";
import { memoText } from "../../src/chart/HoverReadout";
import type { MemoPoint } from "../../src/chart/memoPoints";

const point = (y: number, printed: string, exact = true): MemoPoint => ({ x: 1, y, printed, citation: "memo, table 1", exact, differs: [] });

describe("a memo figure in the curve reader", () => {
  it("is in the chart's unit, the memo's printed figure beside it where that reads differently", () => {
    expect(memoText(point(3477808, "434726 Bps"), "bit/s")).toBe("Memo: 3.48M bit/s (printed 434726 Bps)");
    expect(memoText(point(463000, "463K bit/s"), "bit/s")).toBe("Memo: 463K bit/s");
  });
  it("says the setting it was measured at, and the model at that setting", () => {
    const elsewhere = { ...point(1467000, "1467K bit/s", false), differs: ["Buffer size 1467 bytes"], model: 1452000 };
    expect(memoText(elsewhere, "bit/s")).toBe("Memo: 1.47M bit/s (printed 1467K bit/s) at buffer size 1467 bytes; the model at that setting 1.45M bit/s, 1 % below");
    expect(memoText({ ...elsewhere, model: Number.NaN }, "bit/s")).toBe("Memo: 1.47M bit/s (printed 1467K bit/s) at buffer size 1467 bytes");
  });
});
