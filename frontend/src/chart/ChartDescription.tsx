// The chart described in words (./describe.ts): folded under "Describe the chart" for anyone who
// wants it, and always the chart's accessible description (its aria-describedby names this id).
// A polite live region beside it says what a knob move changed, once the knob has rested.
import { useEffect, useRef, useState } from "react";
import { describeChange, type SettingState } from "./describe";

export function ChartDescription({ id, sentences }: { id: string; sentences: string[] }) {
  return (
    <details className="chart-description">
      <summary>Describe the chart</summary>
      <div id={id} data-testid="chart-description">
        {/* keyed by place: a knob move changes a sentence's figures, so its paragraph is kept */}
        {sentences.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the sentences have no identity but their place
          <p key={i}>{s}</p>
        ))}
      </div>
    </details>
  );
}

const SETTLE_MS = 1000;

/** Says, after the setting has rested for a second, how the value at the knob's setting and its
 * bottleneck changed since the last thing said; nothing while the axes change. */
export function ChangeAnnouncer({ axes, yLabel, yUnit, state }: { axes: string; yLabel: string; yUnit: string; state: SettingState | null }) {
  const [message, setMessage] = useState("");
  const said = useRef<{ axes: string; state: SettingState } | null>(null);
  const key = state ? `${axes}|${state.setting}|${state.value}|${state.bottleneck}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the state; the rest is read when the timer fires
  useEffect(() => {
    if (!state) return;
    const before = said.current;
    if (!before || before.axes !== axes) {
      said.current = { axes, state };
      return;
    }
    const t = setTimeout(() => {
      said.current = { axes, state };
      const m = describeChange(yLabel, yUnit, before.state, state);
      if (m) setMessage(m);
    }, SETTLE_MS);
    return () => clearTimeout(t);
  }, [key]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="chart-change">
      {message}
    </p>
  );
}
