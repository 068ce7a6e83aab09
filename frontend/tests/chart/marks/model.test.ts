import { describe, expect, it } from "vitest";
import { modelMark } from "../../../src/chart/marks/model";
import { axes, rising } from "./scene";

describe("the model's curve", () => {
  const m = modelMark(axes, { points: rising, label: "CI", beside: true });
  it("is the main line, named in the legend, the export's key and the CSV by its setting", () => {
    expect(m.lines).toEqual([{ label: "CI", points: rising, main: true }]);
    expect(m.legend?.map((l) => l.text)).toEqual(["model: CI"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["model: CI"]);
    expect(m.csv?.rows[2]).toEqual(["model: CI", 6, 600, "link quota", "", ""]);
    expect(m.endLabels?.map((l) => l.text)).toEqual(["CI"]);
  });
  it("says what is plotted and its shape, and its column says it is this setting's beside others", () => {
    expect(m.sentences?.map((s) => s.text)).toEqual([
      "Throughput against Link quota, from 2 buffers to 10 buffers.",
      "It rises from 200 bit/s to 700 bit/s; its rise slows to half its first pace by 6 buffers (600 bit/s).",
    ]);
    expect(m.columns?.map((c) => [c.head, c.cell(rising[1])])).toEqual([["Throughput, this setting (bit/s)", "400"]]);
  });
  it("alone and unnamed is just 'model'; with no value, nothing is said or keyed", () => {
    const alone = modelMark(axes, { points: [{ x: 2, y: Number.NaN }] });
    expect(alone.legend?.[0].text).toBe("model");
    expect(alone.endLabels).toEqual([]);
    expect(alone.sentences).toEqual([]);
    expect(alone.exportKey).toEqual([]);
    expect(alone.columns?.[0].head).toBe("Throughput (bit/s)");
  });
});
