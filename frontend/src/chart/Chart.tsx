// The chart the explorer and the lessons draw: D3 computes scales and paths (geometry.ts);
// React owns every DOM node.
import { memo, useId, useState } from "react";
import { formatValue } from "../format";
import { geometry, type BandPoint, type SeriesPoint } from "./geometry";
import type { MemoPoint } from "./memoPoints";
import { PredictionMark, type Prediction } from "./PredictionMark";
import { useElementWidth } from "./useElementWidth";

export type { Prediction };

export interface ChartProps {
  xLabel: string;
  yLabel: string;
  yUnit: string;
  curve: SeriesPoint[];
  /** outcomes across the knobs the memo leaves undetermined */
  band: BandPoint[];
  /** the pinned baseline's curve, drawn as a ghost */
  baseline: SeriesPoint[];
  /** what the resource behind the y metric can carry, along x (drawn when within reach) */
  limit?: SeriesPoint[];
  /** where the curve first reaches that capacity */
  saturation?: { x: number; y: number } | null;
  xDomain: [number, number];
  xLog: boolean;
  memo: MemoPoint[];
  /** The current setting's marker (NaN y: none yet). Primitives, so an unchanged chart skips rendering. */
  currentX: number;
  currentY: number;
  /** pixel height (default 380) */
  height?: number;
  /** a fixed top for the y axis */
  yMax?: number;
  /** a learner's prediction: a point at a fixed x, moved up and down by drag or keyboard */
  prediction?: Prediction;
}


const DEFAULT_HEIGHT = 380;
const MARGIN = { top: 28, right: 20, bottom: 48, left: 64 };
const BAND_COLOURS = ["#e9f0f7", "#fbefe3", "#eaf5ea", "#f4eaf6"];

