// What each mark on the chart is: the model curve (and, with "one curve per", every other
// value's curve), the dashed baseline with the settings it was pinned at, the band, the memo's
// measurements (filled, hollow, a range), the capacity and the current setting.
import { memo } from "react";
import type { KnobSpec, KnobValues } from "../api/types";
import type { NamedSeries } from "../chart/Chart";
import { seriesColour } from "../chart/theme";
import type { BoundView, KneeView } from "../chart/curves";
import type { MemoPoint } from "../chart/memoPoints";
import { formatSetting } from "../format";

export interface LegendProps {
  knobs: KnobSpec[];
  values: KnobValues;
  curveLabel: string | null;
  series: NamedSeries[];
  baseline: KnobValues | null;
  bandNames: string[];
  showBand: boolean;
  memo: MemoPoint[];
  capacity: string | null;
  /** the model's saturation point on this curve, in words */
  saturation?: string | null;
  dataset: { href: string; title: string } | null;
  /** the user's own measurements: how many the chart shows, and how many were measured elsewhere */
  own?: { shown: number; elsewhere: number } | null;
  /** the bounds drawn, each kind in words (boundsLegend) */
  bounds?: { kind: string; text: string }[];
}

/** The legend's words for the bounds drawn: each kind once, and the knee with its station. */
export function boundsLegend(b: { lines: BoundView[]; knee: KneeView | null }, xText: (v: number) => string): { kind: string; text: string }[] {
  const kinds = new Set(b.lines.map((l) => l.kind));
  const out: { kind: string; text: string }[] = [];
  if (kinds.has("asymptotic")) out.push({ kind: "asymptotic", text: "asymptotic bounds (thin): the population over the whole cycle, capped by the busiest station; below, every customer queueing behind all the others" });
  if (kinds.has("balanced")) out.push({ kind: "balanced", text: "balanced job bounds (dashed): the same demand spread evenly over the stations (above) or all at the busiest (below)" });
  if (kinds.has("stage")) out.push({ kind: "stage", text: `each stage alone (dotted): what ${[...new Set(b.lines.filter((l) => l.kind === "stage").map((l) => l.name))].join(", ")} would allow if nothing else took time` });
  if (b.knee) out.push({ kind: "knee", text: `knee N* = (D + Z) / D_max at ${xText(b.knee.x)}: where the asymptotes meet; beyond it the ${b.knee.station} sets the pace` });
  return out;
}

/** The baseline's settings that differ from the current ones (all of them would be noise). */
export function baselineDifferences(knobs: KnobSpec[], now: KnobValues, base: KnobValues): string[] {
  return knobs.filter((k) => base[k.name] !== now[k.name]).map((k) => formatSetting(k.label, base[k.name], k.unit));
}

export const Legend = memo(function Legend(p: LegendProps) {
  const diff = p.baseline ? baselineDifferences(p.knobs, p.values, p.baseline) : [];
  const inexact = p.memo.some((m) => !m.exact);
  const ranged = p.memo.some((m) => m.x0 !== undefined);
  const repeated = new Set(p.memo.map((m) => m.x)).size < p.memo.length;
  return (
    <ul className="legend" data-testid="legend">
      <li><span className="key curve" />{p.curveLabel ? `model: ${p.curveLabel}` : "model"}</li>
      {p.series.map((s, i) => (
        <li key={s.label} data-testid="legend-series">
          <span className="key series" style={{ borderColor: seriesColour(i) }} />
          {`model: ${s.label}`}
        </li>
      ))}
      {p.own && (
        <li data-testid="legend-own">
          <span className="key own" />
          {`your measurements (${p.own.shown} on this chart${p.own.elsewhere ? `; ${p.own.elsewhere} measured at other settings` : ""})`}
        </li>
      )}
      {p.baseline && (
        <li data-testid="baseline-settings">
          <span className="key baseline" />
          {`baseline (dashed; square at its own setting): ${diff.length ? diff.join(", ") : "same settings as now"}`}
        </li>
      )}
      {p.showBand && <li><span className="key band" />{`range over ${p.bandNames.join(", ")} (not measured in the memo)`}</li>}
      {p.memo.length > 0 && (
        <li>
          <span className="key memo" />
          memo measurement at this setting (hover or focus for its citation)
        </li>
      )}
      {p.memo.length > 0 && <li><span className="key measured" />on the x axis: where the memo measured; elsewhere the model extrapolates</li>}
      {inexact && <li><span className="key memo inexact" />hollow: measured at another setting of a knob the chart holds fixed</li>}
      {repeated && <li><span className="key memo" /><span className="key memo" />several points at one x: the memo's separate runs or tables</li>}
      {ranged && <li><span className="key memo-range" />a line through a point: the memo gives the range it was measured over, not the value</li>}
      {p.capacity && <li><span className="key limit" />{p.capacity}</li>}
      {(p.bounds ?? []).map((b) => <li key={b.kind} data-testid="legend-bound"><span className={`key bound bound-${b.kind}`} />{b.text}</li>)}
      {p.saturation && <li data-testid="legend-saturation"><span className="key saturation" />{p.saturation}</li>}
      <li><span className="key current" />current setting (a ring; a memo point inside it is the memo's figure there)</li>
      {p.dataset && <li><a href={p.dataset.href}>{`The memo's figures: ${p.dataset.title}`}</a></li>}
    </ul>
  );
});
