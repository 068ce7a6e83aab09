// The chart the explorer and the lessons draw: a list of marks (./marks/, each drawing itself on
// the frame D3 computes in geometry.ts), the axes around them and the reader that follows the
// pointer and the keys along the curves. React owns every DOM node.
import { Fragment, memo, type ReactNode, useEffect, useId, useState } from "react";
import type { KnobSpec, MetricSpec } from "../api/types";
import { type KnobDisplay, withUnit } from "../format";
import { EndLabels, HoverMark, XAxis, YAxis } from "./axes";
import { yTitleLayout } from "./yTitle";
import { geometry, type SeriesPoint } from "./geometry";
import { HoverReadout } from "./HoverReadout";
import { type Box, dodge, placeLabels, sortByRank } from "./labels";
import type { Axes, ChartUi, Frame, Layer, Mark } from "./marks/mark";
import { textWidth } from "./measure";
import { useReader } from "./useReader";
import { useElementWidth } from "./useElementWidth";

export interface ChartProps {
  axes: Axes;
  /** what the chart draws, back to front within each layer */
  marks: Mark[];
  /** the id of the chart's description in words (ChartDescription) */
  describedBy?: string;
  /** T on the curve's reader: open the table of the plotted values (DataTable) */
  onTable?: () => void;
  /** pixel height (default 380, taller on a wide screen up to 540; a phone's 250) */
  height?: number;
  /** room for the presenter view's larger text (wider margins) */
  large?: boolean;
  /** a fixed top for the y axis */
  yMax?: number;
}

const DEFAULT_HEIGHT = 380;
const PHONE_HEIGHT = 250;
// a wide screen's chart grows taller with its width (to this), so a desktop's is not a strip
const WIDE_HEIGHT = 540;
const NORMAL_MARGIN = { top: 28, right: 20, bottom: 48, left: 64 };
const LARGE_MARGIN = { top: 34, right: 28, bottom: 62, left: 96 };

/** The axes for a numeric knob along x (as it reads to a person) and a metric up y: the
 * explorer's chart and a lesson's are given them alike. */
export function axesOf(xKnob: KnobSpec, xShow: KnobDisplay, yMetric: MetricSpec): Axes {
  return {
    xLabel: xKnob.label,
    xUnit: xShow.unit,
    xText: xShow.text,
    xTick: xShow.tick,
    yLabel: yMetric.label,
    yUnit: yMetric.unit,
    xDomain: "min" in xKnob ? [xKnob.min, xKnob.max] : [0, 1],
    xLog: "scale" in xKnob && xKnob.scale === "log2",
    xWhole: "integer" in xKnob && xKnob.integer,
  };
}

