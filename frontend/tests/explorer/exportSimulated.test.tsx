// @vitest-environment jsdom
// A simulation run on the explorer travels with the view: the CSV, the SVG (and so the PNG drawn
// from it), the chart's description and its data table carry the simulated points, their 95 %
// intervals and the spread of service times they were drawn with; before a run, none of them do.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DataTable } from "../../src/chart/DataTable";
import { describeMarks } from "../../src/chart/describe";
import type { SimulatedView } from "../../src/chart/marks/simulated";
import { type ExportContext, seriesCsv, svgText } from "../../src/explorer/exporting";
import { axes, marksOf, rising } from "../chart/marks/scene";

afterEach(cleanup);

const context: ExportContext = {
  system: "decnet", title: "DECnet link", xLabel: "Link quota", xUnit: "buffers", yLabel: "Throughput", yUnit: "bit/s",
  settings: ["Circuit CI"], citation: "A memo", url: "http://x/explore/decnet", state: "circuit=CI",
};

const simulated: SimulatedView = {
  points: [
    { x: 4, mean: 430, low: 425, high: 435, model: 400 },
    { x: 8, mean: 660, low: 650, high: 670, model: 680 },
  ],
  drew: "constant service times",
  sentence: "Throughput simulated with constant service times parts from the model most at link quota 4 buffers, 7.5 % above.",
  seed: 7,
};

const withRun = () => marksOf({ curve: rising, simulated });
const without = () => marksOf({ curve: rising });

// (jsdom writes xmlns twice, which its XML parser refuses: read as HTML, as exporting.test.ts does)
const parse = (doc: string) => new DOMParser().parseFromString(doc, "text/html");

function chartSvg() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("width", "640");
  svg.setAttribute("height", "300");
  return svg as SVGSVGElement;
}

describe("a simulated run in the explorer's exports", () => {
  it("the CSV has each point's mean and interval ends, and says in its header what was drawn and the seed", () => {
    const lines = seriesCsv(context, withRun()).trim().split("\n");
    const rows = lines.filter((l) => l.startsWith("simulation"));
    expect(rows).toEqual([
      "simulation (constant service times) mean,4,430,,,Memo Lab's simulation (seed 7)",
      "simulation (constant service times) 95 % low,4,425,,,",
      "simulation (constant service times) 95 % high,4,435,,,",
      "simulation (constant service times) mean,8,660,,,Memo Lab's simulation (seed 7)",
      "simulation (constant service times) 95 % low,8,650,,,",
      "simulation (constant service times) 95 % high,8,670,,,",
    ]);
    const note = lines.find((l) => l.startsWith("# Simulated"));
    expect(note).toContain("constant service times");
    expect(note).toContain("seed 7");
    expect(note).toContain("95 % interval");
    // the note sits in the header, before the column names
    expect(lines.indexOf(note!)).toBeLessThan(lines.findIndex((l) => l.startsWith("series,")));
  });

  it("the CSV of a view with no run says nothing of a simulation", () => {
    expect(seriesCsv(context, without())).not.toMatch(/simulat/i);
  });

  it("the SVG's legend explains the mark with its own shape (a diamond on its interval), and its foot says how it was made", () => {
    const doc = parse(svgText(chartSvg(), context, withRun()));
    const texts = [...doc.querySelectorAll("text")].map((t) => t.textContent ?? "");
    expect(texts).toContain("simulation (constant service times): mean and 95 % interval");
    const diamond = doc.querySelector("[data-key=simulated]");
    expect(diamond?.tagName).toBe("path");
    // the key's three interval strokes beside its diamond, all in the simulated mark's colour
    const colour = diamond?.getAttribute("fill");
    const strokes = [...doc.querySelectorAll("line")].filter((l) => l.getAttribute("stroke") === colour);
    expect(strokes).toHaveLength(3);
    expect(texts.join(" ")).toMatch(/Simulated, not measured: constant service times, seed 7/);
  });

  it("the SVG of a view with no run has no simulated key", () => {
    const doc = parse(svgText(chartSvg(), context, without()));
    expect(doc.querySelector("[data-key=simulated]")).toBeNull();
    expect(doc.body.textContent).not.toMatch(/simulat/i);
  });

  it("the description says where the simulation parts from the model", () => {
    const said = describeMarks(withRun(), axes);
    expect(said).toContain(simulated.sentence);
    expect(describeMarks(without(), axes).join(" ")).not.toMatch(/simulat/i);
  });

  it("the data table lists each simulated point with its interval, the model there and the run's spread and seed", () => {
    const r = render(<DataTable axes={axes} marks={withRun()} openSignal={1} />);
    const table = r.getByTestId("simulated-table");
    expect(table.querySelector("caption")?.textContent).toBe("Simulated points (constant service times, seed 7)");
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ["4 buffers", "430", "425 to 435", "400", "+7.5 %"],
      ["8 buffers", "660", "650 to 670", "680", "\u22122.9 %"],
    ]);
    cleanup();
    const bare = render(<DataTable axes={axes} marks={without()} openSignal={1} />);
    expect(bare.queryByTestId("simulated-table")).toBeNull();
  });
});
