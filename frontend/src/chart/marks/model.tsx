// The model's curve: the chart's main line (the reader starts on it, the table's rows are its
// points, the sound plays it), named "model" or after the setting it is drawn for.
import { curveObstacles } from "../labels";
import { formatValue, withUnit } from "../../format";
import type { SeriesPoint } from "../geometry";
import { THEME } from "../theme";
import { type Axes, type CsvRow, finite, type Mark, ORDER } from "./mark";
import { shape } from "./shape";

export interface ModelCurve {
  points: SeriesPoint[];
  /** its name beside other curves (a choice's value, "your fit") */
  label?: string | null;
  /** the user's own fit, not the memo's calibration (test id fitted-curve) */
  fitted?: boolean;
  /** other curves are drawn beside it: it is labelled at its end, and its column says so */
  beside?: boolean;
}

export function modelMark(a: Axes, c: ModelCurve): Mark {
  const { points, label } = c;
  const name = label ? `model: ${label}` : "model";
  const pts = points.filter(finite);
  const y = (v: number) => formatValue(v, a.yUnit);
  return {
    id: "model",
    draw: {
      plot: (f) => (
        <path key="model" data-testid={c.fitted ? "fitted-curve" : "model-curve"} className={c.fitted ? "model-curve fitted" : "model-curve"}
          d={f.g.linePath(points)} data-points={points.length} />
      ),
    },
    ys: points.map((p) => p.y),
    obstacles: (f) => curveObstacles(f.g, points),
    endLabels: c.beside && label ? [{ text: label, points }] : [],
    lines: [{ label: label ?? "This setting", points, main: true }],
    legend: [{ at: ORDER.legend.model, keys: ["curve"], text: name }],
    brief: points.length ? [{ at: ORDER.brief.model, keys: ["curve"], text: "model" }] : [],
    exportKey: pts.length ? [{ at: ORDER.exportKey.model, label: name, colour: THEME.curve }] : [],
    sentences: pts.length
      ? [
          { at: ORDER.said.what, text: `${a.yLabel} against ${a.xLabel}, from ${a.xText(pts[0].x)} to ${a.xText(pts[pts.length - 1].x)}.` },
          { at: ORDER.said.shape, text: shape(pts, a.xText, y) },
        ]
      : [],
    columns: [{ at: ORDER.column.model, head: withUnit(c.beside ? `${a.yLabel}, this setting` : a.yLabel, a.yUnit), cell: (p) => formatValue(p.y, ""), num: true }],
    csv: { at: ORDER.csv.model, rows: points.map((p): CsvRow => [name, p.x, p.y, p.bottleneck ?? "", "", ""]) },
  };
}
