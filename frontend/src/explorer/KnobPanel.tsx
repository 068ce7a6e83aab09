// One labelled control per knob: a slider plus a typed number field for numbers (powers of two
// on log2 knobs), a select for choices. Typed values are checked before they reach the state.
import { memo, useEffect, useId, useState } from "react";
import { isActive, isChoice, type ChoiceKnob, type KnobSpec, type KnobValues, type MetricSpec, type NumberKnob } from "../api/types";
import { allowed, coerce } from "../state/urlState";
import { knobDisplay } from "../format";

export interface KnobPanelProps {
  knobs: KnobSpec[];
  values: KnobValues;
  onChange: (name: string, value: string | number) => void;
  /** a numeric knob's slider took focus (its next move can be computed ahead) */
  onFocusKnob?: (name: string) => void;
  /** knobs folded away: assumptions the memo does not give, rarely turned */
  folded?: string[];
  /** the metric on the y axis: a knob that never changes it in the model says so */
  plotted?: MetricSpec;
}

// Memoized: a model answer arriving re-renders the page, not every control (keeps knob moves cheap).
export const KnobPanel = memo(function KnobPanel({ knobs, values, onChange, onFocusKnob, folded = [], plotted }: KnobPanelProps) {
  const control = (k: KnobSpec) => {
    // A knob that cannot change anything here is disabled, and says why.
    const off = isActive(k, values) ? null : k.inactive_reason ?? "no effect with these settings";
    // One that never changes the plotted metric stays free (it moves others), and says so.
    const leaves = plotted && k.leaves?.includes(plotted.name) ? plotted.label : null;
    return isChoice(k) ? (
      <ChoiceControl key={k.name} knob={k} value={String(values[k.name])} off={off} onChange={onChange} />
    ) : (
      <NumberControl key={k.name} knob={k} value={Number(values[k.name])} off={off} leaves={leaves} onChange={onChange} onFocus={onFocusKnob} />
    );
  };
  const rare = knobs.filter((k) => folded.includes(k.name));
  // Folded knobs open when one of them is turned (a shared link, say), and stay open until the
  // reader folds them: never closed under the hand of someone moving one through its default.
  const turned = rare.some((k) => values[k.name] !== k.default);
  const [open, setOpen] = useState(turned);
  useEffect(() => {
    if (turned) setOpen(true);
  }, [turned]);
  return (
    <fieldset className="knob-panel" id="knobs" tabIndex={-1}>
      <legend>Knobs</legend>
      {knobs.filter((k) => !folded.includes(k.name)).map(control)}
      {rare.length > 0 && (
        <details className="more-knobs" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="more-knobs">
          <summary>{`Assumptions the memo does not give (${rare.length})`}</summary>
          {rare.map(control)}
        </details>
      )}
    </fieldset>
  );
});

function Help({ id, knob, off, leaves = null }: { id: string; knob: KnobSpec; off: string | null; leaves?: string | null }) {
  return (
    <small id={`${id}-help`}>
      {off ? <span className="inactive-reason" data-testid="inactive-reason">{`No effect here: ${off}.`} </span> : null}
      {!off && leaves ? <span className="inactive-reason" data-testid="leaves-plotted">{`No effect on ${leaves} in this model: another y axis shows what it moves. `}</span> : null}
      {knob.meaning}
    </small>
  );
}

// Each control is memoized and takes the panel's stable handlers: a knob move re-renders the
// control that moved, not every input on the panel.
type OnChange = (name: string, value: string | number) => void;

const ChoiceControl = memo(function ChoiceControl({ knob, value, off, onChange }: { knob: ChoiceKnob; value: string; off: string | null; onChange: OnChange }) {
  const id = useId();
  return (
    <div className={off ? "knob inactive" : "knob"} data-knob={knob.name}>
      <label htmlFor={id}>{knob.label}</label>
      <select id={id} value={value} disabled={off !== null} onChange={(e) => onChange(knob.name, e.target.value)} aria-describedby={`${id}-help`}>
        {knob.choices.map((c) => (
          <option key={c} value={c}>{c}</option>
        ))}
      </select>
      <Help id={id} knob={knob} off={off} />
    </div>
  );
});

const NumberControl = memo(function NumberControl({ knob, value, off, leaves, onChange, onFocus }: {
  knob: NumberKnob;
  value: number;
  off: string | null;
  /** the plotted metric's label, where this knob never changes it */
  leaves: string | null;
  onChange: OnChange;
  onFocus?: (name: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  // The typed field follows the knob in the same render (an effect would commit, and paint, a
  // second time after every move).
  const [textFor, setTextFor] = useState(value);
  if (textFor !== value) {
    setTextFor(value);
    setText(String(value));
    setError(null);
  }
  // Back and Forward show the view the address holds: a value typed here and not taken (a wrong
  // one, with its message, or one not yet entered) goes with the view it was typed in, even where
  // this knob's value is the same in both (NaN equals no value, so the lines above reset the field).
  useEffect(() => {
    const reset = () => setTextFor(Number.NaN);
    window.addEventListener("popstate", reset);
    return () => window.removeEventListener("popstate", reset);
  }, []);
  const log = knob.scale === "log2";
  // a value whose unit is not the one people read (13 for 2^13 bytes) also says it plainly
  const shown = knob.unit === "log2 bytes" ? knobDisplay(knob).text(value) : null;
  const commit = () => {
    const v = coerce(knob, text.trim());
    if (v === null) setError(`${knob.label} must be ${allowed(knob)}.`);
    else {
      setError(null);
      setText(String(v)); // as the knob writes it ("700.0" reads 700)
      if (v !== value) onChange(knob.name, v as number);
    }
  };
  return (
    <div className={off ? "knob inactive" : "knob"} data-knob={knob.name}>
      <div className="knob-head">
        <label htmlFor={id}>{knob.label}</label>
        {knob.unit && knob.unit.toLowerCase() !== knob.label.toLowerCase() && <span className="unit">({knob.unit})</span>}
      </div>
      <div className="knob-row">
        <input
          id={id}
          type="range"
          min={log ? Math.log2(knob.min) : knob.min}
          max={log ? Math.log2(knob.max) : knob.max}
          step={log ? 1 : knob.step}
          disabled={off !== null}
          value={log ? Math.log2(value) : value}
          aria-valuetext={shown ? `${value}, ${shown}` : `${value}${knob.unit ? ` ${knob.unit}` : ""}`}
          aria-describedby={`${id}-help`}
          onFocus={() => onFocus?.(knob.name)}
          onChange={(e) => {
            const raw = Number(e.target.value);
            onChange(knob.name, log ? 2 ** raw : raw);
          }}
        />
        <input
          type="text"
          inputMode="decimal"
          className="knob-number"
          disabled={off !== null}
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
      {shown && <p className="knob-shown" data-testid="knob-shown">{`= ${shown}`}</p>}
      {error && <p id={`${id}-err`} className="knob-error" role="alert">{error}</p>}
      <Help id={id} knob={knob} off={off} leaves={leaves} />
    </div>
  );
});
