import { describe, expect, it } from "vitest";
import { crosses, dodge, overlaps, placeLabels, type Segment, sortByRank, spotsAlong, spotsAround } from "../../src/chart/labels";
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
