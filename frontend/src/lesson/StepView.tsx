// One lesson step: the explanation, the explorer state it sets, and its question. A question
// hides the model's curve and the memo's points until the learner commits a prediction.
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { SystemSpec } from "../api/types";
import { axesOf, Chart } from "../chart/Chart";
import { bandNamesOf } from "../chart/curves";
import { memoPoints } from "../chart/memoPoints";
import { ChartDescription } from "../chart/ChartDescription";
import { DataTable } from "../chart/DataTable";
import { describeMarks } from "../chart/describe";
import { BriefLegend } from "../chart/Legend";
import { Readouts } from "../explorer/Readouts";
import { useLatest } from "../view/useLatest";
import { useModelView } from "../view/useModelView";
import type { ModelClient } from "../runtime/ModelClient";
import { defaults, serialize, type ExplorerState } from "../state/urlState";
import { progressOf, saveAnswer, type StepAnswer } from "./progress";
import { knobLabel, Question, Reveal } from "./Question";
import type { LessonStep } from "./format";
import { picking } from "./picking";
import { useSystem } from "../explorer/useSystem";
import { fitPredictions, stepTop } from "./axis";
import { formatValue, knobDisplay } from "../format";
import { announce } from "../a11y/announcer";
import { ChoiceTally, type Tally } from "./ChoiceTally";
import { stepMarks } from "./stepMarks";
import { classSketchOf, sketchOf, sketchWords, useCurveModel } from "./sketchStep";
import { useStepSimulation } from "./useStepSimulation";

// what matters most: only a knob question's reveal shows it, so the other steps never fetch it
const SensitivityPanel = lazy(() => import("../explorer/SensitivityPanel").then((m) => ({ default: m.SensitivityPanel })));

/** The explorer state a step describes, over the system's defaults. */
export function stepState(step: LessonStep, spec: SystemSpec): ExplorerState {
  const d = defaults(spec);
  return {
    knobs: { ...d.knobs, ...step.state.knobs },
    x: step.state.x ?? spec.x_default,
    y: step.state.y ?? spec.y_default,
    baseline: step.state.baseline ? { ...d.knobs, ...step.state.baseline } : null,
    scenario: null,
    per: null,
    data: null,
    fitted: null,
    spread: null,
    fit: null,
    // a lesson draws the bounds only on a step that is about them
    bounds: step.state.bounds === true,
  };
}

