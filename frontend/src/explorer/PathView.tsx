// The system's path as a chain of stages: each stage's demand per unit of work and how busy it
// is at the current setting, the bottleneck highlighted. It moves with the knobs.
import { memo } from "react";
import type { Stage } from "../api/types";
import { formatValue } from "../format";

export const PathView = memo(function PathView({ stages, bottleneck }: { stages: Stage[] | null; bottleneck: string | null }) {
  if (!stages) return <p className="muted" aria-busy="true">Computing the path…</p>;
  return (
    <section className="path-view" aria-labelledby="path-h" data-testid="path-view">
      <h2 id="path-h">Where the time goes</h2>
      <ol>
        {stages.map((s) => {
          const pct = s.utilization === null ? null : Math.max(0, Math.min(100, 100 * s.utilization));
          return (
            <li key={s.name} className={s.bottleneck ? "stage bottleneck" : "stage"} data-testid={`stage-${s.name}`}
              data-utilization={s.utilization ?? ""}>
              <span className="stage-label">{s.label}</span>
              <span className="stage-demand">{`${formatValue(s.demand)} ${s.unit}`}</span>
              {pct !== null && (
                // biome-ignore lint/a11y/useSemanticElements: a styled bar whose fill is a child span; <meter> cannot be styled alike across browsers
                <span className="stage-bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}
                  aria-label={`${s.label} busy`}>
                  <span style={{ width: `${pct}%` }} />
                </span>
              )}
              <span className="stage-util">{pct === null ? "" : `${pct.toFixed(0)}% busy`}{s.bottleneck ? " · bottleneck" : ""}</span>
            </li>
          );
        })}
      </ol>
      <p className="muted">{bottleneck ? `Limited by: ${bottleneck}.` : "No shared resource limits this setting."}</p>
    </section>
  );
});
