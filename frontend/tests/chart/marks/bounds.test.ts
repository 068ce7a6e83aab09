import { describe, expect, it } from "vitest";
import { boundsMark } from "../../../src/chart/marks/bounds";
import { axes } from "./scene";

describe("the textbook bounds", () => {
  const xs = [2, 4, 6, 8, 10];
  const lines = [
    { name: "asymptotic upper", side: "upper" as const, kind: "asymptotic" as const, points: xs.map((x) => ({ x, y: Math.min(100 * x, 500) })) },
    { name: "asymptotic lower", side: "lower" as const, kind: "asymptotic" as const, points: xs.map((x) => ({ x, y: 40 * x })) },
    { name: "CPU", side: "upper" as const, kind: "stage" as const, points: xs.map((x) => ({ x, y: 800 })) },
  ];
  const m = boundsMark(axes, { lines, knee: { x: 5, y: 500, station: "boot CPU" }, currentX: 4 });
  it("name each kind once in the legend, and the knee with its station", () => {
    expect(m.legend?.map((l) => [l.keys[0], l.text.split(":")[0]])).toEqual([
      ["bound bound-asymptotic", "asymptotic bounds (thin)"],
      ["bound bound-stage", "each stage alone (dotted)"],
      ["bound bound-knee", "knee N* = (D + Z) / D_max at 5 buffers"],
    ]);
  });
  it("where the knee mark gives N* on the curve, name the corner without its number: one knee said once", () => {
    const marked = boundsMark(axes, { lines, knee: { x: 5, y: 500, station: "boot CPU" }, currentX: 4, kneeMarked: true });
    const corner = marked.legend?.find((l) => l.keys[0] === "bound bound-knee")?.text;
    expect(corner).toBe("the asymptotes' corner: the knee N* = (D + Z) / D_max, where the rising bound meets the boot CPU's cap (on the curve, the hollow diamond below it)");
  });
  it("say where the knee is and what they allow at the knob, and give the reader their lines", () => {
    expect(m.sentences?.map((s) => s.text)).toEqual([
      "The textbook bounds meet at the knee, 5 buffers: before it the upper bound grows in proportion to the link quota; beyond it the boot CPU holds it at 500 bit/s.",
      "At 4 buffers the bounds give: asymptotic bounds 160 bit/s to 400 bit/s; CPU alone at most 800 bit/s.",
    ]);
    expect(m.bounds).toBe(lines);
  });
});
