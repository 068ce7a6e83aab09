// Model against memo, one point per printed figure, on log scales with the line of perfect fit.
// D3 computes the scales; React draws.
import { scaleLog } from "d3-scale";
import { useState } from "react";
import type { CardFigure } from "../api/types";
import { formatValue } from "../format";

const SIZE = 340;
const M = 48;

type Placed = CardFigure & { model: number };

export function FitChart({ figures: all }: { figures: CardFigure[] }) {
  const [tip, setTip] = useState<Placed | null>(null);
  // A figure the model gives no value for (no steady state there) has no place on the chart.
  const figures = all.filter((f): f is Placed => f.model !== null && f.model > 0);
  const vals = figures.flatMap((f) => [f.value, f.model]).filter((v) => v > 0 && Number.isFinite(v));
  if (!vals.length) return null;
  const lo = Math.min(...vals) / 1.3;
  const hi = Math.max(...vals) * 1.3;
  const x = scaleLog().domain([lo, hi]).range([M, SIZE - 12]);
  const y = scaleLog().domain([lo, hi]).range([SIZE - M, 12]);
  // a log axis labels only 1, 2 and 5 times a power of ten
  const ticks = x.ticks(4).filter((t) => /^[125]$/.test(t.toExponential(0)[0]) && Number(t.toExponential(0).slice(0, 1)) > 0);
  return (
    <figure className="fit-chart">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart has no semantic grouping element */}
      <svg viewBox={`-8 -16 ${SIZE + 16} ${SIZE + 20}`} style={{ width: "100%", maxWidth: SIZE + 16, overflow: "visible" }} role="group" aria-label="Model value against memo value for every figure" data-testid="fit-chart">
        {ticks.map((t) => (
          <g key={t} className="axis">
            <line x1={x(t)} x2={x(t)} y1={SIZE - M} y2={12} className="grid" />
            <line y1={y(t)} y2={y(t)} x1={M} x2={SIZE - 12} className="grid" />
            <text x={x(t)} y={SIZE - M + 16} textAnchor="middle">{formatValue(t)}</text>
            <text x={M - 6} y={y(t)} dy="0.32em" textAnchor="end">{formatValue(t)}</text>
          </g>
        ))}
        <line x1={x(lo)} y1={y(lo)} x2={x(hi)} y2={y(hi)} className="identity" />
        <text className="axis-label" x={(M + SIZE) / 2} y={SIZE - 10} textAnchor="middle">memo</text>
        <text className="axis-label" transform={`translate(14,${SIZE / 2}) rotate(-90)`} textAnchor="middle">model</text>
        {figures.map((f) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG point has no <button>; focus shows its figure
          <circle
            key={f.figure}
            data-testid="fit-point"
            className={f.secondary ? "fit-point secondary" : "fit-point"}
            cx={x(f.value)}
            cy={y(f.model)}
            r={5}
            tabIndex={0}
            role="button"
            aria-label={`${f.figure}: memo ${f.value}, model ${formatValue(f.model)}, error ${f.error_percent.toFixed(1)}%`}
            onFocus={() => setTip(f)}
            onMouseEnter={() => setTip(f)}
          />
        ))}
      </svg>
      <figcaption className="citation" aria-live="polite">
        {tip ? `${tip.figure}: memo ${tip.value}, model ${formatValue(tip.model)} (${tip.error_percent.toFixed(1)}%)` : "Points on the diagonal are exact; hover or focus one for its figure."}
      </figcaption>
    </figure>
  );
}
