// The textbook bounds on the y metric (curves.ts boundsOf): a network's asymptotic (solid) and
// balanced job (dashed) bounds, an open path's each term alone (dotted, named at its right end
// when that end is inside the plot), and the knee N* where the asymptotes meet. The reader gives
// them at its x; the description says where the knee is and what they allow at the knob.
import { formatValue } from "../../format";
import { boundsAt, type BoundView, type KneeView } from "../curves";
import { curveObstacles, dotBox, type LabelWant, spotsAlong, spotsAround } from "../labels";
import { boundText } from "../readout";
import { Label } from "./label";
import { type Axes, type LegendLine, type Mark, ORDER, type Said } from "./mark";

export interface Bounds {
  lines: BoundView[];
  knee: KneeView | null;
  /** the knob's value along x: what the bounds allow there is said */
  currentX: number;
  /** the knee mark (knee.tsx) names N* on the curve already: the corner's words are not said twice */
  kneeMarked?: boolean;
}

export function boundsMark(a: Axes, b: Bounds): Mark {
  return {
    id: "bounds",
    draw: {
      plot: (f) => {
        // the lines kept to the plot (a bound may run far above the curve); their names, laid out
        // with the chart's other labels, along them
        return (
          <g key="bounds" className="bounds">
            {b.lines.map((l) => (
              <g key={`${l.name}-${l.side}`} data-testid="bound-line" data-name={l.name} data-side={l.side} data-kind={l.kind}>
                <path className={`bound-line bound-${l.kind}`} d={f.g.linePath(l.points)} clipPath={`url(#${f.plotClip})`} />
                {l.kind === "stage" && <Label f={f} id={`bound-${l.name}-${l.side}`} className="bound-label" />}
              </g>
            ))}
            {b.knee && (
              <g className="knee-point" data-testid="knee-point" data-x={b.knee.x} data-station={b.knee.station}>
                <path d={`M${f.g.x(b.knee.x)},${f.g.y(b.knee.y) - 6}l6,6l-6,6l-6,-6z`} />
                <Label f={f} id="knee" className="knee-label" />
              </g>
            )}
          </g>
        );
      },
    },
    labels: (f) => {
      const px = f.large ? 18 : 11;
      const inPlot = (p: { y: number }) => p.y >= f.margin.top && p.y <= f.bottom;
      const stages: LabelWant[] = b.lines.filter((l) => l.kind === "stage").map((l) => ({
        id: `bound-${l.name}-${l.side}`,
        rank: 4,
        px,
        texts: [`${l.name} alone`],
        spots: spotsAlong(l.points.map((p) => ({ x: f.g.x(p.x), y: f.g.y(p.y) })).filter(inPlot), px),
      }));
      const knee: LabelWant[] = b.knee && !b.kneeMarked ? [{ id: "knee", rank: 2, px, texts: [`knee N* = ${a.xText(b.knee.x)}`, `knee ${a.xText(b.knee.x)}`], spots: spotsAround(f.g.x(b.knee.x), f.g.y(b.knee.y), px, 10) }] : [];
      return [...knee, ...stages];
    },
    // the knee's dot and every line: no label is struck through by a bound (its own name included)
    obstacles: (f) => ({
      boxes: b.knee ? [dotBox(f.g.x(b.knee.x), f.g.y(b.knee.y), 6)] : [],
      segments: b.lines.flatMap((l) => curveObstacles(f.g, l.points).segments ?? []),
    }),
    bounds: b.lines,
    legend: legendOf(b, a.xText),
    sentences: said(a, b),
  };
}

/** The legend's words for the bounds drawn: each kind once, and the knee with its station. */
function legendOf(b: Bounds, xText: (v: number) => string): LegendLine[] {
  const kinds = new Set(b.lines.map((l) => l.kind));
  const out: { kind: string; text: string }[] = [];
  if (kinds.has("asymptotic")) out.push({ kind: "asymptotic", text: "asymptotic bounds (thin): the population over the whole cycle, capped by the busiest station; below, every customer queueing behind all the others" });
  if (kinds.has("balanced")) out.push({ kind: "balanced", text: "balanced job bounds (dashed): the same demand spread evenly over the stations (above) or all at the busiest (below)" });
  if (kinds.has("stage")) out.push({ kind: "stage", text: `each stage alone (dotted): what ${[...new Set(b.lines.filter((l) => l.kind === "stage").map((l) => l.name))].join(", ")} would allow if nothing else took time` });
  // the knee mark on the curve gives N*'s value and what changes there: the corner is not said twice
  if (b.knee && b.kneeMarked) out.push({ kind: "knee", text: `the asymptotes' corner: the knee N* = (D + Z) / D_max, where the rising bound meets the ${b.knee.station}'s cap (on the curve, the hollow diamond below it)` });
  else if (b.knee) out.push({ kind: "knee", text: `knee N* = (D + Z) / D_max at ${xText(b.knee.x)}: where the asymptotes meet; beyond it the ${b.knee.station} sets the pace` });
  return out.map((e) => ({ at: ORDER.legend.bounds, keys: [`bound bound-${e.kind}`], testId: "legend-bound", text: e.text }));
}

/** Where the knee is and what it means, and what the bounds allow at the knob's current value
 * (the same words as the pointer's readout). */
function said(a: Axes, b: Bounds): Said[] {
  if (!b.lines.length) return [];
  const out: string[] = [];
  if (b.knee) {
    out.push(`The textbook bounds meet at the knee, ${a.xText(b.knee.x)}: before it the upper bound grows in proportion to the ${a.xLabel.toLowerCase()}; beyond it the ${b.knee.station} holds it at ${formatValue(b.knee.y, a.yUnit)}.`);
  }
  const readings = boundsAt(b.lines, b.currentX).map((r) => boundText(r, a.yUnit));
  if (readings.length) out.push(`At ${a.xText(b.currentX)} the bounds give: ${readings.join("; ")}.`);
  return out.map((text) => ({ at: ORDER.said.bounds, text }));
}
