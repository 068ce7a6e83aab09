// The chart the explorer and the lessons draw: D3 computes scales and paths (geometry.ts), the
// layers (layers.tsx) each draw one thing on that frame, and this component composes them in
// drawing order and keeps what the pointer and the keys are reading. React owns every DOM node.
import { memo, useId, useState } from "react";
import type { KnobSpec, MetricSpec } from "../api/types";
import { formatValue, type KnobDisplay, withUnit } from "../format";
import { type BoundView, drawnLimit, type KneeView } from "./curves";
import { dodge } from "./labels";
import { textWidth } from "./measure";
import { seriesColour } from "./theme";
import {
  BottleneckBands,
  BoundLines,
  ClassPredictions,
  ClassSpread,
  EndLabels,
  type Frame,
  HoverMark,
  LimitLine,
  MemoMarks,
  OwnMarks,
  type OwnPoint,
  SaturationMark,
  SeriesCurves,
  XAxis,
  YAxis,
} from "./layers";
import { geometry, type BandPoint, type SeriesPoint } from "./geometry";
import { HoverReadout } from "./HoverReadout";
import type { MemoPoint } from "./memoPoints";
import { PredictionMark, type Prediction } from "./PredictionMark";
import { lineStep, memoStep, nearestIndex, readoutAt, readoutText, type NamedSeries } from "./readout";
import { useElementWidth } from "./useElementWidth";

export type { NamedSeries, Prediction };

export interface ChartProps {
  /** the id of the chart's description in words (ChartDescription) */
  describedBy?: string;
  /** T on the curve's reader: open the table of the plotted values (DataTable) */
  onTable?: () => void;
  xLabel: string;
  /** the x knob's unit, for the axis label */
  xUnit?: string;
  /** how an x value reads (default: the number and its unit), and its tick (the number alone) */
  xText?: (v: number) => string;
  xTick?: (v: number) => string;
  yLabel: string;
  yUnit: string;
  curve: SeriesPoint[];
  /** outcomes across the knobs the memo leaves undetermined */
  band: BandPoint[];
  /** the pinned baseline's curve, drawn dashed over the model's */
  baseline: SeriesPoint[];
  /** the pinned baseline's own setting on this chart (its marker), if it has one */
  baselinePoint?: { x: number; y: number } | null;
  /** "one curve per" a choice knob: the other values' curves, each labelled */
  series?: NamedSeries[];
  /** the textbook bounds on the y metric and a closed network's knee (curves.ts boundsOf) */
  bounds?: { lines: BoundView[]; knee: KneeView | null };
  /** the model curve's label when other series are drawn beside it */
  curveLabel?: string;
  /** what the resource behind the y metric can carry, along x (drawn when within reach) */
  limit?: SeriesPoint[];
  /** the curve's saturation point: the model's knee (its resource named), or where the curve reaches its capacity */
  saturation?: { x: number; y: number; resource?: string } | null;
  xDomain: [number, number];
  xLog: boolean;
  memo: MemoPoint[];
  /** The current setting's marker (NaN y: none yet). Primitives, so an unchanged chart skips rendering. */
  currentX: number;
  currentY: number;
  /** pixel height (default 380) */
  height?: number;
  /** room for the presenter view's larger text (wider margins) */
  large?: boolean;
  /** a fixed top for the y axis */
  yMax?: number;
  /** a learner's prediction: a point at a fixed x, moved up and down by drag or keyboard */
  prediction?: Prediction;
  /** a class's predictions at one x (a live class): small dots, spread a little sideways */
  crowd?: { x: number; ys: number[] };
  /** the user's own measurements on this chart (squares, apart from the memo's dots) */
  own?: OwnPoint[];
  /** the model curve is the user's own fit (test id fitted-curve), not the memo's calibration */
  fitted?: boolean;
}


const DEFAULT_HEIGHT = 380;
const PHONE_HEIGHT = 250;
const NORMAL_MARGIN = { top: 28, right: 20, bottom: 48, left: 64 };
const LARGE_MARGIN = { top: 34, right: 28, bottom: 62, left: 96 };

/** The axes' props for a numeric knob along x (as it reads to a person) and a metric up y: the
 * explorer's chart and a lesson's are given them alike. */
export function axesOf(xKnob: KnobSpec, xShow: KnobDisplay, yMetric: MetricSpec) {
  return {
    xLabel: xKnob.label,
    xUnit: xShow.unit,
    xText: xShow.text,
    xTick: xShow.tick,
    yLabel: yMetric.label,
    yUnit: yMetric.unit,
    xDomain: ("min" in xKnob ? [xKnob.min, xKnob.max] : [0, 1]) as [number, number],
    xLog: "scale" in xKnob && xKnob.scale === "log2",
  };
}

