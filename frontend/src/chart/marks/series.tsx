// Other curves beside the model's: "one curve per" a choice knob's other values (described after
// the model's curve), or the memo's calibration beside a user's own fit. Each in its own colour,
// labelled at its end, a column of the table and a key of its own.
import { formatValue, withUnit } from "../../format";
import { valueAt } from "../curves";
import type { NamedSeries } from "../readout";
import { curveObstacles } from "../labels";
import { seriesColour } from "../theme";
import { type Axes, type CsvRow, finite, type Mark, ORDER } from "./mark";
import { lower, shape } from "./shape";

export interface Series {
  id: string;
  series: NamedSeries[];
  /** the first curve's colour among the chart's series (they take the colours in turn) */
  from?: number;
  /** one curve per this knob: the model curve's label, and the curves described after it */
  per?: { knob: string; curveLabel: string };
}

export function seriesMark(a: Axes, s: Series): Mark {
  const from = s.from ?? 0;
  const colour = (k: number) => seriesColour(from + k);
  const y = (v: number) => formatValue(v, a.yUnit);
  const described = s.per ? s.series.filter((c) => c.points.some(finite)) : [];
  return {
    id: s.id,
    draw: {
      plot: (f) => s.series.map((c, k) => (
        <g key={`${s.id}:${c.label}`} data-testid="series-curve" data-label={c.label} className="series">
          <path className="series-curve" d={f.g.linePath(c.points)} stroke={colour(k)} />
        </g>
      )),
    },
    ys: s.series.flatMap((c) => c.points.map((p) => p.y)),
    obstacles: (f) => ({ segments: s.series.flatMap((c) => curveObstacles(f.g, c.points).segments ?? []) }),
    endLabels: s.series.map((c, k) => ({ text: c.label, points: c.points, colour: colour(k) })),
    lines: s.series.map((c) => ({ label: c.label, points: c.points })),
    legend: s.series.map((c, k) => ({ at: ORDER.legend.series, keys: ["series"], colour: colour(k), testId: "legend-series", text: `model: ${c.label}` })),
    exportKey: s.series.map((c, k) => ({ at: ORDER.exportKey.series, label: `model: ${c.label}`, colour: colour(k) })),
    sentences: s.per && described.length
      ? [
          { at: ORDER.said.per, text: `One curve per ${s.per.knob.toLowerCase()}: ${[s.per.curveLabel, ...described.map((c) => c.label)].join(", ")}. First the ${s.per.curveLabel} curve (the current setting).` },
          ...described.map((c) => ({ at: ORDER.said.others, text: `The ${c.label} curve: ${lower(shape(c.points.filter(finite), a.xText, y))}` })),
        ]
      : [],
    columns: s.series.map((c) => ({ at: ORDER.column.series, head: withUnit(`${a.yLabel}, ${c.label}`, a.yUnit), cell: (p) => formatValue(valueAt(c.points, p.x), ""), num: true })),
    csv: { at: ORDER.csv.series, rows: s.series.flatMap((c) => c.points.map((p): CsvRow => [`model: ${c.label}`, p.x, p.y, p.bottleneck ?? "", "", ""])) },
  };
}
