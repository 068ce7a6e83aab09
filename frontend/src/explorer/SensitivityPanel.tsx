// "What matters most here": every knob's effect on the chart's metric at the setting on screen
// (perfmodels/sensitivity.py, in the worker with each knob move), as a tornado: each knob's bar
// runs from the metric at its lowest setting to its highest, the others held, largest first.
// Each bar's figure is in the units a person would compute, and the knob with the largest effect
// and the knob behind the bottleneck are each named for what they are (sensitivityText.ts).
// Choosing a numeric knob's bar puts that knob on the x axis. It is asked once the knobs rest
// (every knob at both ends is tens of model calls): a knob's curve never waits behind it.
import { memo, useEffect, useId, useState } from "react";
import type { KnobValues, MetricSpec, Params, Sensitivity, SystemSpec } from "../api/types";
import { useLatest } from "../view/useLatest";
import { formatValue } from "../format";
import type { Answerer } from "../view/answerer";
import { effectText, inSentence, sensitivityClaim, valueText } from "./sensitivityText";

interface Props {
  spec: SystemSpec;
  /** who answers: the page's models, or an edited model's sandbox (view/answerer.ts) */
  client: Answerer;
  knobs: KnobValues;
  metric: MetricSpec;
  x: string;
  params?: Params;
  source: string;
  /** choosing a numeric knob's bar puts it on the x axis (absent: the bars are read only, as in a lesson's reveal) */
  onPickX?: (name: string) => void;
  /** the answerer is an edited model's: said so, and shown as computing until it answers (the
   * original's is never shown in its place) */
  edited?: boolean;
}

const REST_MS = 250;

export const SensitivityPanel = memo(function SensitivityPanel({ spec, client, knobs, metric, x, params, source, onPickX, edited = false }: Props) {
  const id = useId();
  const [settled, setSettled] = useState(knobs);
  useEffect(() => {
    const t = setTimeout(() => setSettled(knobs), REST_MS);
    return () => clearTimeout(t);
  }, [knobs]);
  const key = `${source}|sens|${spec.id}|${metric.name}|${JSON.stringify(settled)}|${JSON.stringify(params ?? null)}`;
  const got = useLatest(key,
    () => client.sensitivity(spec.id, settled, metric.name, "sensitivity", params), undefined, client);
  const r = got.value;
  // Until the knobs rest and their answer comes, the bars are the last setting's: said so (dimmed,
  // aria-busy).
  const behind = settled !== knobs || got.key !== key;
  if (!r && edited) {
    return (
      <section className="sensitivity" data-testid="sensitivity" data-of="edit" aria-labelledby={`${id}-h`} aria-busy="true">
        <h2 id={`${id}-h`}>What matters most here</h2>
        <p className="muted">Computing each knob's effect on your edited model…</p>
      </section>
    );
  }
  if (!r) return null;
  return <Tornado id={id} r={r} at={settled} spec={spec} metric={metric} x={x} edited={edited} behind={behind} onPickX={onPickX} />;
});

/** The bars, drawn again only when the answer or the settled setting changes (not with each knob
 * move, which is the curve's frame). */
