import { describe, expect, it } from "vitest";
import { type AtlasLine, atlasCurvesMark, coinciding } from "../../../src/chart/marks/atlasCurves";
import { atlasAxes } from "../../../src/atlas/atlasLines";
import { frameOf } from "./frame";

const line = (system: string, ys: (x: number) => number, more: Partial<AtlasLine> = {}): AtlasLine => ({
  system,
  name: system.toUpperCase(),
  title: `The ${system} system`,
  href: `/explore/${system}?x=k`,
  points: [0.25, 0.5, 1, 2, 4].map((x) => ({ x, y: ys(x) })),
  capacity: "10 bit/s",
  knee: "k 3 units",
  falls: false,
  ...more,
});

const axes = atlasAxes([1 / 4, 4]);
const closed = line("a", (x) => Math.min(x, 1) * 0.9);
const open = line("b", (x) => x / (1 + x));
const twin = line("c", (x) => x / (1 + x) - 0.01);
const cost = line("d", (x) => 1 / (1 + x), { falls: true });

describe("the atlas's curves", () => {
  it("a curve that runs on another is found (and only then), the later of two alike dashed", () => {
    expect(coinciding([closed, open, twin, cost]).map((o) => o?.system ?? null)).toEqual([null, null, "b", null]);
    // runs on the later curve where that one reaches further: dashed all the same
    const short = { ...twin, points: twin.points.slice(1, 4) };
    expect(coinciding([short, cost, open]).map((o) => o?.system ?? null)).toEqual(["b", null, null]);
    // near at most points but apart at one: not the same curve
    const apart = { ...twin, points: twin.points.map((p, k) => (k === 4 ? { ...p, y: p.y - 0.1 } : p)) };
    expect(coinciding([open, apart]).map((o) => o?.system ?? null)).toEqual([null, null]);
  });

  it("each is a reader's line, a column at the table's rows and a sentence with its knee and capacity", () => {
    const m = atlasCurvesMark(axes, [closed, open, twin, cost]);
    expect(m.lines?.map((l) => l.label)).toEqual(["A", "B", "C", "D"]);
    expect(m.lines?.some((l) => l.main)).toBe(false);
    expect(m.columns?.map((c) => [c.head, c.cell({ x: 1, y: 0 })])).toEqual([["A", "0.9"], ["B", "0.5"], ["C", "0.49"], ["D", "0.5"]]);
    const said = m.sentences?.map((s) => s.text) ?? [];
    expect(said[0]).toContain("A (The a system): knee at k 3 units, capacity 10 bit/s.");
    expect(said[0]).toContain("At its knee it is at 0.9 of its bound.");
    expect(said[2]).toContain("It runs on B's curve");
    expect(said[3]).toContain("its rate falls");
    expect(m.csv?.rows.length).toBe(20);
  });

  it("names each curve on the plot with its capacity, or its name alone where that fits better", () => {
    const m = atlasCurvesMark(axes, [closed]);
    const [want] = m.labels?.(frameOf([0, 1])) ?? [];
    expect(want.texts).toEqual(["A: 10 bit/s", "A"]);
    expect(want.spots.length).toBeGreaterThan(4);
  });
});
