// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { classSketchMark } from "../../../src/chart/marks/classSketch";
import { sampleStroke, sketchMark } from "../../../src/chart/marks/sketch";
import { frameOf } from "./frame";
import { axes } from "./scene";

afterEach(cleanup);
const ui = { tip: () => undefined };

describe("a stroke read at the sketch's x values", () => {
  it("gives the stroke's height where it passes each, the last pass winning", () => {
    // down from (0, 100) to (100, 0): straight between its points
    expect(sampleStroke([[0, 100], [100, 0]], [0, 50, 100, 150], 10)).toEqual([100, 50, 0, null]);
    // over x = 50 three times: at 80, back at 50, and last from (0, 20) to (100, 60), at 40
    expect(sampleStroke([[0, 80], [100, 80], [0, 20], [100, 60]], [50], 10)).toEqual([40]);
  });
  it("a tap or a stroke ending just short sets the point nearest to it, within the snap", () => {
    expect(sampleStroke([[52, 30]], [50, 100], 10)).toEqual([30, null]);
    expect(sampleStroke([[10, 5], [45, 25]], [50], 10)).toEqual([25]);
    expect(sampleStroke([[10, 5], [35, 25]], [50], 10)).toEqual([null]);
  });
});

describe("a learner's sketch", () => {
  it("takes the pointer only while it may change, and is in the lesson's legend", () => {
    expect(sketchMark({ xs: [2, 4, 6], ys: [1, 2, 3], onChange: () => undefined }).grabs).toBe(true);
    const done = sketchMark({ xs: [2, 4, 6], ys: [1, 2, 3] });
    expect(done.grabs).toBe(false);
    expect(done.brief?.map((l) => l.text)).toEqual(["your sketch, read at the dotted lines"]);
  });
  it("draws a dot at each point set and a line through them; the drawing area and guides only while open", () => {
    const f = frameOf();
    const open = render(<svg aria-label="chart">{sketchMark({ xs: [2, 4, 6], ys: [100, Number.NaN, 300], onChange: () => undefined }).draw?.top?.(f, ui)}</svg>);
    expect(open.getAllByTestId("sketch-point").map((c) => [c.getAttribute("data-x"), c.getAttribute("data-y")])).toEqual([["2", "100"], ["6", "300"]]);
    expect(open.getByTestId("sketch-line").getAttribute("d")).toBe(`M${f.g.x(2)},${f.g.y(100)}L${f.g.x(6)},${f.g.y(300)}`);
    expect(open.getByTestId("sketch-area")).toBeTruthy();
    expect(open.container.querySelectorAll(".sketch-guide")).toHaveLength(3);
    cleanup();
    const done = render(<svg aria-label="chart">{sketchMark({ xs: [2, 4, 6], ys: [100, 200, 300] }).draw?.top?.(f, ui)}</svg>);
    expect(done.queryByTestId("sketch-area")).toBeNull();
    expect(done.container.querySelectorAll(".sketch-guide")).toHaveLength(0);
  });
});

describe("a class's sketches", () => {
  const c = { xs: [2, 6, 10], median: [200, 500, 600], low: [100, 400, 550], high: [300, 650, 700], count: 7 };
  it("draw the middle half as a band and the median as a line with a dot at each x", () => {
    const f = frameOf();
    const m = classSketchMark(axes, c);
    const drawn = render(<svg aria-label="chart">{m.draw?.plot?.(f, ui)}</svg>);
    expect(drawn.getByTestId("class-sketch-band").getAttribute("d")).toBe(f.g.areaPath(c.xs.map((x, i) => ({ x, y0: c.low[i], y1: c.high[i] }))));
    expect(drawn.getByTestId("class-sketch-median").getAttribute("d")).toBe(f.g.linePath(c.xs.map((x, i) => ({ x, y: c.median[i] }))));
    expect(drawn.getAllByTestId("class-sketch-point").map((p) => Number(p.getAttribute("data-y")))).toEqual(c.median);
    expect(m.ys).toEqual(c.high);
    // labels keep off the whole band: four boxes along each of its two intervals
    expect(m.obstacles?.(f).boxes).toHaveLength(8);
  });
  it("say the same in the legend, the description, a table and the CSV", () => {
    const m = classSketchMark(axes, c);
    expect(m.brief?.map((l) => l.text)).toEqual(["the class's 7 sketches: their median (line), and the middle half of them (shaded)"]);
    expect(m.sentences?.[0].text).toMatch(/^The class's 7 sketches: at 2 buffers a median of 200 bit\/s, the middle half from 100 bit\/s to 300 bit\/s; /);
    expect(m.table?.rows.map((r) => r.cells.map((cell) => cell.text))).toEqual([["2 buffers", "100", "200", "300"], ["6 buffers", "400", "500", "650"], ["10 buffers", "550", "600", "700"]]);
    expect(m.csv?.rows.filter((r) => r[0] === "class sketch median").map((r) => [r[1], r[2]])).toEqual([[2, 200], [6, 500], [10, 600]]);
  });
  it("draw nothing and say nothing before anyone sketched", () => {
    const m = classSketchMark(axes, { ...c, count: 0 });
    expect([m.brief, m.sentences, m.table, m.csv?.rows]).toEqual([[], [], undefined, []]);
  });
});
