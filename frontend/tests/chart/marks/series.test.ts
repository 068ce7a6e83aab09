import { describe, expect, it } from "vitest";
import { seriesMark } from "../../../src/chart/marks/series";
import { seriesColour } from "../../../src/chart/theme";
import { axes } from "./scene";

describe("the other curves", () => {
  const series = [{ label: "NI", points: [{ x: 2, y: 100 }, { x: 10, y: 100.5 }] }, { label: "DTE", points: [{ x: 2, y: 50 }, { x: 10, y: 20 }] }];
  const m = seriesMark(axes, { id: "per", series, per: { knob: "Circuit", curveLabel: "CI" } });
  it("each take a colour in turn, a legend line, a key, a column and CSV rows", () => {
    expect(m.legend?.map((l) => [l.text, l.colour])).toEqual([["model: NI", seriesColour(0)], ["model: DTE", seriesColour(1)]]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["model: NI", "model: DTE"]);
    expect(m.columns?.map((c) => [c.head, c.cell({ x: 6, y: 0 })])).toEqual([["Throughput, NI (bit/s)", "100.3"], ["Throughput, DTE (bit/s)", "35"]]);
    expect(m.csv?.rows.map((r) => r[0])).toEqual(["model: NI", "model: NI", "model: DTE", "model: DTE"]);
  });
  it("one curve per a knob: names them all, then describes each after the model's", () => {
    expect(m.sentences?.map((s) => s.text)).toEqual([
      "One curve per circuit: CI, NI, DTE. First the CI curve (the current setting).",
      "The NI curve: it stays at about 100 bit/s all along.",
      "The DTE curve: it falls from 50 bit/s to 20 bit/s.",
    ]);
  });
  it("the memo's calibration beside a fit takes the next colour and is not described", () => {
    const c = seriesMark(axes, { id: "calibration", series: [{ label: "memo's calibration", points: series[0].points }], from: 2 });
    expect(c.legend?.[0].colour).toBe(seriesColour(2));
    expect(c.sentences).toEqual([]);
  });
});