/** A class prediction's mark: 14 px across, to be seen from the back of a room. */
const CROWD_R = 7;
/** The room the class's spread takes beside the plot. */
const SPREAD_W = 72;

export const Chart = memo(function Chart(props: ChartProps) {
  const BASE = props.large ? LARGE_MARGIN : NORMAL_MARGIN;
  // a class's spread is drawn beside the plot, in a margin of its own (narrower on a phone)
  const [box, width] = useElementWidth<HTMLDivElement>();
  const small = width < 500;
  const spreadW = small ? SPREAD_W / 2 : SPREAD_W;
  // end-of-curve labels ("one curve per") sit in a right margin measured to hold the longest
  const labelPx = props.large ? 18 : 12;
  const labelTexts = props.series?.length ? [...props.series.map((s) => s.label), ...(props.curveLabel ? [props.curveLabel] : [])] : [];
  const wantRoom = labelTexts.length ? Math.ceil(Math.max(...labelTexts.map((t) => textWidth(t, labelPx, 600)))) + 10 : 0;
  // On a phone, labels wider than a fifth of the chart would squeeze the plot to a sliver: the
  // legend below already names each curve in its colour, so the labels give way to the plot.
  const endLabels = !(small && wantRoom > width * 0.2);
  const labelRoom = endLabels ? wantRoom : 0;
  const MARGIN = { ...BASE, right: BASE.right + (props.crowd ? spreadW : 0) + labelRoom };
  const [tip, setTip] = useState<{ p: MemoPoint; left: number; top: number } | null>(null);
  // The readout's point on the curve (an index), and whether the keyboard put it there.
  // the reader's place: point i of drawn line s (0: the model's curve, then the series, the baseline)
  const [hover, setHover] = useState<{ i: number; s?: number; key: boolean } | null>(null);
  const titleId = useId();
  // A phone's chart is shorter, so that it can stay in view above the knobs.
  const HEIGHT = props.height ?? (small ? PHONE_HEIGHT : DEFAULT_HEIGHT);
  const curveTop = Math.max(0, ...props.curve.map((p) => p.y).filter(Number.isFinite));
  // A capacity far above the curve would flatten it: draw the line only when it is within reach.
  const limit = drawnLimit(props.limit ?? [], curveTop);
  const g = geometry({
    width,
    height: HEIGHT,
    yMax: props.yMax,
    margin: MARGIN,
    curve: props.curve,
    band: props.band,
    baseline: props.baseline,
    series: props.series?.map((s) => s.points),
    extraY: props.memo.map((m) => m.y).concat([props.currentY], limit.map((p) => p.y), (props.own ?? []).map((p) => p.y)),
    xDomain: props.xDomain,
    xLog: props.xLog,
    knee: props.saturation?.resource ? { x: props.saturation.x, resource: props.saturation.resource } : null,
  });
  const bottom = HEIGHT - MARGIN.bottom;
  const f: Frame = { g, margin: MARGIN, width, height: HEIGHT, bottom };
  const series = props.series ?? [];
  const xText = props.xText ?? ((v: number) => formatValue(v, props.xUnit));
  const others: NamedSeries[] = [...series, ...(props.baseline.length ? [{ label: "Baseline", points: props.baseline }] : [])];
  const lines: NamedSeries[] = [{ label: props.curveLabel ?? "This setting", points: props.curve }, ...others];
  const line = Math.min(hover?.s ?? 0, lines.length - 1);
  const reading = lines[line].points;
  const hoverAt = hover
    ? readoutAt(reading, Math.min(hover.i, reading.length - 1), line === 0 ? props.memo : [], lines.filter((_, k) => k !== line), line === 0 ? props.bounds?.lines : [])
    : null;
  // Where along x the memo measured (its points, and the ranges some were taken over): beyond
  // it the model extrapolates.
  const measuredXs = props.memo.flatMap((m) => (m.x0 !== undefined && m.x1 !== undefined ? [m.x0, m.x1] : [m.x]));
  const measured: [number, number] | null = measuredXs.length ? [Math.min(...measuredXs), Math.max(...measuredXs)] : null;
  const onPointer = (e: React.PointerEvent<SVGRectElement>) => {
    const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
    const i = nearestIndex(props.curve, g.x.invert(e.clientX - box.left));
    if (i >= 0) setHover({ i, key: false });
  };
  const onKey = (e: React.KeyboardEvent<SVGRectElement>) => {
    const n = reading.length;
    if (!n) return;
    const at = hover?.i ?? Math.max(0, nearestIndex(reading, props.currentX));
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[e.key];
    let i: number | null = null;
    if (step !== undefined) i = hover ? Math.max(0, Math.min(n - 1, at + step)) : at;
    else if (e.key === "Home") i = 0;
    else if (e.key === "End") i = n - 1;
    else if (e.key === "Escape") setHover(null);
    else if ((e.key === "m" || e.key === "M") && line === 0) i = memoStep(props.curve, props.memo, at, e.shiftKey ? -1 : 1) ?? at;
    else if ((e.key === "s" || e.key === "S") && lines.length > 1) {
      e.preventDefault();
      setHover({ ...lineStep(lines, { s: line, i: at }, e.shiftKey ? -1 : 1), key: true });
      return;
    }
    else if ((e.key === "t" || e.key === "T") && props.onTable) {
      e.preventDefault();
      props.onTable();
      return;
    }
    if (i === null) return;
    e.preventDefault();
    setHover({ i, s: line, key: true });
  };
  // each label beside its curve's last point, moved apart where the curves end together
  const lastY = (pts: SeriesPoint[]) => {
    const last = [...pts].reverse().find((p) => Number.isFinite(p.y));
    return last ? g.y(last.y) : Number.NaN;
  };
  const labelled = [...series.map((s, k) => ({ text: s.label, y: lastY(s.points), colour: seriesColour(k) })),
    ...(series.length > 0 && props.curveLabel ? [{ text: props.curveLabel, y: lastY(props.curve), colour: undefined }] : [])]
    .filter((l) => Number.isFinite(l.y));
  const labelYs = dodge(labelled.map((l) => l.y), labelPx + 3, MARGIN.top + labelPx / 2, bottom - labelPx / 2);
  const labelX = width - MARGIN.right + (props.crowd ? spreadW : 0) + 6;

  // the saturation mark's words, beside it, on whichever side keeps them inside the chart
  const satLabel = (() => {
    const sat = props.saturation;
    if (!sat) return { text: "", x: 0, anchor: "start" as const };
    const full = `${sat.resource ? `${sat.resource} saturates` : "saturates"} at ${xText(sat.x)}`;
    const px = props.large ? 18 : 12.8;
    const at = g.x(sat.x);
    // the full words right of the mark, else left of it, else the short words: never over the y axis
    for (const text of [full, `saturates at ${xText(sat.x)}`]) {
      const w = textWidth(text, px);
      if (at + 10 + w <= width - 2) return { text, x: at + 10, anchor: "start" as const };
      if (at - 10 - w >= MARGIN.left) return { text, x: at - 10, anchor: "end" as const };
    }
    // a very narrow chart: the short words under the mark, kept within the chart's width
    const text = `saturates at ${xText(sat.x)}`;
    const w = textWidth(text, px);
    return { text, x: Math.max(2, Math.min(at - w / 2, width - 2 - w)), anchor: "start" as const };
  })();

  return (
    <div className={props.prediction?.onChange ? "chart predicting" : "chart"} ref={box}>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart has no semantic grouping element */}
      <svg data-testid="chart" width={width} height={HEIGHT} role="group" aria-labelledby={titleId} aria-describedby={props.describedBy}>
        <title id={titleId}>{`${props.yLabel} against ${props.xLabel}`}</title>
        {/* curves beyond a fixed y axis (a lesson's open question) are cut at the plot's edge */}
        <clipPath id={`${titleId}-plot`}>
          <rect x={MARGIN.left} y={MARGIN.top - 14} width={Math.max(0, width - MARGIN.left) + 200} height={bottom - MARGIN.top + 16} />
        </clipPath>
        <BottleneckBands f={f} />
        <XAxis f={f} tick={props.xTick} measured={measured} title={withUnit(props.xLabel, props.xUnit ?? "")} />
        <YAxis f={f} title={withUnit(props.yLabel, props.yUnit)} large={props.large} />
        <g clipPath={`url(#${titleId}-plot)`}>
          {g.bandPath && <path data-testid="uncertainty-band" className="uncertainty-band" d={g.bandPath} />}
          <LimitLine f={f} limit={limit} unit={props.yUnit} />
          {props.bounds && <BoundLines f={f} lines={props.bounds.lines} knee={props.bounds.knee} xText={xText} />}
          <SeriesCurves f={f} series={series} />
          <path data-testid={props.fitted ? "fitted-curve" : "model-curve"} className={props.fitted ? "model-curve fitted" : "model-curve"}
            d={g.curvePath} data-points={props.curve.length} />
          {endLabels && <EndLabels labels={labelled.map((l, k) => ({ ...l, y: labelYs[k] }))} x={labelX} />}
          {/* drawn over the model curve, dashed: where the two agree both stay visible */}
          {props.baseline.length > 0 && <path data-testid="baseline-curve" className="baseline-curve" d={g.baselinePath} />}
        </g>
        {props.baselinePoint && Number.isFinite(props.baselinePoint.y) && (
          <rect data-testid="baseline-point" className="baseline-point" x={g.x(props.baselinePoint.x) - 6} y={g.y(props.baselinePoint.y) - 6} width={12} height={12} />
        )}
        {Number.isFinite(props.currentY) && (
          <circle data-testid="current-point" className="current-point" cx={g.x(props.currentX)} cy={g.y(props.currentY)}
            r={9} data-x={props.currentX} data-y={props.currentY} />
        )}
        {props.saturation && (props.saturation.resource || limit.length > 1) && <SaturationMark f={f} at={props.saturation} label={satLabel} />}
        {/* Above the drawn marks, below the prediction and the memo points (which take their own pointer). The pointer's and the keyboard's way along the curve: arrow keys step, Home and End jump, Escape hides. */}
        <rect className="pointer-area" data-testid="curve-reader" x={MARGIN.left} y={MARGIN.top}
          width={Math.max(0, width - MARGIN.left - MARGIN.right)} height={bottom - MARGIN.top}
          onPointerMove={onPointer} onPointerLeave={() => !hover?.key && setHover(null)}
          role="slider" tabIndex={0} aria-label="Read values along the curve"
          aria-valuemin={props.curve[0]?.x ?? 0} aria-valuemax={props.curve[props.curve.length - 1]?.x ?? 0}
          aria-valuenow={hoverAt?.x ?? props.currentX}
          aria-keyshortcuts={["M Shift+M", lines.length > 1 ? "S Shift+S" : "", props.onTable ? "T" : ""].filter(Boolean).join(" ")}
          aria-valuetext={hoverAt
            ? `${lines.length > 1 ? `${lines[line].label} curve. ` : ""}${readoutText(hoverAt, props.xLabel, xText, props.yLabel, props.yUnit)}`
            : `Press an arrow key to read the curve, M for the memo's next measurement${lines.length > 1 ? ", S for the next curve" : ""}${props.onTable ? ", T for a table of its values" : ""}`}
          onKeyDown={onKey} onBlur={() => hover?.key && setHover(null)} />
        {props.crowd && <ClassPredictions f={f} at={props.crowd.x} ys={props.crowd.ys} r={small ? 5 : CROWD_R} />}
        {props.crowd && props.crowd.ys.length > 0 && (
          <ClassSpread ys={props.crowd.ys} y={g.y} left={width - MARGIN.right + 8} width={spreadW - 14} unit={props.yUnit} />
        )}
        {props.prediction && <PredictionMark p={props.prediction} g={g} top={MARGIN.top} bottom={bottom} left={MARGIN.left} right={width - MARGIN.right} unit={props.yUnit} />}
        <MemoMarks f={f} memo={props.memo} xLabel={props.xLabel} xText={xText} onTip={setTip} />
        {props.own && <OwnMarks f={f} points={props.own} xLabel={props.xLabel} xText={xText} yUnit={props.yUnit} />}
        {hoverAt && Number.isFinite(hoverAt.y) && <HoverMark f={f} at={hoverAt} />}
      </svg>
      {hoverAt && !tip && (
        <HoverReadout r={hoverAt} xLabel={props.xLabel} xText={xText} yLabel={props.yLabel} yUnit={props.yUnit}
          left={g.x(hoverAt.x)} top={MARGIN.top} width={width} />
      )}
      {tip && (
        <div className="tooltip" role="tooltip" style={{ left: Math.min(tip.left, width - 260), top: tip.top + 12 }}>
          <strong>{`Memo: ${formatValue(tip.p.y, props.yUnit)}`}</strong>
          <span>{`printed as ${tip.p.printed}`}</span>
          {tip.p.note && <span>{tip.p.note}</span>}
          {!tip.p.exact && <span>{`measured at ${tip.p.differs.join(", ")}`}</span>}
          {tip.p.x0 !== undefined && <span>{`the memo does not say where between ${xText(tip.p.x0)} and ${xText(tip.p.x1!)}`}</span>}
          <cite>{tip.p.citation}</cite>
        </div>
      )}
    </div>
  );
});
