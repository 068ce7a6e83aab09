import { describe, expect, it } from "vitest";
import { TABLE_ROWS, thinned } from "../../src/chart/DataTable";

describe("thinned", () => {
  it("keeps every point of a short curve", () => {
    expect(thinned(5)).toEqual([0, 1, 2, 3, 4]);
  });
  it("keeps about twenty evenly spaced points of a long one, the first and the last among them", () => {
    for (const n of [21, 32, 101, 400]) {
      const rows = thinned(n);
      expect(rows.length).toBeLessThanOrEqual(TABLE_ROWS);
      expect(rows.length).toBeGreaterThanOrEqual(TABLE_ROWS - 1);
      expect(rows[0]).toBe(0);
      expect(rows.at(-1)).toBe(n - 1);
      const gaps = rows.slice(1).map((r, i) => r - rows[i]);
      expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
    }
  });
});
