// Predict, then reveal: the learner places a point or picks an answer and commits it; then the
// model and the memo are shown with how far off the prediction was.
import { useEffect, useId, useRef, useState } from "react";
import { announce } from "../a11y/announcer";
import type { MetricSpec, SystemSpec } from "../api/types";
import type { MemoPoint } from "../chart/memoPoints";
import { formatSetting, formatValue } from "../format";
import { findFigure } from "./memoFigure";
import type { StepAnswer } from "./progress";
import type { Question as Q } from "./format";
import { picking } from "./picking";
import { useDataset } from "../explorer/useSystem";
import { readPrediction } from "./typed";
import { SketchQuestion, sketchSaid, SketchTable } from "./SketchQuestion";

interface QuestionProps {
  q: Q;
  spec: SystemSpec;
  xLabel: string;
  yMetric: MetricSpec;
  answer: StepAnswer | null;
  draft: StepAnswer | null;
  onDraft: (a: StepAnswer) => void;
  onCommit: (a: StepAnswer) => void;
  /** in a live class: whether answers are closed, the answer the class holds (in words, or
   * null), and whether a newer one waits on this device for the connection */
  live?: { held: string | null; closed: boolean; waiting?: boolean; until?: string };
  /** the chart's y axis top while the question is open (a typed value far beyond it is a slip) */
  top?: number;
  /** the answer is out: a choice question marks the right one */
  revealed?: boolean;
  /** an x value as people read it, and its unit (a sketch's points are labelled with them) */
  xText?: (v: number) => string;
  xUnit?: string;
}

/** A knob's label in this system, for a knob question's choices. */
export const knobLabel = (spec: SystemSpec) => (name: string) => spec.knobs.find((k) => k.name === name)?.label ?? name;

