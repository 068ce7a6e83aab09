// The chart's layers, each drawing one thing on the frame the Chart computed (its scales, margins
// and size): the regions where one bottleneck holds, the axes, the band, the capacity, the curves
// and their end labels, the markers, the class's predictions and spread, the memo's points.
// Chart.tsx composes them in drawing order and keeps the state (pointer, tooltip).
import { formatValue } from "../format";
import type { BoundView, KneeView } from "./curves";
import type { geometry, SeriesPoint } from "./geometry";
import type { MemoPoint } from "./memoPoints";
import type { NamedSeries } from "./readout";
import { bandColour, seriesColour } from "./theme";

/** Where the layers draw: the scales and paths, the margins, and the chart's size. */
export interface Frame {
  g: ReturnType<typeof geometry>;
  margin: { top: number; right: number; bottom: number; left: number };
  width: number;
  height: number;
  /** the plot's bottom edge (the x axis) */
  bottom: number;
}

/** The regions where one bottleneck holds, each named above the plot where there is room. */
export function BottleneckBands({ f }: { f: Frame }) {
  const labels = [...new Set(f.g.bands.map((b) => b.label))];
  return (
    <g className="bands">
      {f.g.bands.map((b) => (
        <g key={`${b.label}-${b.x0}`} data-testid="bottleneck-band" data-label={b.label} data-x0={b.at}>
          <rect x={b.x0} y={f.margin.top} width={Math.max(0, b.x1 - b.x0)} height={f.bottom - f.margin.top} fill={bandColour(labels.indexOf(b.label))} />
          {b.x1 - b.x0 > 70 && (
            <text x={(b.x0 + b.x1) / 2} y={f.margin.top - 8} textAnchor="middle" className="band-label">
              {`limit: ${b.label}`}
            </text>
          )}
        </g>
      ))}
    </g>
  );
}

/** The x axis: its ticks, where the memo measured (beyond it the model extrapolates), its title. */
export function XAxis({ f, tick, measured, title }: { f: Frame; tick?: (v: number) => string; measured: [number, number] | null; title: string }) {
  const { g, margin, width, height, bottom } = f;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <g> is not focusable; the ticks are decoration (the table gives the values)
    <g className="axis x-axis" aria-hidden="true">
      <line x1={margin.left} x2={width - margin.right} y1={bottom} y2={bottom} />
      {g.xTicks.map((t) => (
        <g key={t} transform={`translate(${g.x(t)},${bottom})`}>
          <line y2={6} />
          <text y={20} textAnchor="middle">{tick ? tick(t) : formatValue(t)}</text>
        </g>
      ))}
      {measured && (
        <g className="measured" data-testid="measured-range" data-x0={measured[0]} data-x1={measured[1]}>
          <line x1={g.x(measured[0]) - (measured[0] === measured[1] ? 3 : 0)} x2={g.x(measured[1]) + (measured[0] === measured[1] ? 3 : 0)} y1={bottom} y2={bottom} />
        </g>
      )}
      <text className="axis-label" x={(margin.left + width - margin.right) / 2} y={height - 8} textAnchor="middle">{title}</text>
    </g>
  );
}

/** The y axis: its ticks with the grid across the plot, and its title. */
export function YAxis({ f, title, large }: { f: Frame; title: string; large?: boolean }) {
  const { g, margin, width, bottom } = f;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <g> is not focusable; the ticks are decoration (the table gives the values)
    <g className="axis y-axis" aria-hidden="true">
      {g.yTicks.map((t) => (
        <g key={t} transform={`translate(${margin.left},${g.y(t)})`}>
          <line x2={width - margin.left - margin.right} className="grid" />
          <text x={-8} dy="0.32em" textAnchor="end">{formatValue(t)}</text>
        </g>
      ))}
      <text className="axis-label" transform={`translate(${large ? 20 : 16},${(margin.top + bottom) / 2}) rotate(-90)`} textAnchor="middle">{title}</text>
    </g>
  );
}

/** The metric's capacity, dashed, with its value at the end. */
export function LimitLine({ f, limit, unit }: { f: Frame; limit: SeriesPoint[]; unit: string }) {
  if (limit.length < 2) return null;
  const last = limit[limit.length - 1];
  return (
    <g data-testid="limit-line" className="limit">
      <path className="limit-line" d={f.g.linePath(limit)} />
      <text className="limit-label" x={f.g.x(last.x) - 4} y={f.g.y(last.y) - 6} textAnchor="end">{`capacity ${formatValue(last.y, unit)}`}</text>
    </g>
  );
}

