// A chart's scene for the marks' tests: DECnet's axes in words, a rising curve that flattens,
// and the explorer's chart of it (explorer/explorerMarks.ts) with anything the test sets.
import type { Axes } from "../../../src/chart/marks/mark";
import { type ExplorerChart, explorerMarks } from "../../../src/explorer/explorerMarks";
import { formatValue } from "../../../src/format";

export const axes: Axes = {
  xLabel: "Link quota",
  xUnit: "buffers",
  xText: (v) => formatValue(v, "buffers"),
  yLabel: "Throughput",
  yUnit: "bit/s",
  xDomain: [2, 10],
  xLog: false,
};

// a rise that flattens: slope 100, 100, 40, 10 per buffer
export const rising = [
  { x: 2, y: 200 },
  { x: 4, y: 400 },
  { x: 6, y: 600, bottleneck: "link quota" },
  { x: 8, y: 680, bottleneck: "sending CPU" },
  { x: 10, y: 700, bottleneck: "sending CPU" },
];

export const memoAt4 = { x: 4, y: 500, printed: "500", citation: "Table 2, row 4", exact: true, differs: [] };

export function chart(c: Partial<ExplorerChart> = {}): ExplorerChart {
  return {
    curve: rising, curveLabel: null, fitted: false, band: [], bandNames: [], limit: [], knee: null, saturation: null, bounds: null, per: null,
    calibration: [], baseline: null, original: null, knobs: [], values: {}, currentX: 4, currentY: 400, memo: [], own: { points: [], elsewhere: null },
    outside: { points: [], elsewhere: null }, simulated: null, ...c,
  };
}

export const marksOf = (c: Partial<ExplorerChart> = {}) => explorerMarks(axes, chart(c));