export const Chart = memo(function Chart(props: ChartProps) {
  const [box, width] = useElementWidth<HTMLDivElement>();
  const [tip, setTip] = useState<{ p: MemoPoint; left: number; top: number } | null>(null);
  const titleId = useId();
  const HEIGHT = props.height ?? DEFAULT_HEIGHT;
  const curveTop = Math.max(0, ...props.curve.map((p) => p.y).filter(Number.isFinite));
  // A capacity far above the curve would flatten it: draw the line only when it is within reach.
  const limit = (props.limit ?? []).filter((p) => Number.isFinite(p.y) && p.y <= 1.6 * curveTop);
  const g = geometry({
    width,
    height: HEIGHT,
    yMax: props.yMax,
    margin: MARGIN,
    curve: props.curve,
    band: props.band,
    baseline: props.baseline,
    extraY: props.memo.map((m) => m.y).concat([props.currentY], limit.map((p) => p.y)),
    xDomain: props.xDomain,
    xLog: props.xLog,
  });
  const bottom = HEIGHT - MARGIN.bottom;
  const labels = [...new Set(g.bands.map((b) => b.label))];

  return (
    <div className="chart" ref={box}>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart has no semantic grouping element */}
      <svg data-testid="chart" width={width} height={HEIGHT} role="group" aria-labelledby={titleId}>
        <title id={titleId}>{`${props.yLabel} against ${props.xLabel}`}</title>
        <g className="bands">
          {g.bands.map((b) => (
            <g key={`${b.label}-${b.x0}`} data-testid="bottleneck-band" data-label={b.label}>
              <rect x={b.x0} y={MARGIN.top} width={Math.max(0, b.x1 - b.x0)} height={bottom - MARGIN.top}
                fill={BAND_COLOURS[labels.indexOf(b.label) % BAND_COLOURS.length]} />
              {b.x1 - b.x0 > 70 && (
                <text x={(b.x0 + b.x1) / 2} y={MARGIN.top - 8} textAnchor="middle" className="band-label">
                  {`limit: ${b.label}`}
                </text>
              )}
            </g>
          ))}
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <g> is not focusable; the ticks are decoration (the table gives the values) */}
        <g className="axis x-axis" aria-hidden="true">
          <line x1={MARGIN.left} x2={width - MARGIN.right} y1={bottom} y2={bottom} />
          {g.xTicks.map((t) => (
            <g key={t} transform={`translate(${g.x(t)},${bottom})`}>
              <line y2={6} />
              <text y={20} textAnchor="middle">{formatValue(t)}</text>
            </g>
          ))}
          <text className="axis-label" x={(MARGIN.left + width - MARGIN.right) / 2} y={HEIGHT - 8} textAnchor="middle">
            {props.xLabel}
          </text>
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <g> is not focusable; the ticks are decoration (the table gives the values) */}
        <g className="axis y-axis" aria-hidden="true">
          {g.yTicks.map((t) => (
            <g key={t} transform={`translate(${MARGIN.left},${g.y(t)})`}>
              <line x2={width - MARGIN.left - MARGIN.right} className="grid" />
              <text x={-8} dy="0.32em" textAnchor="end">{formatValue(t)}</text>
            </g>
          ))}
          <text className="axis-label" transform={`translate(16,${(MARGIN.top + bottom) / 2}) rotate(-90)`} textAnchor="middle">
            {`${props.yLabel}${props.yUnit ? ` (${props.yUnit})` : ""}`}
          </text>
        </g>
        {g.bandPath && <path data-testid="uncertainty-band" className="uncertainty-band" d={g.bandPath} />}
        {limit.length > 1 && (
          <g data-testid="limit-line" className="limit">
            <path className="limit-line" d={g.linePath(limit)} />
            <text className="limit-label" x={g.x(limit[limit.length - 1].x) - 4} y={g.y(limit[limit.length - 1].y) - 6} textAnchor="end">
              {`capacity ${formatValue(limit[limit.length - 1].y, props.yUnit)}`}
            </text>
          </g>
        )}
        {props.baseline.length > 0 && <path data-testid="baseline-curve" className="baseline-curve" d={g.baselinePath} />}
        <path data-testid="model-curve" className="model-curve" d={g.curvePath} data-points={props.curve.length} />
        {Number.isFinite(props.currentY) && (
          <circle data-testid="current-point" className="current-point" cx={g.x(props.currentX)} cy={g.y(props.currentY)}
            r={9} data-x={props.currentX} data-y={props.currentY} />
        )}
        {props.saturation && limit.length > 1 && (
          <g data-testid="saturation-point" className="saturation" data-x={props.saturation.x}>
            <path d={`M${g.x(props.saturation.x)},${g.y(props.saturation.y) - 8}l7,8l-7,8l-7,-8z`} />
            <text x={g.x(props.saturation.x) + 10} y={g.y(props.saturation.y) + 18}>
              {`saturates at ${formatValue(props.saturation.x)}`}
            </text>
          </g>
        )}
        {props.prediction && <PredictionMark p={props.prediction} g={g} top={MARGIN.top} bottom={bottom} left={MARGIN.left} right={width - MARGIN.right} unit={props.yUnit} />}
        {props.memo.filter((m) => m.x0 !== undefined && m.x1 !== undefined).map((m) => (
          <line key={`${m.citation}-${m.y}`} data-testid="memo-range" className="memo-range" x1={g.x(m.x0!)} x2={g.x(m.x1!)} y1={g.y(m.y)} y2={g.y(m.y)} />
        ))}
        {props.memo.map((m) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG point has no <button>; focus shows its citation
          <circle
            key={`${m.citation}-${m.x}-${m.y}`}
            data-testid="memo-point"
            className={m.exact ? "memo-point" : "memo-point inexact"}
            cx={g.x(m.x)}
            cy={g.y(m.y)}
            r={6}
            tabIndex={0}
            role="button"
            aria-label={m.x0 !== undefined
              ? `Memo measurement ${m.printed}, somewhere between ${props.xLabel} ${m.x0} and ${m.x1}. ${m.citation}`
              : `Memo measurement ${m.printed} at ${props.xLabel} ${m.x}. ${m.citation}`}
            onMouseEnter={() => setTip({ p: m, left: g.x(m.x), top: g.y(m.y) })}
            onMouseLeave={() => setTip(null)}
            onFocus={() => setTip({ p: m, left: g.x(m.x), top: g.y(m.y) })}
            onBlur={() => setTip(null)}
          />
        ))}
      </svg>
      {tip && (
        <div className="tooltip" role="tooltip" style={{ left: Math.min(tip.left, width - 260), top: tip.top + 12 }}>
          <strong>{`Memo: ${formatValue(tip.p.y, props.yUnit)}`}</strong>
          <span>{`printed as ${tip.p.printed}`}</span>
          {tip.p.note && <span>{tip.p.note}</span>}
          {!tip.p.exact && <span>{`measured at ${tip.p.differs.join(", ")}`}</span>}
          {tip.p.x0 !== undefined && <span>{`the memo does not say where between ${formatValue(tip.p.x0)} and ${formatValue(tip.p.x1!)}`}</span>}
          <cite>{tip.p.citation}</cite>
        </div>
      )}
    </div>
  );
});