/** The textbook bounds on the y metric (curves.ts boundsOf): a network's asymptotic (solid) and
 * balanced job (dashed) bounds, an open path's each term alone (dotted, named at its right end
 * when that end is inside the plot), and the knee N* where the asymptotes meet. */
export function BoundLines({ f, lines, knee, xText }: { f: Frame; lines: BoundView[]; knee: KneeView | null; xText: (v: number) => string }) {
  const [top, bottom] = [f.margin.top, f.bottom];
  return (
    <g className="bounds">
      {lines.map((l) => {
        const last = [...l.points].reverse().find((p) => Number.isFinite(p.y));
        const y = last ? f.g.y(last.y) : Number.NaN;
        return (
          <g key={`${l.name}-${l.side}`} data-testid="bound-line" data-name={l.name} data-side={l.side} data-kind={l.kind}>
            <path className={`bound-line bound-${l.kind}`} d={f.g.linePath(l.points)} />
            {l.kind === "stage" && last && y >= top + 10 && y <= bottom && (
              <text className="bound-label" x={f.g.x(last.x) - 4} y={y - 4} textAnchor="end">{`${l.name} alone`}</text>
            )}
          </g>
        );
      })}
      {knee && (
        <g className="knee-point" data-testid="knee-point" data-x={knee.x} data-station={knee.station}>
          <path d={`M${f.g.x(knee.x)},${f.g.y(knee.y) - 6}l6,6l-6,6l-6,-6z`} />
          <text className="knee-label" x={f.g.x(knee.x)} y={f.g.y(knee.y) - 10} textAnchor="middle">{`knee ${xText(knee.x)}`}</text>
        </g>
      )}
    </g>
  );
}

/** "One curve per": the other values' curves. */
export function SeriesCurves({ f, series }: { f: Frame; series: NamedSeries[] }) {
  return (
    <>
      {series.map((s, k) => (
        <g key={s.label} data-testid="series-curve" data-label={s.label} className="series">
          <path className="series-curve" d={f.g.linePath(s.points)} stroke={seriesColour(k)} />
        </g>
      ))}
    </>
  );
}

/** The labels at the curves' ends, in the right margin, already moved apart. */
export function EndLabels({ labels, x }: { labels: { text: string; y: number; colour?: string }[]; x: number }) {
  return (
    <>
      {labels.map((l) => (
        <text key={l.text} data-testid="end-label" className={l.colour ? "end-label" : "end-label curve-label"} x={x} y={l.y} dy="0.32em" fill={l.colour}>{l.text}</text>
      ))}
    </>
  );
}

/** The model's saturation point on the curve, named beside it. */
export function SaturationMark({ f, at, label }: { f: Frame; at: { x: number; y: number }; label: { text: string; x: number; anchor: "start" | "end" } }) {
  const x = f.g.x(at.x), y = f.g.y(at.y);
  return (
    <g data-testid="saturation-point" className="saturation" data-x={at.x}>
      <path d={`M${x},${y - 8}l7,8l-7,8l-7,-8z`} />
      <text x={label.x} textAnchor={label.anchor} y={y + 18}>{label.text}</text>
    </g>
  );
}

/** The class's predictions at one x, 14 px marks spread a little sideways (a phone's smaller).
 * Unlabelled marks (screen readers pass them by): the spread beside the plot (ClassSpread) says
 * the same in words. */
export function ClassPredictions({ f, at, ys, r }: { f: Frame; at: number; ys: number[]; r: number }) {
  return (
    <g data-testid="class-predictions" className="crowd">
      {ys.map((y, i) => (
        // sideways jitter (the same for the same i), so equal answers stay countable;
        // the marks have no identity but their place in the list
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <circle key={i} data-testid="class-prediction" className="class-prediction" cx={f.g.x(at) + ((i * 11) % 25) - 12} cy={f.g.y(y)} r={r} />
      ))}
    </g>
  );
}

/** How the class's predictions spread along the y axis: a histogram beside the plot, bars to the
 * right, with the median marked; its label says the same in words. */
