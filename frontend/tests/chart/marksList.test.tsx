// @vitest-environment jsdom
// The legend, the description, the data table, the sound and the exports all read one list of
// marks: each lists the same marks, and a new mark (one object, as a new file under
// chart/marks/ would make) shows in every one of them without touching any.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DataTable } from "../../src/chart/DataTable";
import { describeMarks } from "../../src/chart/describe";
import { Legend } from "../../src/chart/Legend";
import { type Mark, ORDER } from "../../src/chart/marks/mark";
import { type ExportContext, seriesCsv, svgText } from "../../src/explorer/exporting";
import { axes, marksOf, memoAt4, rising } from "./marks/scene";

const context: ExportContext = {
  system: "decnet", title: "DECnet", xLabel: "Link quota", xUnit: "buffers", yLabel: "Throughput", yUnit: "bit/s",
  settings: [], citation: "the memo", url: "http://x/explore/decnet", state: "",
};

/** The export's SVG of a chart with no drawing of its own: the footer's texts, keys first. */
function exportedTexts(marks: Mark[]): string[] {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg") as SVGSVGElement;
  svg.setAttribute("width", "800");
  svg.setAttribute("height", "300");
  // (jsdom's serializer repeats the namespace, which its own parser refuses: read the texts as text)
  return [...svgText(svg, context, marks).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((t) => t[1]);
}

function shown(marks: Mark[]) {
  cleanup();
  // opened as the chart's T key opens it
  render(<><Legend marks={marks} dataset={null} /><DataTable axes={axes} marks={marks} openSignal={1} /></>);
  return {
    legend: Array.from(screen.getByTestId("legend").querySelectorAll("li")).map((li) => li.textContent ?? ""),
    heads: Array.from(screen.getByTestId("chart-table").querySelector("table")!.querySelectorAll("th[scope=col]")).map((th) => th.textContent ?? ""),
    said: describeMarks(marks, axes).join(" "),
    csv: seriesCsv(context, marks).split("\n").filter((l) => l && !l.startsWith("#")).slice(1).map((l) => l.split(",")[0]),
    keys: exportedTexts(marks),
  };
}

afterEach(cleanup);

describe("one list of marks", () => {
  const series = [{ label: "NI", points: rising.map((p) => ({ x: p.x, y: p.y / 2 })) }];
  const marks = marksOf({
    curveLabel: "CI", per: { knob: "Circuit", series }, memo: [memoAt4],
    baseline: { knobs: {}, points: rising.map((p) => ({ x: p.x, y: p.y * 0.9 })), at: null },
    band: rising.map((p) => ({ x: p.x, y0: p.y * 0.8, y1: p.y * 1.2 })), bandNames: ["Copy cost"],
    own: { points: [{ x: 4, y: 410, line: 2 }], elsewhere: 0 },
  });

  it("the legend, the table, the description, the CSV and the export's keys list the same curves and points", () => {
    const s = shown(marks);
    expect(s.legend.slice(0, 4)).toEqual(["model: CI", "model: NI", "your measurements (1 on this chart)", "baseline (dashed; square at its own setting): same settings as now"]);
    expect(s.heads).toEqual([
      "Link quota (buffers)", "Throughput, this setting (bit/s)", "Throughput, NI (bit/s)", "Throughput, baseline (bit/s)",
      "Range left open: low (bit/s)", "Range left open: high (bit/s)", "What limits it",
    ]);
    expect(s.said).toContain("One curve per circuit: CI, NI.");
    expect(s.said).toContain("pinned baseline");
    expect(s.said).toContain("The memo gives one measurement");
    expect([...new Set(s.csv)]).toEqual(["model: CI", "model: NI", "baseline", "band low", "band high", "memo", "your measurement"]);
    expect(s.keys.filter((t) => t.startsWith("model") || ["baseline", "memo measurement", "your measurement", "range the memo leaves open"].includes(t)))
      .toEqual(["model: CI", "model: NI", "baseline", "memo measurement", "your measurement", "range the memo leaves open"]);
  });

  it("a new mark is one object: every view of the chart lists it", () => {
    const target: Mark = {
      id: "target",
      legend: [{ at: ORDER.legend.capacity, keys: ["limit"], text: "the service target" }],
      sentences: [{ at: ORDER.said.capacity, text: "The service target is 500 bit/s." }],
      columns: [{ at: ORDER.column.band, head: "Target (bit/s)", cell: () => "500", num: true }],
      csv: { at: ORDER.csv.capacity, rows: [["target", 2, 500, "", "", ""]] },
      exportKey: [{ at: ORDER.exportKey.capacity, label: "service target", colour: "#000" }],
    };
    const s = shown([...marks, target]);
    expect(s.legend).toContain("the service target");
    expect(s.heads).toContain("Target (bit/s)");
    expect(s.said).toContain("The service target is 500 bit/s.");
    expect(s.csv).toContain("target");
    expect(s.keys).toContain("service target");
  });
});