export const Chart = memo(function Chart({ axes, marks, describedBy, onTable, height, large = false, yMax }: ChartProps) {
  const BASE = large ? LARGE_MARGIN : NORMAL_MARGIN;
  const [box, width] = useElementWidth<HTMLDivElement>();
  const small = width < 500;
  // a class's spread is drawn beside the plot, in a margin of its own (narrower on a phone)
  const beside = marks.reduce((n, m) => n + (m.beside?.(small) ?? 0), 0);
  // end-of-curve labels ("one curve per") sit in a right margin measured to hold the longest
  const labelPx = large ? 18 : 12;
  const ends = marks.flatMap((m) => m.endLabels ?? []);
  const wantRoom = ends.length ? Math.ceil(Math.max(...ends.map((l) => textWidth(l.text, labelPx, 600)))) + 10 : 0;
  // On a phone, labels wider than a fifth of the chart would squeeze the plot to a sliver: the
  // legend below already names each curve in its colour, so the labels give way to the plot.
  const endLabels = !(small && wantRoom > width * 0.2);
  // A phone's chart is shorter, so that it can stay in view above the knobs.
  const HEIGHT = height ?? (small ? PHONE_HEIGHT : Math.round(Math.min(WIDE_HEIGHT, Math.max(DEFAULT_HEIGHT, width * 0.42))));
  // the y axis's title within the svg's height: a second line, where needed, widens the left margin
  const yTitle = yTitleLayout(withUnit(axes.yLabel, axes.yUnit), { px: large ? 20 : 13, x: large ? 20 : 16, top: BASE.top, bottom: HEIGHT - BASE.bottom, height: HEIGHT });
  const MARGIN = { ...BASE, left: BASE.left + yTitle.extra, right: BASE.right + beside + (endLabels ? wantRoom : 0) };
  const [tip, setTip] = useState<{ left: number; top: number; body: ReactNode; anchor: Element } | null>(null);
  const ui: ChartUi = { tip: setTip };
  useEffect(() => {
    if (tip && !tip.anchor.isConnected) setTip(null);
  });
  const titleId = useId();
  const g = geometry({ width, height: HEIGHT, yMax, margin: MARGIN, ys: marks.flatMap((m) => m.ys ?? []), xDomain: axes.xDomain, xLog: axes.xLog, xWhole: axes.xWhole });
  const bottom = HEIGHT - MARGIN.bottom;
  const plotClip = `${titleId}-exact`;
  const laid: Frame = { g, margin: MARGIN, width, height: HEIGHT, bottom, small, large, plotClip, label: () => null };
  // every mark's labels laid out together: inside the plot's columns, above the x axis, clear of
  // the curves, the dots, the band and each other (labels.ts); the marks draw them where put
  const within: Box = { x0: MARGIN.left + 2, y0: MARGIN.top - 12, x1: width - MARGIN.right - 2, y1: bottom - 3 };
  const wants = sortByRank(marks.flatMap((m) => m.labels?.(laid) ?? []));
  const obstacles = marks.map((m) => m.obstacles?.(laid) ?? {});
  const placed = new Map(placeLabels(wants, { boxes: obstacles.flatMap((o) => o.boxes ?? []), segments: obstacles.flatMap((o) => o.segments ?? []) }, within).map((p) => [p.id, p]));
  const f: Frame = { ...laid, label: (id) => placed.get(id) ?? null };
  const reader = useReader(marks, axes, g, onTable);

  // each label beside its curve's last point, moved apart where the curves end together; the
  // model's curve's last, after the others'
  const lastY = (pts: SeriesPoint[]) => {
    const last = [...pts].reverse().find((p) => Number.isFinite(p.y));
    return last ? g.y(last.y) : Number.NaN;
  };
  const labelled = [...ends.filter((l) => l.colour), ...ends.filter((l) => !l.colour)]
    .map((l) => ({ text: l.text, y: lastY(l.points), colour: l.colour }))
    .filter((l) => Number.isFinite(l.y));
  const labelYs = dodge(labelled.map((l) => l.y), labelPx + 3, MARGIN.top + labelPx / 2, bottom - labelPx / 2);
  const labels = endLabels && <EndLabels labels={labelled.map((l, k) => ({ ...l, y: labelYs[k] }))} x={width - MARGIN.right + beside + 6} />;
  const layer = (at: Layer) => marks.map((m) => {
    const drawn = m.draw?.[at];
    // the end labels just above the model's curve, below the baseline drawn over it
    const after = at === "plot" && m.lines?.some((l) => l.main) ? labels : null;
    return (drawn || after) && <Fragment key={m.id}>{drawn?.(f, ui)}{after}</Fragment>;
  });

  return (
    <div className={marks.some((m) => m.grabs) ? "chart predicting" : "chart"} ref={box}>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart has no semantic grouping element */}
      <svg data-testid="chart" width={width} height={HEIGHT} role="group" aria-labelledby={titleId} aria-describedby={describedBy}>
        <title id={titleId}>{`${axes.yLabel} against ${axes.xLabel}`}</title>
        {/* curves beyond a fixed y axis (a lesson's open question) are cut at the plot's edge */}
        <clipPath id={`${titleId}-plot`}>
          <rect x={MARGIN.left} y={MARGIN.top - 14} width={Math.max(0, width - MARGIN.left) + 200} height={bottom - MARGIN.top + 16} />
        </clipPath>
        <clipPath id={plotClip}>
          <rect x={MARGIN.left} y={MARGIN.top} width={Math.max(0, width - MARGIN.left - MARGIN.right)} height={Math.max(0, bottom - MARGIN.top)} />
        </clipPath>
        {layer("back")}
        <XAxis f={f} tick={axes.xTick} title={withUnit(axes.xLabel, axes.xUnit)}>{layer("xaxis")}</XAxis>
        <YAxis f={f} title={yTitle} />
        <g clipPath={`url(#${titleId}-plot)`}>{layer("plot")}</g>
        {layer("front")}
        {/* Above the drawn marks, below those that take their own pointer. The pointer's and the keyboard's way along the curve: arrow keys step, Home and End jump, Escape hides. */}
        <rect className="pointer-area" data-testid="curve-reader" x={MARGIN.left} y={MARGIN.top}
          width={Math.max(0, width - MARGIN.left - MARGIN.right)} height={bottom - MARGIN.top} {...reader.props} />
        {layer("top")}
        {reader.at && Number.isFinite(reader.at.y) && <HoverMark f={f} at={reader.at} />}
      </svg>
      {reader.at && !tip && (
        <HoverReadout r={reader.at} xLabel={axes.xLabel} xText={axes.xText} yLabel={axes.yLabel} yUnit={axes.yUnit}
          left={g.x(reader.at.x)} top={MARGIN.top} width={width} />
      )}
      {tip && (
        <div className="tooltip" role="tooltip" style={{ left: Math.min(tip.left, width - 260), top: tip.top + 12 }}>
          {tip.body}
        </div>
      )}
    </div>
  );
});
