// Every metric at the current setting, and the resource that limits it.
import type { Evaluation, MetricSpec } from "../api/types";
import { formatValue } from "../format";

export function Readouts({ metrics, result }: { metrics: MetricSpec[]; result: Evaluation | null }) {
  return (
    <dl className="readouts" aria-live="polite">
      {metrics.map((m) => (
        <div key={m.name} data-testid={`readout-${m.name}`}>
          <dt>{m.label}</dt>
          <dd data-value={result?.metrics[m.name] ?? ""}>{result ? formatValue(result.metrics[m.name] ?? NaN, m.unit) : "…"}</dd>
        </div>
      ))}
      <div data-testid="readout-bottleneck">
        <dt>Bottleneck</dt>
        <dd>{result ? result.bottleneck ?? "none (no shared resource)" : "…"}</dd>
      </div>
    </dl>
  );
}
