import { describe, expect, it } from "vitest";
import type { BoundView } from "../../src/chart/curves";
import type { MemoPoint } from "../../src/chart/memoPoints";
import { lineStep, memoStep, nearestIndex, readoutAt, readoutText } from "../../src/chart/readout";

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
    expect(r).toEqual({ x: 8, y: 25, bottleneck: "disk", memo: [memo(8)], others: [{ label: "NI", y: 30 }], bounds: [] });
  });

  it("quotes a figure measured over a range anywhere inside it", () => {
    const ranged = memo(4, { x0: 3, x1: 9 });
    expect(readoutAt(curve, 2, [ranged], [])!.memo).toEqual([ranged]);
    expect(readoutAt(curve, 0, [ranged], [])!.memo).toEqual([]);
  });

  it("gives both kinds of bound at the pointer, and the term alone nearest the curve", () => {
    const line = (name: string, side: "upper" | "lower", kind: BoundView["kind"], ys: number[]) => ({ name, side, kind, points: curve.map((p, i) => ({ x: p.x, y: ys[i] })) });
    const bounds = [
      line("asymptotic upper", "upper", "asymptotic", [10, 20, 40]),
      line("asymptotic lower", "lower", "asymptotic", [10, 12, 14]),
      line("balanced job upper", "upper", "balanced", [10, 19, 30]),
      line("balanced job lower", "lower", "balanced", [10, 16, 22]),
      line("CPU", "upper", "stage", [50, 60, 70]),
      line("disk", "upper", "stage", [40, 45, 26]),
    ];
    const r = readoutAt(curve, 2, [], [], bounds)!;
    expect(r.bounds).toEqual([
      { label: "asymptotic bounds", lower: 14, upper: 40 },
      { label: "balanced job bounds", lower: 22, upper: 30 },
      { label: "disk alone", lower: null, upper: 26 },
    ]);
    expect(readoutText(r, "Buffers", String, "Throughput", "")).toContain("balanced job bounds 22 to 30; disk alone at most 26");
  });

  it("has nothing to say past the curve", () => {
    expect(readoutAt(curve, 5, [], [])).toBeNull();
  });
});

describe("the keyboard reader's words and its steps between memo points", () => {
  const curve = [2, 4, 6, 8, 10].map((x) => ({ x, y: x * 100, bottleneck: x >= 8 ? "sending CPU" : undefined }));
  const memo = [4, 9].map((x) => ({ x, y: x * 90, printed: String(x * 90), citation: "Table", exact: true, differs: [] }));
  const x = (v: number) => `${v} buffers`;

  it("says x and y, what limits the curve, the memo's measurement and the other series there", () => {
    const r = readoutAt(curve, 1, memo, [{ label: "NI", points: curve.map((p) => ({ x: p.x, y: p.y * 2 })) }])!;
    expect(readoutText(r, "Link quota", x, "Throughput", "bit/s")).toBe("Link quota 4 buffers: Throughput 400 bit/s; the memo measured 360 bit/s; NI 800 bit/s.");
    const at8 = readoutAt(curve, 3, memo, [])!;
    expect(readoutText(at8, "Link quota", x, "Throughput", "bit/s")).toBe("Link quota 8 buffers: Throughput 800 bit/s; limited by the sending CPU.");
  });

  it("says a measurement at another setting with that setting and the model there", () => {
    const elsewhere = { ...memo[0], exact: false, differs: ["Buffer size 1467 bytes"], model: 370 };
    const r = readoutAt(curve, 1, [elsewhere], [])!;
    expect(readoutText(r, "Link quota", x, "Throughput", "bit/s")).toBe(
      "Link quota 4 buffers: Throughput 400 bit/s; the memo measured 360 bit/s at buffer size 1467 bytes, the model at that setting 370 bit/s, 3 % above.",
    );
  });
  it("steps to the point nearest the next memo measurement either way, and stops at the last", () => {
    expect(memoStep(curve, memo, 0, 1)).toBe(1); // 4
    expect(memoStep(curve, memo, 1, 1)).toBe(3); // 9 is nearest 8 (ties go to the first)
    expect(memoStep(curve, memo, 3, 1)).toBe(null);
    expect(memoStep(curve, memo, 4, -1)).toBe(3);
    expect(memoStep(curve, memo, 1, -1)).toBe(null);
  });

  it("steps between the drawn lines, wrapping round, to the point nearest the x it was reading", () => {
    const lines = [
      { label: "CI", points: curve },
      { label: "NI", points: [3, 5, 7].map((x) => ({ x, y: x })) },
      { label: "Baseline", points: curve },
    ];
    expect(lineStep(lines, { s: 0, i: 2 }, 1)).toEqual({ s: 1, i: 1 }); // x 6 -> 5
    expect(lineStep(lines, { s: 0, i: 4 }, 1)).toEqual({ s: 1, i: 2 }); // x 10 -> 7
    expect(lineStep(lines, { s: 1, i: 2 }, 1)).toEqual({ s: 2, i: 2 }); // x 7 -> 6 (ties go to the first)
    expect(lineStep(lines, { s: 0, i: 3 }, -1)).toEqual({ s: 2, i: 3 }); // round to the last line
    expect(lineStep(lines.slice(0, 1), { s: 0, i: 3 }, 1)).toEqual({ s: 0, i: 3 }); // one line: stays
  });
});
