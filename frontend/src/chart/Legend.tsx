// What each mark on the chart is, from the marks themselves (marks/mark.ts): the explorer's legend
// (each mark's full words, and where the memo's figures come from) and a lesson's shorter one
// (with what the learner is waiting for).
import { memo } from "react";
import { gather, type LegendLine, type Mark } from "./marks/mark";

const Key = ({ l }: { l: LegendLine }) => l.keys.map((k, i) => (
  // biome-ignore lint/suspicious/noArrayIndexKey: a line's keys are fixed places
  <span key={i} className={`key ${k}`} style={l.colour ? { borderColor: l.colour } : undefined} />
));

export const Legend = memo(function Legend({ marks, dataset }: { marks: Mark[]; dataset: { href: string; title: string } | null }) {
  return (
    <ul className="legend" data-testid="legend">
      {/* keyed by place, not words: a knob move changes an entry's figures, not the entry */}
      {gather(marks, (m) => m.legend).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place and keys
        <li key={`${l.at}|${l.keys.join()}|${i}`} data-testid={l.testId}><Key l={l} />{l.text}</li>
      ))}
      {dataset && <li><a href={dataset.href}>{`The memo's figures: ${dataset.title}`}</a></li>}
    </ul>
  );
});

/** A lesson's legend: `note` first (what appears when), then the marks' short words. */
export function BriefLegend({ marks, note }: { marks: Mark[]; note?: string }) {
  return (
    <ul className="legend lesson-legend" aria-label="Legend">
      {note && <li>{note}</li>}
      {gather(marks, (m) => m.brief).map((l) => (
        <li key={`${l.at}|${l.text}`}><Key l={l} />{` ${l.text}`}</li>
      ))}
    </ul>
  );
}
