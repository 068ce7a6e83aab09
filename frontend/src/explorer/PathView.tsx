// The system's path, one card per resource: the stages that use it (each its demand per unit of
// work) and how busy they keep it at the current setting, as one bar whose parts are the stages'
// (and a stage's own kinds of occupancy, such as a disk transferring and waiting for the gap).
// The bottleneck is the model's (perfmodels/pace.py): the fullest bar is marked, and where a
// window or too few users set the pace instead, the view says that every resource is partly idle.
import { memo } from "react";
import type { Stage } from "../api/types";
import { formatValue } from "../format";

interface Card {
  resource: string;
  stages: Stage[];
  busy: number | null;
  parts: { label: string; share: number }[];
  bottleneck: boolean;
}

/** Stages grouped by their resource, in the path's order, with the resource's busy share. */
export function resourceCards(stages: Stage[]): Card[] {
  const cards: Card[] = [];
  for (const s of stages) {
    let card = cards.find((c) => c.resource === s.resource);
    if (!card) {
      card = { resource: s.resource, stages: [], busy: null, parts: [], bottleneck: false };
      cards.push(card);
    }
    card.stages.push(s);
    card.bottleneck ||= s.bottleneck;
    if (s.utilization !== null) {
      card.busy = (card.busy ?? 0) + s.utilization;
      const own = s.parts?.length ? s.parts.map((p) => ({ label: p.label, share: p.utilization })) : [{ label: s.label, share: s.utilization }];
      card.parts.push(...own.filter((p) => p.share > 0));
    }
  }
  return cards;
}

const pct = (u: number) => Math.max(0, Math.min(100, 100 * u));

export const PathView = memo(function PathView({ stages, bottleneck }: { stages: Stage[] | null; bottleneck: string | null }) {
  if (!stages) return <p className="muted" aria-busy="true">Computing the path…</p>;
  const cards = resourceCards(stages);
  const isResource = cards.some((c) => c.resource === bottleneck && c.bottleneck);
  return (
    <section className="path-view" aria-labelledby="path-h" data-testid="path-view">
      <h2 id="path-h">Where the time goes</h2>
      <ol>
        {cards.map((c) => (
          <li key={c.resource} className={c.bottleneck ? "stage bottleneck" : "stage"} data-testid={`resource-${c.resource}`}
            data-utilization={c.busy ?? ""}>
            <span className="stage-label">{c.resource}</span>
            {c.stages.map((s) => (
              <span key={s.name} className="stage-demand" data-testid={`stage-${s.name}`}>{`${s.label}: ${formatValue(s.demand)} ${s.unit}`}</span>
            ))}
            {c.busy !== null && (
              // biome-ignore lint/a11y/useSemanticElements: a styled bar whose fill is a child span; <meter> cannot be styled alike across browsers
              <span className="stage-bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct(c.busy))}
                aria-label={`${c.resource} busy`} aria-valuetext={`${pct(c.busy).toFixed(0)}%: ${c.parts.map((p) => `${p.label} ${pct(p.share).toFixed(0)}%`).join(", ")}`}>
                {c.parts.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed places in the bar
                  <span key={i} className={`part part-${i % 3}`} style={{ width: `${pct(p.share)}%` }} title={`${p.label}: ${pct(p.share).toFixed(0)}%`} />
                ))}
              </span>
            )}
            <span className="stage-util">
              {c.busy === null ? "" : c.resource === bottleneck && !c.bottleneck
                ? `${pct(c.busy).toFixed(0)}% of the ${c.resource} waits here · the limit, not a resource`
                : `${pct(c.busy).toFixed(0)}% busy`}
              {c.parts.length > 1 && c.busy !== null ? ` (${c.parts.map((p) => `${p.label} ${pct(p.share).toFixed(0)}%`).join(", ")})` : ""}
              {c.bottleneck ? " · bottleneck" : ""}
            </span>
          </li>
        ))}
      </ol>
      <p className="muted" data-testid="path-limit">
        {isResource
          ? `Limited by: ${bottleneck}, the fullest resource.`
          : bottleneck
            ? `Limited by: ${bottleneck}, not by a resource on this path: each is partly idle.`
            : "No resource limits this setting: every resource is partly idle."}
      </p>
    </section>
  );
});