/** The median of how far each prediction was from the model's value, in percent of it. */
export function medianError(predictions: number[], model: number): number {
  const errors = predictions.map((v) => Math.abs(v - model) / Math.abs(model || 1)).sort((a, b) => a - b);
  const n = errors.length;
  const mid = n % 2 ? errors[(n - 1) / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
  return Math.round(100 * mid);
}

export function Paragraphs({ text }: { text: string }) {
  return <>{text.split(/\n\s*\n/).map((p) => <p key={p}>{p.replace(/\s*\n\s*/g, " ").trim()}</p>)}</>;
}

/** A step in a live class: the class, not this browser, says what is revealed and holds the answer. */
export interface LiveStep {
  role: "teacher" | "student";
  revealed: boolean;
  locked: boolean;
  /** the student's answer as the server has it */
  answer: StepAnswer | null;
  /** the answer is kept on this device until the connection returns (answerOutbox.ts) */
  waiting?: boolean;
  /** send the answer: "sent", or "waiting" when the device is offline and keeps it to send */
  submit?: (a: StepAnswer) => Promise<"sent" | "waiting">;
  /** the class's point predictions (the teacher's, live; a student's, once revealed) */
  crowd: number[];
  /** where the student's answer stood in the class's, once revealed (shown, and said after the reveal) */
  place?: (unit: string, label?: (knob: string) => string) => string | null;
  /** the class's picks on a choice or knob question (the teacher's projector) */
  tally?: Tally;
  /** shown right after the question (a student's phone: how sure they are) */
  extra?: ReactNode;
  /** shown above the chart (the projector: the class's shift between two votes) */
  board?: ReactNode;
  /** a curve question's class sketches, once revealed: each x's values, and how many sketched */
  sketches?: { perX: number[][]; count: number };
  /** until when the student may change their answer (default: "the reveal") */
  until?: string;
  /** a question with no reveal (a concept check): the model's curve is never shown */
  noReveal?: boolean;
}

/** A presenter's own answers, kept in this browser's progress: `shown` false opens the step unanswered
 * (an answer given earlier on the plain lesson page is the teacher's rehearsal, not the room's);
 * `answered` is told when one is committed here. */
export interface OwnAnswers {
  shown: boolean;
  answered: () => void;
}

export function StepView({ step, number, lessonKey, client, present, live, own }: { step: LessonStep; number: number; lessonKey: string; client: ModelClient; present: boolean; live?: LiveStep; own?: OwnAnswers }) {
  const { spec, dataset, error } = useSystem(step.state.system);
  if (error) return <p role="alert" className="model-error">{`Cannot load the ${step.state.system} model: ${error}`}</p>;
  if (!spec) return <p className="loading" aria-busy="true">Loading the model…</p>;
  return <StepBody key={`${lessonKey}/${number}`} step={step} number={number} lessonKey={lessonKey} client={client} present={present} spec={spec} dataset={dataset} live={live} own={own} />;
}

function StepBody({ step, number, lessonKey, client, present, spec, dataset, live, own }: {
  step: LessonStep; number: number; lessonKey: string; client: ModelClient; present: boolean; spec: SystemSpec; dataset: ReturnType<typeof useSystem>["dataset"]; live?: LiveStep; own?: OwnAnswers;
}) {
  const state = useMemo(() => stepState(step, spec), [step, spec]);
  const { knobs, x, y, baseline } = state;
  const xKnob = spec.knobs.find((k) => k.name === x)!;
  const yMetric = spec.metrics.find((m) => m.name === y)!;
  const xShow = useMemo(() => knobDisplay(xKnob), [xKnob]);
  const descriptionId = useId();
  const [tableAsked, setTableAsked] = useState(0);
  const askTable = useCallback(() => setTableAsked((n) => n + 1), []);
  const axes = useMemo(() => axesOf(xKnob, xShow, yMetric), [xKnob, xShow, yMetric]);
  const q = step.question;
  // In a live class the server holds the answer and says when to reveal; alone, this browser does.
  const [kept] = useState<StepAnswer | null>(() => (live ? null : progressOf(lessonKey).answers[number] ?? null));
  // (a presenter's answer from before this presentation stays in progress, unshown: the room sees the question)
  const keptHidden = kept !== null && own?.shown === false;
  const [ownAnswer, setOwnAnswer] = useState<StepAnswer | null>(keptHidden ? null : kept);
  const answer = live ? live.answer : ownAnswer;
  const [draft, setDraft] = useState<StepAnswer | null>(null);
  // revealed by the learner's own Reveal or Commit here (not found answered on arrival)
  const [committedHere, setCommittedHere] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const revealed = !q || (live ? live.revealed : answer !== null);
  // a live student may change their answer until the reveal; the teacher only watches
  const canAnswer = live ? live.role === "student" && !live.revealed && !live.locked : answer === null;

  const view = useModelView(client, spec, { knobs, x, y, baseline, whole: true });
  const { curveKnobs, sweep, detail, baseDetail, curve, band, baseCurve } = view;
  // The model's exact answer where the learner predicts (the curve's grid may not hold that x).
  const atKnobs = q?.predict === "point" ? { ...knobs, [x]: q.at } : null;
  const atAnswer = useLatest(atKnobs ? `${spec.id}|at|${JSON.stringify(atKnobs)}` : null, () => client.evaluate(spec.id, atKnobs!, "detail"));

  // a curve question: the model where the sketch is read
  const curveModel = useCurveModel(client, spec.id, q?.predict === "curve" ? q.at : null, knobs, x, y);

  const memoModels = sweep.value?.memo_models;
  const memo = useMemo(() => memoPoints(dataset, spec, curveKnobs, x, y, memoModels), [dataset, spec, curveKnobs, x, y, memoModels]);

  // While a question is open the y axis is the chart the explorer would draw, with headroom
  // (axis.ts): it gives nothing away and already holds what the reveal shows.
  const { limit, baseSweep } = view;
  const atModel = atAnswer.value?.metrics[y];
  const top = useMemo(() => {
    if (!q) return undefined;
    return stepTop(
      { curve: curve.map((p) => p.y), baseline: baseCurve.map((p) => p.y), band: band.map((p) => p.y1), capacity: limit.map((p) => p.y), memo: memo.map((m) => m.y) },
      { yMax: q.y_max, share: yMetric.share },
    );
  }, [q, curve, baseCurve, band, memo, limit, yMetric]);
  useEffect(() => {
    document.title = `${step.title} · Memo Lab`;
  }, [step.title]);

  // On a projector the chart takes the height left below the header (which grows with a
  // class's panel), so the whole plot stays in view.
  const chartBox = useRef<HTMLDivElement>(null);
  const [fitHeight, setFitHeight] = useState(380);
  useLayoutEffect(() => {
    if (!present) return;
    const measure = () => {
      const el = chartBox.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setFitHeight(Math.round(Math.max(320, Math.min(720, window.innerHeight - top - 56))));
    };
    measure();
    const watch = new ResizeObserver(measure);
    // the header grows with a class's panel, the chart's column with a tally or a tornado above it
    for (const el of [document.querySelector(".lesson-head"), chartBox.current?.parentElement]) if (el) watch.observe(el);
    window.addEventListener("resize", measure);
    return () => {
      watch.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [present]);

  const commit = (a: StepAnswer) => {
    if (live?.submit) {
      setSending("Sending…");
      live.submit(a).then((how) => {
        setSending(null);
        const given = answerWords(a);
        announce(how === "waiting"
          ? `You are offline. Your answer, ${given}, is kept on this device and will be sent when the connection returns.`
          : `Your answer, ${given}, went to the class's screen. You can change it until ${live.until ?? "the reveal"}.`);
      }, (e: Error) => {
        setSending(`Not sent: ${e.message}`);
        announce(`Your answer was not sent: ${e.message}`);
      });
      return;
    }
    saveAnswer(lessonKey, number, a);
    setOwnAnswer(a);
    setCommittedHere(true);
    own?.answered();
  };
  const answerWords = (a: StepAnswer) => (a.kind === "point" ? formatValue(a.y, yMetric.unit) : a.kind === "curve" ? sketchWords(a.ys) : `“${picking(q, knobLabel(spec))?.choices[a.choice - 1] ?? a.choice}”`);
  const shownDraft = draft ?? (live && !live.revealed ? live.answer : null);
  const place = live?.place?.(yMetric.unit, knobLabel(spec)) ?? null;
  // answers closed (revealed, locked, committed): only the answer held; open: the draft
  const shown = canAnswer ? (shownDraft ?? answer) : answer;
  const pointY = q?.predict === "point" && shown?.kind === "point" ? shown.y : null;
  const crowd = live && q?.predict === "point" && (live.role === "teacher" || revealed) ? live.crowd : [];
  // The axis stays put; a prediction above it (the student's or the class's) widens it to fit.
  const yMax = top === undefined ? undefined : fitPredictions(top, [pointY ?? Number.NaN, ...crowd]);
  const ready = sweep.value !== null && (!baseline || baseSweep.value !== null) && (!q || yMax !== undefined);
  const classBand = classSketchOf(q, revealed, live?.sketches);
  const prediction = q?.predict === "point" && live?.role !== "teacher" ? {
    x: q.at,
    y: pointY,
    label: `Your prediction of ${yMetric.label} at ${xKnob.label} ${q.at}`,
    // as the box shows it (four significant digits): what is shown is what is sent
    onChange: canAnswer ? (v: number) => setDraft({ kind: "point", y: Number(v.toPrecision(4)) }) : undefined,
  } : undefined;
  // a simulation step: its runs beside the curve, once the answer is out
  const sim = useStepSimulation(client, spec, q, revealed, knobs, x, y, curve);
  const marks = stepMarks(axes, {
    revealed, curve, band, bandNames: bandNamesOf(sweep.value, spec), limit, knee: view.knee, saturation: view.saturation,
    bounds: step.state.bounds === true && view.bounds.lines.length ? view.bounds : null,
    baseline: baseline ? baseCurve : null, memo, currentX: Number(knobs[x]), currentY: detail.value?.metrics[y] ?? Number.NaN,
    prediction, crowd: live && q?.predict === "point" && (live.role === "teacher" || revealed) ? { x: q.at, ys: crowd } : undefined,
    sketch: sketchOf(q, shown, canAnswer ? (ys) => setDraft({ kind: "curve", ys }) : undefined, live?.role === "teacher", top),
    classSketch: classBand,
    simulated: sim.view,
  });
  // The chart in words and as a table, once the answer is out: before, only what is plotted.
  const description = revealed
    ? describeMarks(marks, axes)
    : [`${yMetric.label} against ${xKnob.label}. The model's curve, and the memo's measurements, are described here once the answer is out.`];
  const explore = `/explore/${spec.id}?${serialize(state, spec)}`;
  // A learner asked to pick among words (a choice, or which knob), alone or at a class's seat, is
  // answered without the chart: before the reveal it would be bare axes (nothing drawn but a
  // pinned baseline, which is kept), pushing the rest of the step down a phone's screen. It
  // appears with the answer. The projector keeps its frame: the class's tally is drawn there.
  const pick = picking(q, knobLabel(spec));
  const chartless = live?.role !== "teacher" && !revealed && !!pick && !baseline;

  return (
    <div className="lesson-body">
      <section className="lesson-text" aria-label="Explanation">
        {/* the step's premise: read before its question (a phone's seat keeps it first: lessons.css) */}
        <div className="step-premise" data-testid="premise"><Paragraphs text={step.text} /></div>
        {q && live?.role === "teacher" && <p className="prompt"><strong>{q.prompt}</strong></p>}
        {/* the projector: a choice's options in the room's view while the class answers, so that
            they can be discussed (none marked: the reveal and the tally mark the right one) */}
        {live?.role === "teacher" && !revealed && pick && (
          <ol className="projector-choices" data-testid="projector-choices" aria-label="The choices">
            {pick.choices.map((c) => <li key={c}>{c}</li>)}
          </ol>
        )}
        {q && live?.role !== "teacher" && (
          <Question q={q} spec={spec} xLabel={xKnob.label} yMetric={yMetric} answer={canAnswer ? null : answer} revealed={revealed}
            // closed: only the answer held is shown (in a class, never a draft the class does not hold)
            draft={canAnswer ? shownDraft : null} onDraft={setDraft} onCommit={commit}
            live={live ? { held: live.answer ? answerWords(live.answer) : null, closed: !canAnswer, waiting: live.waiting, until: live.until } : undefined} top={top} xText={axes.xText} xUnit={axes.xUnit} />
        )}
        {keptHidden && !answer && (
          <p className="muted" data-testid="own-answer-hidden">Your own earlier answer to this step (on the lesson page) is not shown here: the question stays open for the room.</p>
        )}
        {live?.extra}
        {sending && <p className={sending.startsWith("Not") ? "field-error" : "muted"}>{sending}</p>}
        {live?.role === "teacher" && revealed && q?.predict === "point" && atModel != null && live.crowd.length > 0 && (
          <p className="answered" data-testid="class-median-error">{`The class's median error: ${medianError(live.crowd, atModel)} %`}</p>
        )}
        {/* in a class, also to a student who did not answer: the answer alone, as on the projector */}
        {q && revealed && (answer || live) && (
          <Reveal q={q} spec={spec} answer={answer} yMetric={yMetric} xLabel={xKnob.label} xUnit={xKnob.unit} also={place}
            model={atAnswer.value?.metrics[y] ?? null} memo={q.predict === "point" ? memo.filter((m) => m.x === q.at) : q.predict === "curve" ? memo : []}
            curve={q.predict === "curve" ? { model: curveModel, classMedian: classBand?.median ?? null, xText: axes.xText, log: axes.xLog } : undefined}
            focus={committedHere} keepView={present} />
        )}
        {/* read after the reveal, as it is said (Reveal's `also`) */}
        {place && <p data-testid="class-place">{place}</p>}
        {/* which knob matters most: the model's whole answer, every knob's effect here (on a
            projector, in the chart's column, where the room is looking) */}
        {q?.predict === "knob" && revealed && !present && <Suspense fallback={null}><SensitivityPanel spec={spec} client={client} knobs={knobs} metric={yMetric} x={x} source={spec.id} /></Suspense>}
        {revealed && <SimulationStatus sim={sim} />}
        {revealed && step.after && <div className="after"><Paragraphs text={step.after} /></div>}
        {revealed && !present && <p><a href={explore}>Open this in the explorer</a></p>}
      </section>
      {!chartless && <section className="lesson-chart" aria-label="Chart">
        {live?.board}
        {live?.tally && <ChoiceTally tally={live.tally} />}
        {q?.predict === "knob" && revealed && present && <Suspense fallback={null}><SensitivityPanel spec={spec} client={client} knobs={knobs} metric={yMetric} x={x} source={spec.id} /></Suspense>}
        <div ref={chartBox}>
        {!ready ? (
          <p className="loading" aria-busy="true">Computing the curve…</p>
        ) : (
          <Chart axes={axes} marks={marks} height={present ? fitHeight : undefined} large={present} yMax={yMax}
            describedBy={descriptionId} onTable={revealed ? askTable : undefined} />
        )}
        </div>
        {(sweep.error ?? detail.error) && <p className="model-error" role="alert">{`The model could not answer: ${sweep.error ?? detail.error}`}</p>}
        <BriefLegend marks={marks} note={revealed ? undefined : live?.noReveal ? "A concept check shows no model's curve: the lesson does." : live ? "The model's curve appears at the reveal." : `The model's curve appears once you commit your ${q?.predict === "curve" ? "sketch" : "prediction"}.`} />
        {revealed && <Readouts metrics={spec.metrics} result={detail.value} baseline={baseline ? baseDetail.value : null} />}
        {/* below the legend and readouts: a projector keeps those right under the chart */}
        <ChartDescription id={descriptionId} sentences={description} />
        {revealed && (
          <DataTable axes={axes} marks={marks} openSignal={tableAsked} />
        )}
      </section>}
    </div>
  );
}


/** What a simulation step's run is doing, then where it landed (its sentence). */
function SimulationStatus({ sim }: { sim: ReturnType<typeof useStepSimulation> }) {
  if (sim.running) {
    return (
      <p className="muted" role="status" data-testid="step-simulating">
        <progress max={sim.running.of} value={sim.running.done} aria-label="Simulating" />
        {` Simulating setting ${sim.running.done + 1} of ${sim.running.of}…`}
      </p>
    );
  }
  if (sim.error) return <p className="model-error" data-testid="step-simulation-error">{`The simulation could not run: ${sim.error}`}</p>;
  return sim.view ? <p data-testid="step-simulation">{sim.view.sentence}</p> : null;
}
