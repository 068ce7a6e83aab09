// One labelled control per knob: a slider plus a typed number field for numbers (powers of two
// on log2 knobs), a select for choices. Typed values are checked before they reach the state.
import { memo, useEffect, useId, useState } from "react";
import { isChoice, type ChoiceKnob, type KnobSpec, type KnobValues, type NumberKnob } from "../api/types";
import { allowed, coerce } from "../state/urlState";

export interface KnobPanelProps {
  knobs: KnobSpec[];
  values: KnobValues;
  onChange: (name: string, value: string | number) => void;
}

// Memoized: a model answer arriving re-renders the page, not every control (keeps knob moves cheap).
export const KnobPanel = memo(function KnobPanel({ knobs, values, onChange }: KnobPanelProps) {
  return (
    <fieldset className="knob-panel">
      <legend>Knobs</legend>
      {knobs.map((k) =>
        isChoice(k) ? (
          <ChoiceControl key={k.name} knob={k} value={String(values[k.name])} onChange={(v) => onChange(k.name, v)} />
        ) : (
          <NumberControl key={k.name} knob={k} value={Number(values[k.name])} onChange={(v) => onChange(k.name, v)} />
        ),
      )}
    </fieldset>
  );
});

function ChoiceControl({ knob, value, onChange }: { knob: ChoiceKnob; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="knob">
      <label htmlFor={id}>{knob.label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-help`}>
        {knob.choices.map((c) => (
          <option key={c} value={c}>{c}</option>
        ))}
      </select>
      <small id={`${id}-help`}>{knob.meaning}</small>
    </div>
  );
}

function NumberControl({ knob, value, onChange }: { knob: NumberKnob; value: number; onChange: (v: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(value));
    setError(null);
  }, [value]);
  const log = knob.scale === "log2";
  const commit = () => {
    const v = coerce(knob, text.trim());
    if (v === null) setError(`${knob.label} must be ${allowed(knob)}.`);
    else {
      setError(null);
      if (v !== value) onChange(v as number);
    }
  };
  return (
    <div className="knob">
      <div className="knob-head">
        <label htmlFor={id}>{knob.label}</label>
        {knob.unit && <span className="unit">({knob.unit})</span>}
      </div>
      <div className="knob-row">
        <input
          id={id}
          type="range"
          min={log ? Math.log2(knob.min) : knob.min}
          max={log ? Math.log2(knob.max) : knob.max}
          step={log ? 1 : knob.step}
          value={log ? Math.log2(value) : value}
          aria-valuetext={`${value}${knob.unit ? ` ${knob.unit}` : ""}`}
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            const raw = Number(e.target.value);
            onChange(log ? 2 ** raw : raw);
          }}
        />
        <input
          type="text"
          inputMode="decimal"
          className="knob-number"
          aria-label={`${knob.label} value`}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-err` : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
            if (e.key === "Escape") {
              setText(String(value));
              setError(null);
            }
          }}
        />
      </div>
      {error && <p id={`${id}-err`} className="knob-error" role="alert">{error}</p>}
      <small id={`${id}-help`}>{knob.meaning}</small>
    </div>
  );
}
