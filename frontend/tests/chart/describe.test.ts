import { describe, expect, it } from "vitest";
import { describeChange, describeMarks } from "../../src/chart/describe";
import type { ExplorerChart } from "../../src/explorer/explorerMarks";
import { axes, marksOf, rising } from "./marks/scene";

/** The explorer's chart of these answers, in words. */
const describeChart = (c: Partial<ExplorerChart>) => describeMarks(marksOf(c), axes);

describe("describeMarks", () => {
  it("with the bounds drawn, says where the knee is, what caps the curve beyond it, and what the bounds allow at the knob's value", () => {
    const up = (n: number) => Math.min(100 * n, 500);
    const xs = [2, 4, 6, 8, 10];
    const lines = [
      { name: "asymptotic upper", side: "upper" as const, kind: "asymptotic" as const, points: xs.map((x) => ({ x, y: up(x) })) },
      { name: "asymptotic lower", side: "lower" as const, kind: "asymptotic" as const, points: xs.map((x) => ({ x, y: 40 * x })) },
    ];
    const s = describeChart({ curve: rising, currentX: 4, bounds: { lines, knee: { x: 5, y: 500, station: "boot CPU" } } });
    expect(s).toContain("The textbook bounds meet at the knee, 5 buffers: before it the upper bound grows in proportion to the link quota; beyond it the boot CPU holds it at 500 bit/s.");
    expect(s).toContain("At 4 buffers the bounds give: asymptotic bounds 160 bit/s to 400 bit/s.");
    expect(describeChart({ curve: rising }).join(" ")).not.toContain("bounds"); // not drawn: not said
  });

  it("says what is plotted over which range, the shape and where the rise halves", () => {
    const s = describeChart({ curve: rising });
    expect(s[0]).toBe("Throughput against Link quota, from 2 buffers to 10 buffers.");
    expect(s[1]).toBe("It rises from 200 bit/s to 700 bit/s; its rise slows to half its first pace by 6 buffers (600 bit/s).");
  });

  it("with one curve per choice, names the curves, describes the current one first and each other after", () => {
    const s = describeChart({ curve: rising, curveLabel: "CI", per: { knob: "Circuit", series: [
      { label: "NI", points: [{ x: 2, y: 100 }, { x: 10, y: 100.5 }] },
      { label: "DTE", points: [{ x: 2, y: 50 }, { x: 6, y: 90 }, { x: 10, y: 20 }] },
      { label: "none", points: [{ x: 2, y: Number.NaN }] }, // no value anywhere: not named
    ] } });
    expect(s[1]).toBe("One curve per circuit: CI, NI, DTE. First the CI curve (the current setting).");
    expect(s[2]).toMatch(/^It rises from 200 bit\/s to 700 bit\/s/);
    expect(s.slice(-2)).toEqual([
      "The NI curve: it stays at about 100 bit/s all along.",
      "The DTE curve: it rises from 50 bit/s to a peak of 90 bit/s at 6 buffers, then falls to 20 bit/s.",
    ]);
  });

  it("names what limits the curve in each region", () => {
    const s = describeChart({ curve: rising }).join(" ");
    expect(s).toContain("Up to 4 buffers no resource is fully busy; from 6 buffers the link quota limits it; from 8 buffers the sending CPU limits it.");
  });

  it("names the knee and the saturation point each for what it is, or the capacity the curve stays under", () => {
    const knee = { x: 5, y: 500, resource: "sending CPU", nStar: true };
    const said = describeChart({ curve: rising, knee, saturation: { x: 8, y: 680, resource: "sending CPU", utilization: 0.954 } }).join(" ");
    expect(said).toContain("The knee N* is at 5 buffers (500 bit/s), where the textbook's two asymptotes meet: beyond it the sending CPU sets the pace, though it is not yet saturated there.");
    expect(said).toContain("The sending CPU saturates at 8 buffers (680 bit/s): the model has it 95.4 % busy there.");
    expect(said).not.toMatch(/saturates at 5 buffers|fully busy at 5/);
    // a knee along an axis where nothing gets 95 % busy: no saturation claimed
    expect(describeChart({ curve: rising, knee }).join(" ")).toContain("No resource saturates (95 % busy) along this axis.");
    expect(describeChart({ curve: rising, knee }).join(" ")).not.toContain("saturates at");
    expect(describeChart({ curve: rising, limit: rising.map((p) => ({ x: p.x, y: 900 })) }).join(" "))
      .toContain("Its capacity is 900 bit/s; the curve stays below it here.");
  });

  it("gives each memo measurement with the model's value there and how far off it is", () => {
    const memo = [{ x: 4, y: 500, printed: "500", citation: "Table 2, row 4", exact: true, differs: [] }];
    expect(describeChart({ curve: rising, memo }).join(" "))
      .toContain("The memo gives one measurement: at 4 buffers, 500 bit/s (printed 500; the model 400 bit/s, 20 % below).");
    expect(describeChart({ curve: rising }).join(" ")).toContain("The memo has no measurement at these settings.");
  });

  it("compares with a pinned baseline at the current setting", () => {
    const s = describeChart({ curve: rising, baseline: { knobs: {}, points: rising.map((p) => ({ x: p.x, y: p.y / 2 })), at: null }, currentX: 4 });
    expect(s.at(-1)).toBe("At 4 buffers it is 400 bit/s, above the pinned baseline's 200 bit/s (100 %).");
  });

  it("tells a peak from a rise, and a flat curve from both", () => {
    const peak = [{ x: 1, y: 1 }, { x: 2, y: 5 }, { x: 3, y: 2 }];
    expect(describeChart({ curve: peak })[1]).toBe("It rises from 1 bit/s to a peak of 5 bit/s at 2 buffers, then falls to 2 bit/s.");
    expect(describeChart({ curve: [{ x: 1, y: 3 }, { x: 2, y: 3 }] })[1]).toBe("It stays at about 3 bit/s all along.");
    expect(describeChart({ curve: [] })).toEqual(["Throughput against Link quota: the model gives no value here."]);
  });
});

describe("describeChange", () => {
  it("says how the value at the setting moved and where the bottleneck went", () => {
    expect(describeChange("Throughput", "bit/s", { setting: "link quota 16 buffers", value: 465_000, bottleneck: "link quota" }, { setting: "link quota 16 buffers", value: 612_000, bottleneck: "sending CPU" }))
      .toBe("Throughput at link quota 16 buffers rose from 465K bit/s to 612K bit/s; the bottleneck moved from the link quota to the sending CPU.");
    expect(describeChange("Throughput", "bit/s", { setting: "a", value: 5, bottleneck: null }, { setting: "a", value: 3, bottleneck: null })).toBe("Throughput at a fell from 5 bit/s to 3 bit/s.");
    expect(describeChange("Throughput", "bit/s", { setting: "a", value: 5, bottleneck: null }, { setting: "a", value: 5, bottleneck: null })).toBe("Throughput at a stays 5 bit/s.");
  });
});
