// Other studies' measurements at the setting on screen (outsidePoints.ts): a triangle each (the
// memo's are dots, the user's squares), each focusable with its source; in the legend with how
// many more were measured elsewhere, in words, in the export's key and in the CSV.
import { formatValue } from "../../format";
import { dotBox } from "../labels";
import type { OutsidePoint } from "../outsidePoints";
import { THEME } from "../theme";
import { type Axes, type CsvRow, type Mark, ORDER } from "./mark";

const triangle = (cx: number, cy: number, r: number) => `M${cx},${cy - r} L${cx + r},${cy + r * 0.8} L${cx - r},${cy + r * 0.8} Z`;

/** `elsewhere`: the system's other outside rows (at other settings); null: it has none at all. */
export function outsideMark(a: Axes, points: OutsidePoint[], elsewhere: number | null): Mark {
  const name = (p: OutsidePoint) => `Measured by ${p.study}: ${formatValue(p.y, a.yUnit)} at ${a.xLabel} ${a.xText(p.x)} (${p.locator})`;
  return {
    id: "outside",
    draw: {
      top: (f) => (
        <g key="outside" className="outside-points">
          {points.map((p) => (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG path is not interactive; as an image it is read as its value
            <path key={`${p.x}|${p.y}|${p.locator}`} data-testid="outside-point" className="outside-point" d={triangle(f.g.x(p.x), f.g.y(p.y), 7)}
              role="img" tabIndex={0} aria-label={name(p)}>
              <title>{name(p)}</title>
            </path>
          ))}
        </g>
      ),
    },
    ys: points.map((p) => p.y),
    obstacles: (f) => ({ boxes: points.map((p) => dotBox(f.g.x(p.x), f.g.y(p.y), 8)) }),
    legend: elsewhere === null
      ? []
      : [{ at: ORDER.legend.outside, keys: ["outside"], testId: "legend-outside",
        text: `measured by other studies, never used to fit the model (${points.length} at this setting${elsewhere ? `; ${elsewhere} at others` : ""})` }],
    exportKey: points.length ? [{ at: ORDER.exportKey.outside, label: "measured by another study", colour: THEME.outside, shape: "triangle" }] : [],
    sentences: points.length
      ? [{ at: ORDER.said.outside, text: `Other studies measured ${points.length} point${points.length > 1 ? "s" : ""} at this setting, which the model never saw: ${points.map((p) => `${formatValue(p.y, a.yUnit)} at ${a.xText(p.x)} (${p.study})`).join("; ")}.` }]
      : [],
    csv: { at: ORDER.csv.outside, rows: points.map((p): CsvRow => ["other study", p.x, p.y, "", "", `${p.study}, ${p.locator}`]) },
  };
}
