import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Box, crosses, dodge, overlaps, placeLabels, type Segment, sortByRank, spotsAlong, spotsAround } from "../../src/chart/labels";
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

describe("the layout pass", () => {
  const within = { x0: 0, y0: 0, x1: 400, y1: 300 };
  const at = (x: number, y: number) => [{ x, y, anchor: "start" as const }, { x, y: y + 40, anchor: "start" as const }];
  it("puts each label at its first spot clear of those placed before it", () => {
    const [a, b] = placeLabels([{ id: "a", texts: ["capacity 10,030 K/sec"], px: 12, spots: at(100, 50) }, { id: "b", texts: ["network alone"], px: 12, spots: at(110, 52) }], {}, within);
    expect([a.y, b.y]).toEqual([50, 92]);
    expect(overlaps(a.box, b.box)).toBe(false);
  });
  it("keeps clear of boxes and curves, and within its room (never on the x axis below it)", () => {
    const curve: Segment = [0, 60, 400, 40];
    const [l] = placeLabels([{ id: "l", texts: ["saturates at 3.712 buffers"], px: 12, spots: [{ x: 10, y: 52, anchor: "start" }, { x: 10, y: 310, anchor: "start" }, { x: 10, y: 80, anchor: "start" }, { x: 10, y: 120, anchor: "start" }] }], { segments: [curve], boxes: [{ x0: 0, y0: 70, x1: 50, y1: 85 }] }, within);
    expect(l.y).toBe(120);
    expect(crosses(l.box, curve)).toBe(false);
  });
  it("takes its shorter words where the full ones fit nowhere, and is left out where none fit", () => {
    const narrow = { x0: 0, y0: 0, x1: 120, y1: 300 };
    const [l] = placeLabels([{ id: "l", texts: ["sending CPU saturates at 31.84 buffers", "saturates"], px: 12, spots: at(5, 50) }], {}, narrow);
    expect(l.text).toBe("saturates");
    expect(placeLabels([{ id: "l", texts: ["a very long label indeed"], px: 12, spots: at(5, 50) }], {}, narrow)).toEqual([]);
  });
  it("places the lower rank first, whatever the order asked", () => {
    const spots = at(100, 50);
    const out = placeLabels(sortByRank([{ id: "late", rank: 4, texts: ["x"], px: 12, spots }, { id: "first", rank: 0, texts: ["y"], px: 12, spots }]), {}, within);
    expect(out.find((p) => p.id === "first")?.y).toBe(50);
  });
  it("spots around a point and along a line stay near them", () => {
    expect(spotsAround(100, 100, 12).slice(0, 4).map((s) => s.anchor)).toEqual(["start", "end", "middle", "middle"]);
    const along = spotsAlong([{ x: 0, y: 10 }, { x: 100, y: 10 }], 12);
    expect(along[0]).toEqual({ x: 96, y: 10 - 4 - 0.3 * 12, anchor: "end" });
  });
});

describe("whether a segment crosses a box", () => {
  // an independent answer: an end inside the box, or the segment meeting one of its four sides
  const inBox = (b: Box, x: number, y: number) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
  const side = (ax: number, ay: number, bx: number, by: number, x: number, y: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  const meets = ([x0, y0, x1, y1]: Segment, [u0, v0, u1, v1]: Segment) => {
    const d1 = side(u0, v0, u1, v1, x0, y0), d2 = side(u0, v0, u1, v1, x1, y1);
    const d3 = side(x0, y0, x1, y1, u0, v0), d4 = side(x0, y0, x1, y1, u1, v1);
    // on one line: do their extents overlap?
    if (d1 === 0 && d2 === 0) return Math.max(Math.min(x0, x1), Math.min(u0, u1)) <= Math.min(Math.max(x0, x1), Math.max(u0, u1)) && Math.max(Math.min(y0, y1), Math.min(v0, v1)) <= Math.min(Math.max(y0, y1), Math.max(v0, v1));
    return d1 * d2 <= 0 && d3 * d4 <= 0;
  };
  const oracle = (b: Box, g: Segment) =>
    inBox(b, g[0], g[1]) || inBox(b, g[2], g[3]) ||
    ([[b.x0, b.y0, b.x1, b.y0], [b.x1, b.y0, b.x1, b.y1], [b.x1, b.y1, b.x0, b.y1], [b.x0, b.y1, b.x0, b.y0]] as Segment[]).some((e) => meets(g, e));
  it("agrees with an end inside or a side met, for random boxes and segments", () => {
    // integer pixels in a small field: ends on a side, on a corner, and level or upright runs come often
    // (a label's box always has a width and a height)
    const px = fc.integer({ min: 0, max: 12 });
    const size = fc.integer({ min: 1, max: 6 });
    fc.assert(fc.property(px, px, size, size, px, px, px, px, (a, b, w, h, x0, y0, x1, y1) => {
      const box = { x0: a, y0: b, x1: a + w, y1: b + h };
      expect(crosses(box, [x0, y0, x1, y1])).toBe(oracle(box, [x0, y0, x1, y1]));
    }), { numRuns: 3000 });
  });
  it("turns away a segment wholly beside the box and takes one passing through it", () => {
    const box = { x0: 10, y0: 10, x1: 20, y1: 20 };
    expect(crosses(box, [0, 0, 5, 30])).toBe(false);
    expect(crosses(box, [0, 15, 30, 15])).toBe(true);
    expect(crosses(box, [0, 0, 30, 30])).toBe(true);
    expect(crosses(box, [0, 45, 45, 0])).toBe(false); // passes beyond the corner (20, 20)
    expect(crosses(box, [0, 25, 25, 0])).toBe(true); // cuts the corner (10, 10)
  });
});
