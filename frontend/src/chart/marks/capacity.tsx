// What the resource behind the y metric can carry, along x: a dashed line with its value, drawn
// while it is within reach of the curve (curves.ts drawnLimit); said when the curve stays below it.
import { formatValue } from "../../format";
import { drawnLimit, type SaturationPoint } from "../curves";
import type { SeriesPoint } from "../geometry";
import { curveObstacles, spotsAlong } from "../labels";
import { THEME } from "../theme";
import { Label } from "./label";
import { type Axes, type CsvRow, finite, type Mark, ORDER } from "./mark";

export interface Capacity {
  limit: SeriesPoint[];
  /** the model's curve: the line is drawn only within reach of its top */
  curve: SeriesPoint[];
  /** where a resource saturates along the axis (curves.ts saturationOf): then it, not this, is said */
  saturation: SaturationPoint | null;
}

/** The capacity's points the chart draws, for a curve. */
export const drawnCapacity = (limit: SeriesPoint[], curve: SeriesPoint[]) =>
  drawnLimit(limit, Math.max(0, ...curve.map((p) => p.y).filter(Number.isFinite)));

export function capacityMark(a: Axes, c: Capacity): Mark {
  const drawn = drawnCapacity(c.limit, c.curve);
  const sat = c.saturation;
  const cap = c.limit.filter(finite);
  const last = drawn[drawn.length - 1];
  return {
    id: "capacity",
    draw: {
      plot: (f) => drawn.length >= 2 && (
        <g key="capacity" data-testid="limit-line" className="limit">
          <path className="limit-line" d={f.g.linePath(drawn)} />
          <Label f={f} id="capacity" className="limit-label" />
        </g>
      ),
    },
    ys: drawn.map((p) => p.y),
    obstacles: (f) => curveObstacles(f.g, drawn),
    labels: (f) => drawn.length >= 2
      ? [{ id: "capacity", rank: 3, px: f.large ? 18 : 12.8, texts: [`capacity ${formatValue(last.y, a.yUnit)}`, "capacity"], spots: spotsAlong(drawn.map((p) => ({ x: f.g.x(p.x), y: f.g.y(p.y) })), f.large ? 18 : 12.8) }]
      : [],
    legend: drawn.length > 1
      ? [{ at: ORDER.legend.capacity, keys: ["limit"], text: "capacity" }]
      : [],
    brief: drawn.length > 1 ? [{ at: ORDER.brief.capacity, keys: ["limit"], text: "capacity" }] : [],
    exportKey: drawn.length >= 2 ? [{ at: ORDER.exportKey.capacity, label: "capacity", colour: THEME.limit, dashed: true }] : [],
    sentences: !sat && cap.length ? [{ at: ORDER.said.capacity, text: `Its capacity is ${formatValue(cap[cap.length - 1].y, a.yUnit)}; the curve stays below it here.` }] : [],
    csv: { at: ORDER.csv.capacity, rows: c.limit.map((p): CsvRow => ["capacity", p.x, p.y, "", "", ""]) },
  };
}
