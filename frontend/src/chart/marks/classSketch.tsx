// A class's sketches of the whole curve, once revealed (a live class's `predict: curve` step):
// their median at each of the question's x values, as a line with dots, over the middle half
// of the class (from the 25th to the 75th percentile at each x) as a shaded band. Also in words,
// as a table of its own and as CSV rows.
import { formatValue, withUnit } from "../../format";
import type { BandPoint } from "../geometry";
import { bandBoxes } from "./band";
import { type CsvRow, type Mark, ORDER } from "./mark";

export interface ClassSketch {
  xs: number[];
  median: number[];
  low: number[];
  high: number[];
  /** how many sketched */
  count: number;
}

export function classSketchMark(a: { yUnit: string; xText: (v: number) => string }, c: ClassSketch): Mark {
  const band: BandPoint[] = c.xs.map((x, i) => ({ x, y0: c.low[i], y1: c.high[i] }));
  const line = c.xs.map((x, i) => ({ x, y: c.median[i] }));
  const shown = c.count > 0 && c.median.every(Number.isFinite);
  const v = (y: number) => formatValue(y, a.yUnit);
  const rows = (name: string, ys: number[]) => c.xs.map((x, i): CsvRow => [name, x, ys[i], "", "", ""]);
  return {
    id: "class-sketch",
    draw: {
      plot: (f) => shown && (
        <g key="class-sketch" data-testid="class-sketch" className="class-sketch" data-count={c.count}>
          <path className="class-sketch-band" data-testid="class-sketch-band" data-low={c.low.join(";")} data-high={c.high.join(";")} d={f.g.areaPath(band)} />
          <path className="class-sketch-median" data-testid="class-sketch-median" d={f.g.linePath(line)} />
          {line.map((p) => (
            <circle key={p.x} className="class-sketch-point" data-testid="class-sketch-point" data-x={p.x} data-y={p.y} cx={f.g.x(p.x)} cy={f.g.y(p.y)} r={f.small ? 4 : 5} />
          ))}
        </g>
      ),
    },
    ys: shown ? c.high : [],
    // labels keep off the band (and so off the median inside it)
    obstacles: (f) => ({ boxes: shown ? bandBoxes(f, band) : [] }),
    brief: shown ? [{ at: ORDER.brief.classSketch, keys: ["class-sketch"], text: `the class's ${c.count} sketches: their median (line), and the middle half of them (shaded)` }] : [],
    sentences: shown
      ? [{ at: ORDER.said.classSketch, text: `The class's ${c.count} sketches: ${c.xs.map((x, i) => `at ${a.xText(x)} a median of ${v(c.median[i])}, the middle half from ${v(c.low[i])} to ${v(c.high[i])}`).join("; ")}.` }]
      : [],
    table: shown
      ? {
          caption: `The class's ${c.count} sketches at each point`,
          testId: "class-sketch-table",
          head: ["At", withUnit("A quarter drew below", a.yUnit), withUnit("Median", a.yUnit), withUnit("A quarter drew above", a.yUnit)],
          rows: c.xs.map((x, i) => ({ key: String(x), cells: [{ text: a.xText(x) }, { text: formatValue(c.low[i], ""), num: true }, { text: formatValue(c.median[i], ""), num: true }, { text: formatValue(c.high[i], ""), num: true }] })),
        }
      : undefined,
    csv: { at: ORDER.csv.classSketch, rows: shown ? [...rows("class sketch 25 %", c.low), ...rows("class sketch median", c.median), ...rows("class sketch 75 %", c.high)] : [] },
  };
}
