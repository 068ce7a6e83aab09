// The atlas's curves (perfmodels/atlas.py): each system's main curve made dimensionless, in a
// colour of its own, named on the plot with its capacity (the chart's label layout keeps the
// names apart), and a link to its explorer at the setting drawn: a curve is an SVG link above the
// reader, so a pointer follows it and Tab reaches it. Each is a line the reader steps to (S), a
// column of the table and a sentence of the description.
import { formatValue } from "../../format";
import { valueAt } from "../curves";
import type { SeriesPoint } from "../geometry";
import { curveObstacles, type LabelWant, spotsAlong } from "../labels";
import { atlasColour } from "../theme";
import { Label } from "./label";
import { type Axes, type CsvRow, type Mark, ORDER } from "./mark";
import { shape } from "./shape";

export interface AtlasLine {
  system: string;
  /** its short name on the plot, and the explorer's title */
  name: string;
  title: string;
  /** its explorer at the setting drawn */
  href: string;
  points: SeriesPoint[];
  /** y = 1 and x = 1 in the system's own units ("977 Kbit/s", "link quota 31.8 buffers") */
  capacity: string;
  knee: string;
  /** a cost that grows with the load: the curve falls */
  falls: boolean;
}

const dimensionless = (v: number) => (Number.isFinite(v) ? formatValue(v) : "–");

// A curve runs on another where, over most of its own points, it is within this much of y of it
// everywhere: it is then drawn dashed over the other, so both show.
const NEAR = 0.02;
const MOST = 0.8;

const runsOn = (l: AtlasLine, o: AtlasLine) => {
  const gaps = l.points.map((p) => Math.abs(p.y - valueAt(o.points, p.x))).filter(Number.isFinite);
  return gaps.length >= MOST * l.points.length && gaps.every((g) => g <= NEAR);
};

/** The curve each curve runs on (or null): RSX swap's on AFS's, both a fixed cost added to each
 * unit of work. Of two that run on each other, the later is the one dashed. */
export function coinciding(lines: AtlasLine[]): (AtlasLine | null)[] {
  return lines.map((l, i) => lines.find((o, j) => j !== i && runsOn(l, o) && !(j > i && runsOn(o, l))) ?? null);
}

export function atlasCurvesMark(a: Axes, lines: AtlasLine[]): Mark {
  const px = (f: { large: boolean }) => (f.large ? 18 : 12);
  const on = coinciding(lines);
  const drawOrder = [...lines.keys()].sort((i, j) => Number(on[i] !== null) - Number(on[j] !== null));
  return {
    id: "atlas-curves",
    draw: {
      // a curve that runs on another is drawn after it, so that its dashes show over it
      top: (f) => drawOrder.map((i) => ({ l: lines[i], i })).map(({ l, i }) => (
        // its name begins with the words shown on the plot (a voice user says what they see)
        <a key={l.system} href={l.href} data-testid="atlas-curve" data-system={l.system} className="atlas-link"
          aria-label={`${f.label(`atlas-${l.system}`)?.text ?? `${l.name}: ${l.capacity}`}, ${l.title}, knee at ${l.knee}: open its explorer at this setting`}>
          <path className="atlas-hit" d={f.g.linePath(l.points)} />
          <path className={on[i] ? "atlas-curve dashed" : "atlas-curve"} d={f.g.linePath(l.points)} stroke={atlasColour(i)} />
          <g fill={atlasColour(i)}><Label f={f} id={`atlas-${l.system}`} className="atlas-label" /></g>
        </a>
      )),
    },
    ys: lines.flatMap((l) => l.points.map((p) => p.y)),
    labels: (f) => lines.map((l): LabelWant => ({
      id: `atlas-${l.system}`,
      rank: 2,
      px: px(f),
      weight: 600,
      texts: [`${l.name}: ${l.capacity}`, l.name],
      spots: spotsAlong(l.points.map((p) => ({ x: f.g.x(p.x), y: f.g.y(p.y) })), px(f)),
    })),
    obstacles: (f) => ({ segments: lines.flatMap((l) => curveObstacles(f.g, l.points).segments ?? []) }),
    lines: lines.map((l) => ({ label: l.name, points: l.points })),
    sentences: lines.map((l, i) => ({ at: ORDER.said.others, text: `${said(l, a)}${on[i] ? ` It runs on ${on[i]?.name}'s curve (drawn dashed over it).` : ""}` })),
    columns: lines.map((l) => ({ at: ORDER.column.series, head: l.name, cell: (p) => dimensionless(valueAt(l.points, p.x)), num: true })),
    csv: { at: ORDER.csv.series, rows: lines.flatMap((l) => l.points.map((p): CsvRow => [l.name, p.x, p.y, "", "", ""])) },
  };
}

/** One curve in words: what it is, where its knee and capacity lie, its shape, its value at the knee. */
function said(l: AtlasLine, a: Axes): string {
  const pts = l.points.filter((p) => Number.isFinite(p.y));
  if (!pts.length) return `${l.name}: the model gives no value here.`;
  const atKnee = valueAt(pts, 1);
  const knee = Number.isFinite(atKnee) ? ` At its knee it is at ${dimensionless(atKnee)} of its bound.` : "";
  const falls = l.falls ? " A cost that grows with the load: its rate falls, under y = 1 and towards y = 1/x." : "";
  return `${l.name} (${l.title}): knee at ${l.knee}, capacity ${l.capacity}. ${shape(pts, a.xText, dimensionless)}${knee}${falls}`;
}
