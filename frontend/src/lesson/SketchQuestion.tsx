// Sketch the whole curve (a lesson's `predict: curve`): the question beside the chart where a
// finger or the mouse draws (chart/marks/sketch.tsx), with a slider for each point the sketch is
// read at, for a learner who cannot draw; and after the reveal, how far the sketch was from the
// model and the memo's points (lesson/sketch.ts), point by point.
import { type PointerEvent, type ReactNode, type RefObject, useRef } from "react";
import type { MetricSpec } from "../api/types";
import type { MemoPoint } from "../chart/memoPoints";
import { formatValue } from "../format";
import { errorAgainst, meanRelativeError, percent, SKETCH_STEPS, snap } from "./sketch";

interface SketchQuestionProps {
  prompt: string;
  xs: number[];
  xText: (v: number) => string;
  xLabel: string;
  /** the x axis's unit: without one, a point is named with the knob's label too */
  xUnit: string;
  yMetric: MetricSpec;
  /** the chart's y axis top while the question is open: the sliders reach it */
  top: number | undefined;
  /** the sketch shown (NaN: a point not set yet), or null: none yet */
  ys: number[] | null;
  committed: boolean;
  onDraft: (ys: number[]) => void;
  onCommit: (ys: number[]) => void;
  submitLabel: string;
  liveNote: ReactNode;
  /** the answer is out: the reveal's table lists the points, the sliders go */
  revealed: boolean;
}

/** A finger's drag along a slider, followed from its first pixel: Chromium's own slider waits
 * for about 15 px of travel before it moves (to tell a drag from a scroll), so short drags did
 * nothing. The value moves by the drag's share of the slider's width, from where it started. */
type Grip = { x: number; value: number } | null;

function fingerDrags(grip: RefObject<Grip>, set: (v: number) => void, max: number) {
  return {
    onPointerDown: (e: PointerEvent<HTMLInputElement>) => {
      grip.current = e.pointerType === "touch" ? { x: e.clientX, value: Number(e.currentTarget.value) } : null;
    },
    onPointerMove: (e: PointerEvent<HTMLInputElement>) => {
      const from = grip.current;
      if (!from || e.pointerType !== "touch") return;
      const width = e.currentTarget.getBoundingClientRect().width || 1;
      set(Math.min(max, Math.max(0, from.value + ((e.clientX - from.x) / width) * max)));
    },
    onPointerUp: () => { grip.current = null; },
    onPointerCancel: () => { grip.current = null; },
  };
}

export function SketchQuestion({ prompt, xs, xText, xLabel, xUnit, yMetric, top, ys, committed, onDraft, onCommit, submitLabel, liveNote, revealed }: SketchQuestionProps) {
  const now = ys ?? xs.map(() => Number.NaN);
  const grip = useRef<Grip>(null);
  const done = now.every(Number.isFinite);
  // Before the chart's scale is known a slider would span a made-up range, and a point set on it
  // would mean nothing: the sliders wait for it.
  const scaled = top !== undefined;
  const max = top ?? 1;
  const at = (x: number) => (xUnit ? `at ${xText(x)}` : `at ${xLabel} ${xText(x)}`);
  return (
    <form className="lesson-question sketch-question" data-testid="question" data-predict="curve"
      onSubmit={(e) => { e.preventDefault(); if (done) onCommit(now); }}>
      <p className="prompt"><strong>{prompt}</strong></p>
      {!committed && (
        <p className="muted drag-hint">Draw the curve on the chart with your finger or the mouse: it is read at the dotted lines. Draw again to correct it.</p>
      )}
      {/* the keyboard's way, folded away so that on a phone the chart stays in the first screen */}
      {!revealed && <details className="sketch-points">
        <summary data-testid="sketch-by-keyboard">{`Or set each of the ${xs.length} points with a slider`}</summary>
        <fieldset disabled={committed || !scaled}>
        <legend className="visually-hidden">{`Your sketch, point by point (${yMetric.unit || yMetric.label})`}</legend>
        {!scaled && <p className="muted" data-testid="sketch-waiting">The sliders wait for the chart's scale…</p>}
        {xs.map((x, i) => (
          <label key={x} className="sketch-slider">
            <span className="sketch-at">{at(x)}</span>
            <input type="range" min={0} max={max} step={max / SKETCH_STEPS} value={Number.isFinite(now[i]) ? now[i] : 0}
              data-testid="sketch-slider" data-x={x} aria-label={`${yMetric.label} ${at(x)}`}
              aria-valuetext={Number.isFinite(now[i]) ? formatValue(now[i], yMetric.unit) : "not set yet"}
              onChange={(e) => onDraft(now.map((y, j) => (j === i ? snap(Number(e.target.value), max) : y)))}
              {...fingerDrags(grip, (v) => onDraft(now.map((y, j) => (j === i ? snap(v, max) : y))), max)} />
            <output className={Number.isFinite(now[i]) ? "sketch-value" : "sketch-value unset"}>
              {Number.isFinite(now[i]) ? formatValue(now[i], yMetric.unit) : "not set"}
            </output>
          </label>
        ))}
        </fieldset>
      </details>}
      {!committed && (
        <p className="sketch-submit">
          <button type="submit" disabled={!done}>{submitLabel}</button>
          {!done && <span className="muted" data-testid="sketch-count">{` ${now.filter(Number.isFinite).length} of ${xs.length} points set`}</span>}
        </p>
      )}
      {liveNote}
    </form>
  );
}

/** What the reveal says of a sketch: its mean relative error against the model, against the
 * memo's points between its x values, and (in a class) the class's median sketch's. */
export interface SketchSaid {
  error: number | null;
  mine: string | null;
  memo: string | null;
  cls: string | null;
}

export function sketchSaid(xs: number[], ys: number[] | null, model: number[] | null, memo: MemoPoint[], classMedian: number[] | null, log: boolean): SketchSaid {
  const error = ys && model ? meanRelativeError(ys, model) : null;
  const against = ys ? errorAgainst(xs, ys, memo, log) : null;
  const n = xs.length;
  const cls = classMedian && model ? meanRelativeError(classMedian, model) : null;
  return {
    error,
    mine: error === null || !Number.isFinite(error) ? null : `Your sketch is ${percent(error)} off the model on average (its mean relative error at the ${n} points).`,
    memo: against ? `Against the memo's ${against.count === 1 ? "measurement" : `${against.count} measurements`} along it, your sketch is ${percent(against.error)} off on average.` : null,
    cls: cls === null || !Number.isFinite(cls) ? null : `The class's median sketch is ${percent(cls)} off the model on average.`,
  };
}

/** Point by point: the sketch (if any) beside the model's value and how far off it was. */
export function SketchTable({ xs, ys, model, xText, unit }: { xs: number[]; ys: number[] | null; model: number[] | null; xText: (v: number) => string; unit: string }) {
  return (
    <table className="sketch-table" data-testid="sketch-table">
      <caption>{ys ? "Your sketch against the model" : "The model at each point"}</caption>
      <thead>
        <tr>
          <th scope="col">At</th>
          {ys && <th scope="col">Yours</th>}
          <th scope="col">Model</th>
          {ys && <th scope="col">Off by</th>}
        </tr>
      </thead>
      <tbody>
        {xs.map((x, i) => (
          <tr key={x}>
            <th scope="row">{xText(x)}</th>
            {ys && <td>{formatValue(ys[i], unit)}</td>}
            <td>{model ? formatValue(model[i], unit) : "…"}</td>
            {ys && <td>{model ? percent(Math.abs(ys[i] - model[i]) / Math.abs(model[i] || 1)) : "…"}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