const Tornado = memo(function Tornado({ id, r, at, spec, metric, x, edited, behind, onPickX }: {
  id: string; r: Sensitivity; at: KnobValues; spec: SystemSpec; metric: MetricSpec; x: string; edited: boolean; behind: boolean; onPickX?: (name: string) => void;
}) {
  const active = r.knobs.filter((k) => k.active && k.low != null && k.high != null);
  const values = active.flatMap((k) => [k.least ?? (k.low as number), k.most ?? (k.high as number)]).concat(r.value ?? []);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pos = (v: number) => (hi > lo ? (100 * (v - lo)) / (hi - lo) : 50);
  const unit = metric.unit;
  const numeric = new Set(spec.knobs.filter((k) => !("choices" in k)).map((k) => k.name));
  const label = (name: string) => spec.knobs.find((k) => k.name === name)?.label ?? name;
  return (
    <section className={behind ? "sensitivity behind" : "sensitivity"} data-testid="sensitivity" data-of={edited ? "edit" : "model"} aria-labelledby={`${id}-h`}
      aria-busy={behind || undefined}>
      <h2 id={`${id}-h`}>What matters most here</h2>
      <p className="muted">
        {`${metric.label}${edited ? " of your edited model" : ""} is ${valueText(r.value, unit)} at this setting. Each bar runs from the least to the most ${inSentence(metric.label)} over the knob's range, every other knob held; the line is this setting. `}
        {onPickX ? "Choose a bar to put its knob on the x axis." : ""}
      </p>
      <p data-testid="sensitivity-claim">{sensitivityClaim(r, metric.label, label)}</p>
      <ol className="tornado">
        {active.map((k) => {
          const low = k.low as number;
          const high = k.high as number;
          const [least, most] = [k.least ?? Math.min(low, high), k.most ?? Math.max(low, high)];
          const left = pos(least);
          const width = Math.max(0.5, pos(most) - left);
          const now = at[k.name];
          const here = effectText(k, spec.knobs.find((kk) => kk.name === k.name), typeof now === "number" ? now : null, { unit, value: r.value });
          const effect = k.choices
            ? Object.entries(k.choices).map(([c, v]) => `${c} ${v == null ? "–" : formatValue(v, unit)}`).join(", ")
            : `from ${formatValue(low, unit)} to ${formatValue(high, unit)}${inside(low, high, least, most, unit)}${here ? `; ${here}` : ""}`;
          const bar = (
            <span className="tornado-track" aria-hidden="true">
              <span className={`tornado-bar${high < low ? " falling" : ""}`} style={{ left: `${left}%`, width: `${width}%` }} />
              {r.value != null && <span className="tornado-now" style={{ left: `${pos(r.value)}%` }} />}
            </span>
          );
          // the knob behind the bottleneck here (perfmodels.sensitivity's cause), named for what
          // it is: not the knob that moves the metric most, unless it is that too (the claim says)
          const cause = r.cause === k.name && r.bottleneck ? (
            <span className="tornado-cause" data-testid="bottleneck-cause">
              {k.label.toLowerCase() === r.bottleneck.toLowerCase() ? " the limit here" : ` behind the ${r.bottleneck}, the limit here`}
            </span>
          ) : null;
          return (
            <li key={k.name} className={cause ? "cause" : undefined}>
              {onPickX && numeric.has(k.name) ? (
                <button type="button" data-testid="sensitivity-bar" data-sensitivity-knob={k.name} aria-pressed={k.name === x} onClick={() => onPickX(k.name)}>
                  <span className="tornado-label">{k.label}{cause}<span className="visually-hidden">: </span></span>{bar}<span className="tornado-text">{effect}</span>
                  <span className="visually-hidden">{`. Put ${k.label} on the x axis`}</span>
                </button>
              ) : (
                <div data-testid="sensitivity-bar" data-sensitivity-knob={k.name} className="tornado-static">
                  <span className="tornado-label">{k.label}{cause}<span className="visually-hidden">: </span></span>{bar}<span className="tornado-text">{effect}</span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {r.knobs.some((k) => !k.active) && (
        <p className="muted">{`Doing nothing here: ${r.knobs.filter((k) => !k.active).map((k) => `${k.label} (${k.reason})`).join("; ")}.`}</p>
      )}
    </section>
  );
});

/** Where the metric goes beyond its two ends inside the knob's range: ", peaking at 445 Kbytes/sec
 * inside the range" (FFS's rotational delay), so a bar wider than its ends is read right. */
function inside(low: number, high: number, least: number, most: number, unit: string): string {
  const beyond = (a: number, b: number) => Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b));
  const peak = beyond(most, Math.max(low, high)) ? `peaking at ${formatValue(most, unit)}` : "";
  const dip = beyond(least, Math.min(low, high)) ? `dipping to ${formatValue(least, unit)}` : "";
  const said = [peak, dip].filter(Boolean).join(" and ");
  return said ? `, ${said} inside the range` : "";
}
