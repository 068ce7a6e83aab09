// A chart's frame for drawing a mark in a test: DECnet's scene (scene.ts) on an 800x380 chart.
import { geometry } from "../../../src/chart/geometry";
import type { Frame } from "../../../src/chart/marks/mark";

export function frameOf(ys: number[] = [0, 1000]): Frame {
  const margin = { top: 28, right: 20, bottom: 48, left: 64 };
  const g = geometry({ width: 800, height: 380, margin, ys, xDomain: [2, 10], xLog: false });
  return { g, margin, width: 800, height: 380, bottom: 332, small: false, large: false, plotClip: "plot", label: () => null };
}
