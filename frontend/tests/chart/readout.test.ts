import { describe, expect, it } from "vitest";
import type { MemoPoint } from "../../src/chart/memoPoints";
import { nearestIndex, readoutAt } from "../../src/chart/readout";

const curve = [
  { x: 2, y: 10, bottleneck: "CPU" },
  { x: 4, y: 20, bottleneck: "CPU" },
  { x: 8, y: 25, bottleneck: "disk" },
];
const memo = (x: number, extra: Partial<MemoPoint> = {}): MemoPoint =>
  ({ x, y: 24, printed: "24 K/sec", citation: "Table 2", exact: true, differs: [], ...extra });

describe("the curve readout", () => {
  it("picks the point nearest the pointer", () => {
    expect(nearestIndex(curve, 2.9)).toBe(0);
    expect(nearestIndex(curve, 3.1)).toBe(1);
    expect(nearestIndex(curve, 100)).toBe(2);
    expect(nearestIndex([], 3)).toBe(-1);
  });

  it("says x, y, the bottleneck, the memo there and the other series at the same x", () => {
    const r = readoutAt(curve, 2, [memo(8), memo(4)], [{ label: "NI", points: [{ x: 8, y: 30 }] }, { label: "DTE", points: [{ x: 3, y: 1 }] }]);
    expect(r).toEqual({ x: 8, y: 25, bottleneck: "disk", memo: [memo(8)], others: [{ label: "NI", y: 30 }] });
  });

  it("quotes a figure measured over a range anywhere inside it", () => {
    const ranged = memo(4, { x0: 3, x1: 9 });
    expect(readoutAt(curve, 2, [ranged], [])!.memo).toEqual([ranged]);
    expect(readoutAt(curve, 0, [ranged], [])!.memo).toEqual([]);
  });

  it("has nothing to say past the curve", () => {
    expect(readoutAt(curve, 5, [], [])).toBeNull();
  });
});
