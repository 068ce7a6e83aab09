// The textbook's two bounds, drawn once for every curve of the atlas (perfmodels/atlas.py): scaled
// by its knee and its capacity, each system's light-load bound is y = x and its capacity y = 1,
// meeting at the knee, x = 1. Their points at each power of two are the chart's main line: the
// reader starts on it and the data table's rows are its points, each system's curve a column.
import type { SeriesPoint } from "../geometry";
import { curveObstacles, dotBox, type LabelWant, spotsAlong, spotsAround } from "../labels";
import { Label } from "./label";
import { type Axes, type CsvRow, type Mark, ORDER } from "./mark";

/** The bound min(x, 1) at each power of two across the x axis (the table's rows). */
export function octaves([lo, hi]: [number, number]): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  for (let e = Math.ceil(Math.log2(lo)); 2 ** e <= hi; e++) out.push({ x: 2 ** e, y: Math.min(2 ** e, 1) });
  return out;
}

/** y = x finely from lo to the knee (it bends on a logarithmic x), eight points an octave. */
const rising = (lo: number): SeriesPoint[] => {
  const n = Math.max(1, Math.ceil(-Math.log2(lo) * 8));
  return Array.from({ length: n + 1 }, (_, i) => 2 ** (Math.log2(lo) * (1 - i / n))).map((x) => ({ x, y: x }));
};

export function asymptotesMark(a: Axes, systems: number): Mark {
  const rows = octaves(a.xDomain);
  const light = rising(a.xDomain[0]);
  const cap = [{ x: 1, y: 1 }, { x: a.xDomain[1], y: 1 }];
  const drawn = [...light, ...cap];
  return {
    id: "asymptotes",
    draw: {
      plot: (f) => (
        <g key="asymptotes" className="bounds" data-testid="atlas-asymptotes">
          <path className="bound-line bound-asymptotic" d={f.g.linePath(light)} clipPath={`url(#${f.plotClip})`} />
          <path className="bound-line bound-asymptotic" d={f.g.linePath(cap)} clipPath={`url(#${f.plotClip})`} />
          <g className="knee-point"><path d={`M${f.g.x(1)},${f.g.y(1) - 6}l6,6l-6,6l-6,-6z`} /></g>
          <Label f={f} id="atlas-light" className="bound-label" />
          <Label f={f} id="atlas-cap" className="bound-label" />
          <Label f={f} id="atlas-knee" className="knee-label" />
        </g>
      ),
    },
    ys: [0, 1],
    labels: (f): LabelWant[] => {
      const px = f.large ? 18 : 11;
      const at = (pts: SeriesPoint[]) => pts.map((p) => ({ x: f.g.x(p.x), y: f.g.y(p.y) }));
      return [
        { id: "atlas-knee", rank: 1, px, texts: ["knee: x = 1"], spots: spotsAround(f.g.x(1), f.g.y(1), px, 10) },
        { id: "atlas-cap", rank: 4, px, texts: ["y = 1: the capacity", "y = 1"], spots: spotsAlong(at(cap), px) },
        { id: "atlas-light", rank: 4, px, texts: ["y = x: light load", "y = x"], spots: spotsAlong(at(light), px) },
      ];
    },
    obstacles: (f) => ({ ...curveObstacles(f.g, drawn), boxes: [dotBox(f.g.x(1), f.g.y(1), 6)] }),
    lines: [{ label: "Textbook bound", points: rows, main: true }],
    // the reader starts at the knee
    now: 1,
    legend: [{
      at: ORDER.legend.bounds,
      keys: ["bound bound-asymptotic"],
      testId: "legend-bound",
      text: "the textbook bounds, the same for every system once scaled: throughput grows at most in proportion to the load (y = x) and never passes its bound (y = 1); they meet at the knee, x = 1",
    }],
    sentences: [
      { at: ORDER.said.what, text: `${systems} systems on one chart: ${a.yLabel.toLowerCase()} against ${a.xLabel.toLowerCase()}, both without units, x on a logarithmic scale from ${a.xText(a.xDomain[0])} to ${a.xText(a.xDomain[1])}.` },
      { at: ORDER.said.bounds, text: "The textbook bounds are the same for every system once scaled: below the knee (x under 1) throughput can grow at most in proportion to the load, y = x; above it, it can at most reach its bound, y = 1. How far a curve stays under the corner at x = 1 is what its queues cost." },
    ],
    columns: [{ at: ORDER.column.model, head: "Textbook bound, min(x, 1)", cell: (p) => p.y.toFixed(3), num: true }],
    csv: { at: ORDER.csv.model, rows: rows.map((p): CsvRow => ["textbook bound", p.x, p.y, "", "", ""]) },
  };
}