export function Question({ q, spec, xLabel, yMetric, answer, draft, onDraft, onCommit, live, top, revealed, xText = String, xUnit = "" }: QuestionProps) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  // a drag or a key on the chart moves the prediction: the box then shows the chart's value
  const y0 = answer?.kind === "point" ? answer.y : draft?.kind === "point" ? draft.y : null;
  const [seen, setSeen] = useState(y0);
  if (seen !== y0) {
    setSeen(y0);
    const r = typed === null ? null : readPrediction(typed, { unit: yMetric.unit, share: yMetric.share, top });
    if (typed !== null && !(r?.ok && r.value === y0)) setTyped(null);
  }
  const committed = answer !== null || !!live?.closed;
  const submitLabel = live ? (live.held ? "Send my new answer" : "Send my answer") : null;
  // what the class holds, in words: never an answer still waiting here, or one it refused
  const liveNote = live?.closed && !revealed ? (
    <p className="muted" data-testid="sent-note">{live.held ? `The class has ${live.held} from you.` : "The class has no answer from you for this step."}</p>
  ) : live && !live.closed ? (
    <p className="muted" data-testid="sent-note">
      {live.waiting ? `Not sent yet: kept on this device until the connection returns.${live.held ? ` The class still has ${live.held} from you.` : ""}`
        : live.held ? `Sent. The class has ${live.held} from you; you can change it until ${live.until ?? "the reveal"}.` : `Not sent yet. Once sent, you can change it until ${live.until ?? "the reveal"}.`}
    </p>
  ) : null;
  if (q.predict === "curve") {
    const ys = answer?.kind === "curve" ? answer.ys : draft?.kind === "curve" ? draft.ys : null;
    return (
      <SketchQuestion prompt={q.prompt} xs={q.at} xText={xText} xLabel={xLabel} xUnit={xUnit} yMetric={yMetric} top={top} ys={ys} committed={committed}
        onDraft={(v) => onDraft({ kind: "curve", ys: v })} onCommit={(v) => onCommit({ kind: "curve", ys: v })} submitLabel={submitLabel ?? "Reveal"} liveNote={liveNote} revealed={!!revealed} />
    );
  }
  const pick = picking(q, knobLabel(spec));
  if (pick) {
    const picked = answer?.kind === "choice" ? answer.choice : draft?.kind === "choice" ? draft.choice : null;
    return (
      <form className="lesson-question" data-testid="question" data-predict={q.predict} onSubmit={(e) => { e.preventDefault(); if (picked) onCommit({ kind: "choice", choice: picked }); }}>
        <fieldset disabled={committed}>
          <legend>{q.prompt}</legend>
          {pick.choices.map((c, i) => (
            <label key={c} className={revealed && pick.answer === i + 1 ? "choice right" : "choice"}>
              <input type="radio" name={`${id}-choice`} value={i + 1} checked={picked === i + 1} onChange={() => onDraft({ kind: "choice", choice: i + 1 })} />
              {` ${c}`}
              {revealed && pick.answer === i + 1 && <strong data-testid="choice-right">{" ✓ the answer"}</strong>}
            </label>
          ))}
        </fieldset>
        {!committed && <button type="submit" disabled={!picked}>{submitLabel ?? "Commit my answer"}</button>}
        {liveNote}
      </form>
    );
  }
  if (q.predict !== "point") return null;
  const y = answer?.kind === "point" ? answer.y : draft?.kind === "point" ? draft.y : null;
  const shown = typed ?? (y === null ? "" : String(round(y)));
  const read = typed === null ? null : readPrediction(typed, { unit: yMetric.unit, share: yMetric.share, top });
  const problem = read && !read.ok ? read.reason : null;
  // the box must hold a valid number for the answer to go: what it shows is what is sent
  const sendable = y !== null && (read === null || read.ok);
  const shownLabel = `Your prediction (${yMetric.unit || yMetric.label})`;
  return (
    <form className="lesson-question" data-testid="question" data-predict="point" onSubmit={(e) => { e.preventDefault(); if (sendable && y !== null) onCommit({ kind: "point", y }); }}>
      <p className="prompt" id={`${id}-prompt`}><strong>{q.prompt}</strong></p>
      {!committed && (
        <p className="muted drag-hint">{`Drag on the chart along the dashed line at ${xLabel} ${q.at}, or type a value (the up and down arrow keys step it).`}</p>
      )}
      <label>
        {`${shownLabel} `}
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          data-testid="typed-prediction"
          // the name starts with the words on screen (WCAG 2.5.3) and adds what is predicted, where;
          // the question itself is its description
          aria-label={`${shownLabel} of ${yMetric.label} at ${xLabel} ${q.at}`}
          disabled={committed}
          value={shown}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-prompt ${id}-err` : `${id}-prompt`}
          onChange={(e) => {
            setTyped(e.target.value);
            const r = readPrediction(e.target.value, { unit: yMetric.unit, share: yMetric.share, top });
            if (r.ok) onDraft({ kind: "point", y: r.value });
          }}
          // a valid number is shown as the chart has it; anything else stays as typed, with its reason
          onBlur={() => { if (read?.ok) setTyped(null); }}
          // the keyboard's way to move the point, as the chart's handle steps it (a hundredth of
          // the axis, ten with Page Up/Down), so the prediction and then Reveal are one Tab apart
          onKeyDown={(e) => {
            const steps: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
            if (committed || !(e.key in steps) || !top) return;
            e.preventDefault();
            e.stopPropagation(); // (a presenter's keys move between steps, but not from here)
            const next = Math.max(0, Math.min(top, (y ?? top / 2) + (steps[e.key] * top) / 100));
            setTyped(null);
            onDraft({ kind: "point", y: Number(next.toPrecision(4)) });
          }}
        />
      </label>
      {problem && <span id={`${id}-err`} className="field-error" role="alert" data-testid="typed-problem">{problem}</span>}
      {!committed && <button type="submit" disabled={!sendable}>{submitLabel ?? "Reveal"}</button>}
      {liveNote}
    </form>
  );
}

const round = (v: number) => Number(v.toPrecision(4));

function off(pred: number, truth: number, unit: string): string {
  const d = pred - truth;
  const pct = truth !== 0 ? `${Math.abs((100 * d) / truth).toFixed(0)}% ` : "";
  if (Math.abs(d) <= 1e-9 * Math.max(1, Math.abs(truth))) return "exactly right";
  // on a percentage, the difference in points (a relative "5 %" beside "2.3 %" reads as two answers)
  if (unit === "%") return `${Number(Math.abs(d).toPrecision(2))} points ${d > 0 ? "above" : "below"}`;
  return `${pct}${d > 0 ? "above" : "below"} (${d > 0 ? "+" : "−"}${formatValue(Math.abs(d), unit)})`;
}

/** What the reveal shows: the model's answer and the memo's, and how far the learner's answer
 * was from them. Without an answer (the teacher's projector), the answer alone, in words. Once
 * the model has answered, the same words are announced (a11y/announcer.ts), citations aside. */
export function Reveal({ q, spec, answer, yMetric, xLabel, xUnit, model, memo, also, curve, focus = false, keepView = false }: {
  q: Q; spec: SystemSpec; answer: StepAnswer | null; yMetric: MetricSpec; xLabel: string; xUnit: string; model: number | null; memo: MemoPoint[];
  /** the learner's own button revealed it (and is gone): the focus moves here, not to the page */
  focus?: boolean;
  /** presenting: the focus moves without scrolling, so the chart stays where the room sees it */
  keepView?: boolean;
  /** said after the reveal's own words (in a class: where the student's answer stood) */
  also?: string | null;
  /** a sketched curve's: the model at its x values (null until known), the class's median
   * sketch (in a class, once revealed), how x reads, and whether the x axis is logarithmic */
  curve?: { model: number[] | null; classMedian: number[] | null; xText: (v: number) => string; log: boolean };
}) {
  const figureSet = useDataset(q.memo?.dataset ?? null);
  const figure = q.memo && figureSet ? findFigure(figureSet, q.memo) : null;
  const unit = yMetric.unit;
  const at = q.predict === "point" ? formatSetting(xLabel, q.at, xUnit) : xLabel;
  const exact = memo.filter((m) => m.exact);
  const memoShown = exact.length ? exact : memo;
  const mine = answer?.kind === "point" ? answer.y : null;
  const pick = picking(q, knobLabel(spec));
  const sketch = q.predict === "curve" && curve
    ? sketchSaid(q.at, answer?.kind === "curve" ? answer.ys : null, curve.model, memoShown, curve.classMedian, curve.log)
    : null;
  const w = {
    mine: mine !== null ? `You predicted ${formatValue(mine, unit)} at ${at}.` : null,
    model: model === null
      ? null
      : `The model gives ${formatValue(model, unit)}${mine !== null ? `: your prediction is ${off(mine, model, unit)}` : ` at ${at}`}.`,
    memo: memoShown.map((m) => `The memo measured ${formatValue(m.y, unit)} (printed as “${m.printed}”)${m.exact ? "" : `, at ${m.differs.join(", ")}`}${mine !== null ? `: your prediction is ${off(mine, m.y, unit)}` : ""}.`),
    verdict: !pick ? null
      : `${answer?.kind === "choice" ? (answer.choice === pick.answer ? "Right. " : `Not quite: you picked “${pick.choices[answer.choice - 1] ?? "?"}”. `) : ""}`,
    answer: !pick ? null : q.predict === "knob" ? `The model says “${pick.choices[pick.answer - 1]}” matters most here.` : `The answer is “${pick.choices[pick.answer - 1]}”.`,
    intuition: q.intuition ? `A common intuition: ${q.intuition}` : null,
    figure: figure ? `The memo reports ${formatValue(figure.value, figure.unit || unit)} (printed as “${figure.printed}”)${mine !== null ? `: your prediction is ${off(mine, figure.value, figure.unit || unit)}` : ""}.` : null,
  };
  const ready = pick !== null || model !== null || !!curve?.model;
  const spoken = ready
    ? ["The answer is out.", w.mine, w.model, ...w.memo, sketch?.mine, sketch?.memo, sketch?.cls, w.verdict, w.answer, pick?.explain ?? null, w.figure, also]
      .filter((x): x is string => !!x).join(" ")
    : null;
  // said once the model has answered; where the class's place arrives after that, it is said
  // on its own, after the reveal
  const said = useRef<{ reveal: boolean; also: boolean }>({ reveal: false, also: false });
  useEffect(() => {
    if (spoken && !said.current.reveal) {
      said.current = { reveal: true, also: !!also };
      announce(spoken);
    } else if (said.current.reveal && also && !said.current.also) {
      said.current.also = true;
      announce(also);
    }
  }, [spoken, also]);
  // the button that revealed it is gone: the focus goes to what it revealed, not to <body>
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) box.current?.focus({ preventScroll: keepView });
  }, [focus, keepView]);
  const intuition = <p className="intuition" data-testid="reveal-intuition"><strong>A common intuition: </strong>{q.intuition}</p>;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a region named for the answer, focused when revealed; a <section> would add a landmark to every step */}
      <div className="reveal" data-testid="reveal" role="region" aria-label="The answer" tabIndex={-1} ref={box}>
        {q.predict === "point" && (
          <>
            {w.mine && <p>{w.mine}</p>}
            <p data-testid="reveal-model">{w.model ?? "Computing the model's answer…"}</p>
            {memoShown.length > 0 && (
              <ul className="reveal-memo" data-testid="reveal-memo">
                {memoShown.map((m, i) => (
                  <li key={m.citation}>
                    {`${w.memo[i]} `}
                    <cite>{m.citation}</cite>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {sketch && curve && (
          <>
            {sketch.mine && <p data-testid="sketch-error" data-error={sketch.error ?? ""}><strong>{sketch.mine}</strong></p>}
            {!curve.model && <p>Computing the model's curve…</p>}
            {sketch.memo && (
              <p data-testid="sketch-memo-error">
                {`${sketch.memo} `}
                {memoShown.map((m) => <cite key={m.citation}>{m.citation}</cite>)}
              </p>
            )}
            {sketch.cls && <p data-testid="class-sketch-error">{sketch.cls}</p>}
          </>
        )}
        {pick && (
          <>
            <p data-testid="reveal-verdict">
              {w.verdict}
              <strong>{w.answer}</strong>
            </p>
            <p data-testid="reveal-explain">{pick.explain}</p>
          </>
        )}
        {q.intuition && !sketch && intuition}
        {w.figure && figure && (
          <p data-testid="reveal-figure">
            {`${w.figure} `}
            <cite>{figure.citation}</cite>
          </p>
        )}
      </div>
      {/* a sketch's points and the intuition apart: a phone shows them below the chart */}
      {sketch && curve && (
        <div className="reveal sketch-more">
          <SketchTable xs={q.predict === "curve" ? q.at : []} ys={answer?.kind === "curve" ? answer.ys : null} model={curve.model} xText={curve.xText} unit={unit} />
          {q.intuition && intuition}
        </div>
      )}
    </>
  );
}
