// The user's own measurements on this chart: squares (the memo's are dots), each named with its
// value and its table's line; a legend line that counts them, a key and a CSV row each.
import { formatValue } from "../../format";
import { dotBox } from "../labels";
import { THEME } from "../theme";
import { type Axes, type CsvRow, type Mark, ORDER } from "./mark";

/** One of the user's own measurements on the chart: where it sits, and its table line. */
export interface OwnPoint {
  x: number;
  y: number;
  line: number;
}

/** `elsewhere`: how many of the table's rows were measured at other settings (null: no table). */
export function ownMark(a: Axes, points: OwnPoint[], elsewhere: number | null): Mark {
  return {
    id: "own",
    draw: {
      top: (f) => (
        <g key="own" className="own-points">
          {points.map((p) => (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG rect is not interactive; as an image it is read as its value
            <rect key={p.line} data-testid="own-data-point" className="own-point" x={f.g.x(p.x) - 5} y={f.g.y(p.y) - 5} width={10} height={10}
              role="img" aria-label={`Your measurement (line ${p.line}): ${formatValue(p.y, a.yUnit)} at ${a.xLabel} ${a.xText(p.x)}`}>
              <title>{`Your measurement, line ${p.line}: ${formatValue(p.y, a.yUnit)} at ${a.xText(p.x)}`}</title>
            </rect>
          ))}
        </g>
      ),
    },
    ys: points.map((p) => p.y),
    obstacles: (f) => ({ boxes: points.map((p) => dotBox(f.g.x(p.x), f.g.y(p.y), 6)) }),
    legend: elsewhere === null
      ? []
      : [{ at: ORDER.legend.own, keys: ["own"], testId: "legend-own", text: `your measurements (${points.length} on this chart${elsewhere ? `; ${elsewhere} measured at other settings` : ""})` }],
    exportKey: points.length ? [{ at: ORDER.exportKey.own, label: "your measurement", colour: THEME.own, shape: "square" }] : [],
    csv: { at: ORDER.csv.own, rows: points.map((o): CsvRow => ["your measurement", o.x, o.y, "", "", `your table, line ${o.line}`]) },
  };
}
