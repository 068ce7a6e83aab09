// @vitest-environment jsdom
// An exported image's key draws each mark as the chart does: the memo's measurements a dot, the
// user's own a square, another study's a triangle, the model a line.
import { describe, expect, it } from "vitest";
import { memoMark } from "../../src/chart/marks/memo";
import { svgText } from "../../src/explorer/exporting";
import { axes, rising } from "../chart/marks/scene";

const context = {
  system: "decnet", title: "DECnet link", xLabel: "Link quota", xUnit: "buffers", yLabel: "Throughput", yUnit: "bit/s",
  settings: ["Circuit CI"], citation: "A memo", url: "http://x/explore/decnet", state: "circuit=CI",
};

describe("the exported key", () => {
  it("draws the memo's measurement as a dot, as the chart does, not a line", () => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("width", "640");
    svg.setAttribute("height", "300");
    const memo = [{ x: 16, y: 460_000, citation: "A memo", exact: true }];
    const marks = [memoMark(axes, memo as never, rising)];
    const doc = new DOMParser().parseFromString(svgText(svg as SVGSVGElement, context, marks), "text/html");
    const key = doc.querySelector("[data-key=dot]");
    expect(key?.tagName.toLowerCase()).toBe("circle");
    expect(key?.getAttribute("fill")).not.toBe("none");
    expect(doc.querySelectorAll("line")).toHaveLength(0);
  });
});