export function ClassSpread({ ys, y, left, width, unit }: { ys: number[]; y: Frame["g"]["y"]; left: number; width: number; unit: string }) {
  const [lo, hi] = y.domain();
  const n = 12;
  const counts = new Array<number>(n).fill(0);
  for (const v of ys) counts[Math.max(0, Math.min(n - 1, Math.floor(((v - lo) / (hi - lo)) * n)))] += 1;
  const most = Math.max(...counts);
  const sorted = [...ys].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const bin = (hi - lo) / n;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is not interactive; as an image it is read as one sentence
    <g data-testid="class-spread" className="class-spread" role="img"
      aria-label={`The class's ${ys.length} predictions: median ${formatValue(median, unit)}, from ${formatValue(sorted[0], unit)} to ${formatValue(sorted[sorted.length - 1], unit)}`}>
      <line x1={left} x2={left} y1={y(hi)} y2={y(lo)} className="spread-axis" />
      {counts.map((c, i) => c > 0 && (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bins are fixed places on the axis
        <rect key={i} x={left} y={y(lo + (i + 1) * bin) + 1} width={Math.max(3, (width * c) / most)} height={Math.max(1, y(lo + i * bin) - y(lo + (i + 1) * bin) - 2)} />
      ))}
      <line x1={left - 6} x2={left + width} y1={y(median)} y2={y(median)} className="spread-median" />
    </g>
  );
}

/** The memo's measurements: a range where the memo gives one, and the points, each focusable
 * with its citation (the Chart shows the tooltip). */
export function MemoMarks({ f, memo, xLabel, xText, onTip }: {
  f: Frame; memo: MemoPoint[]; xLabel: string; xText: (v: number) => string; onTip: (tip: { p: MemoPoint; left: number; top: number } | null) => void;
}) {
  const { g } = f;
  return (
    <>
      {memo.filter((m) => m.x0 !== undefined && m.x1 !== undefined).map((m) => (
        <line key={`${m.citation}-${m.y}`} data-testid="memo-range" className="memo-range" x1={g.x(m.x0!)} x2={g.x(m.x1!)} y1={g.y(m.y)} y2={g.y(m.y)} />
      ))}
      {memo.map((m) => (
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
            ? `Memo measurement ${m.printed}, somewhere between ${xLabel} ${xText(m.x0)} and ${xText(m.x1!)}. ${m.citation}`
            : `Memo measurement ${m.printed} at ${xLabel} ${xText(m.x)}. ${m.citation}`}
          onMouseEnter={() => onTip({ p: m, left: g.x(m.x), top: g.y(m.y) })}
          onMouseLeave={() => onTip(null)}
          onFocus={() => onTip({ p: m, left: g.x(m.x), top: g.y(m.y) })}
          onBlur={() => onTip(null)}
        />
      ))}
    </>
  );
}

/** Where the pointer or the keys read the curve: a line across the plot and a dot on the curve. */
export function HoverMark({ f, at }: { f: Frame; at: { x: number; y: number } }) {
  return (
    <g className="hover-mark" pointerEvents="none">
      <line x1={f.g.x(at.x)} x2={f.g.x(at.x)} y1={f.margin.top} y2={f.bottom} />
      <circle cx={f.g.x(at.x)} cy={f.g.y(at.y)} r={4} />
    </g>
  );
}


/** One of the user's own measurements on the chart: where it sits, and its table line. */
export interface OwnPoint {
  x: number;
  y: number;
  line: number;
}

/** The user's own measurements: squares (the memo's are dots), each named with its value. */
export function OwnMarks({ f, points, xLabel, xText, yUnit }: { f: Frame; points: OwnPoint[]; xLabel: string; xText: (v: number) => string; yUnit: string }) {
  const { g } = f;
  return (
    <g className="own-points">
      {points.map((p) => (
        // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG rect is not interactive; as an image it is read as its value
        <rect key={p.line} data-testid="own-data-point" className="own-point" x={g.x(p.x) - 5} y={g.y(p.y) - 5} width={10} height={10}
          role="img" aria-label={`Your measurement (line ${p.line}): ${formatValue(p.y, yUnit)} at ${xLabel} ${xText(p.x)}`}>
          <title>{`Your measurement, line ${p.line}: ${formatValue(p.y, yUnit)} at ${xText(p.x)}`}</title>
        </rect>
      ))}
    </g>
  );
}
