import { describe, expect, it } from "vitest";
import { dodge } from "../../src/chart/labels";
import { wrap } from "../../src/chart/measure";

describe("end labels", () => {
  it("stay where they are when apart, and move apart where curves meet", () => {
    expect(dodge([10, 100, 200], 14, 0, 300)).toEqual([10, 100, 200]);
    const met = dodge([100, 101, 100.5], 14, 0, 300);
    const sorted = [...met].sort((a, b) => a - b);
    expect(sorted[1] - sorted[0]).toBeGreaterThanOrEqual(14);
    expect(sorted[2] - sorted[1]).toBeGreaterThanOrEqual(14);
  });

  it("stay within the plot, pushed back up from the bottom", () => {
    const ys = dodge([295, 296, 299], 14, 0, 300);
    expect(Math.max(...ys)).toBeLessThanOrEqual(300);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(300 - 2 * 14 - 1e-9);
  });
});

describe("wrapping a footer line", () => {
  it("breaks at spaces within the width", () => {
    const lines = wrap("Settings: Circuit CI, Link quota 16 buffers, Buffer size 576 bytes, Test SENDER/SERVER", 200, 12);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(0.62 * 12 * l.length).toBeLessThanOrEqual(200);
    expect(lines.join(" ")).toBe("Settings: Circuit CI, Link quota 16 buffers, Buffer size 576 bytes, Test SENDER/SERVER");
  });
});
