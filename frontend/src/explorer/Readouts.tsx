// Every metric at the current setting, the limiting resource, and the change against a pinned
// baseline (absolute and percent).
import { memo } from "react";
import type { Evaluation, MetricSpec } from "../api/types";
import { formatValue } from "../format";

/** The change from the baseline: in the metric's unit and in percent of the baseline; a metric
 * that is itself a percentage changes by percentage points (a percent of a percent misleads). */
export function delta(now: number | null | undefined, base: number | null | undefined, unit: string): string {
  if (now == null || base == null || !Number.isFinite(now) || !Number.isFinite(base)) return "";
  const d = now - base;
  const sign = d >= 0 ? "+" : "−";
  const points = formatValue(Math.abs(d));
  if (unit === "%") return `${sign}${points} ${points === "1" ? "point" : "points"} vs baseline`;
  const pct = base !== 0 ? ` (${d >= 0 ? "+" : ""}${((100 * d) / base).toFixed(1)}%)` : "";
  return `${sign}${formatValue(Math.abs(d), unit)}${pct} vs baseline`;
}

export const Readouts = memo(function Readouts({ metrics, result, baseline }: { metrics: MetricSpec[]; result: Evaluation | null; baseline: Evaluation | null }) {
  return (
    <dl className="readouts" aria-live="polite">
      {metrics.map((m) => (
        <div key={m.name} data-testid={`readout-${m.name}`}>
          <dt>{m.label}</dt>
          <dd data-value={result?.metrics[m.name] ?? ""}>{result ? formatValue(result.metrics[m.name] ?? NaN, m.unit) : "…"}</dd>
          {baseline && result && <dd className="delta" data-testid={`delta-${m.name}`}>{delta(result.metrics[m.name], baseline.metrics[m.name], m.unit)}</dd>}
        </div>
      ))}
      <div data-testid="readout-bottleneck">
        <dt>Bottleneck</dt>
        <dd>{result ? result.bottleneck ?? "none (no shared resource)" : "…"}</dd>
      </div>
    </dl>
  );
});
