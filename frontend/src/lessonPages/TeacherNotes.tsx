// A teacher's preview of a whole lesson on one page: every step's setup, its question with the
// answer (the right choice, or the model's value at the question's x, or at each x a curve is
// sketched at), what the reveal says, and the common intuition it corrects; then the concept
// check's questions with theirs. Text only, for reading before class or printing.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { SystemSpec } from "../api/types";
import { formatSetting, formatValue, knobDisplay } from "../format";
import { allSpecs } from "../lesson/access";
import { curveKnobsOf } from "../chart/curves";
import { memoPoints } from "../chart/memoPoints";
import { useDataset } from "../explorer/useSystem";
import { defaultsOf } from "../lesson/claims";
import { findFigure } from "../lesson/memoFigure";
import { knobLabel } from "../lesson/Question";
import type { Lesson, LessonStep, Question } from "../lesson/format";
import { checkStep, picking } from "../lesson/picking";

function setting(step: LessonStep, spec: SystemSpec | undefined): string {
  if (!spec) return "";
  const x = spec.knobs.find((k) => k.name === (step.state.x ?? spec.x_default));
  const y = spec.metrics.find((m) => m.name === (step.state.y ?? spec.y_default));
  const knobs = Object.entries(step.state.knobs).map(([k, v]) => {
    const knob = spec.knobs.find((kk) => kk.name === k);
    return formatSetting(knob?.label ?? k, v, knob?.unit ?? "");
  });
  return `${y?.label ?? "?"} against ${x?.label ?? "?"}${knobs.length ? `; ${knobs.join(", ")}` : ""}${step.state.baseline ? "; with a baseline" : ""}`;
}

function ModelAnswer({ step, spec }: { step: LessonStep; spec: SystemSpec }) {
  const [value, setValue] = useState<string>("computing…");
  const q = step.question;
  useEffect(() => {
    if (q?.predict !== "point" && q?.predict !== "curve") return;
    const x = step.state.x ?? spec.x_default;
    const y = step.state.y ?? spec.y_default;
    const unit = spec.metrics.find((m) => m.name === y)?.unit ?? "";
    // a curve's at each x it is sketched at
    const xs = q.predict === "point" ? [q.at] : q.at;
    const xKnob = spec.knobs.find((k) => k.name === x);
    const at = (v: number) => (xKnob ? knobDisplay(xKnob).text(v) : String(v));
    Promise.all(xs.map((v) => api.evaluate(spec.id, { ...step.state.knobs, [x]: v }))).then(
      (rs) => setValue(rs.map((r, i) => `${q.predict === "curve" ? `${at(xs[i])}: ` : ""}${formatValue(r.metrics[y] ?? Number.NaN, unit)}`).join(", ")),
      (e: Error) => setValue(`the model could not answer (${e.message})`),
    );
  }, [q, step, spec]);
  return <>{value}</>;
}

/** The memo's own figure for a question: its measurement at the question's x on the chart, or
 * the figure the question names, with the citation. */
function MemoAnswer({ step, spec }: { step: LessonStep; spec: SystemSpec }) {
  const q = step.question;
  const overlay = useDataset(q?.predict === "point" ? spec.overlay?.dataset ?? null : null);
  const named = useDataset(q?.memo?.dataset ?? null);
  if (!q) return null;
  const x = step.state.x ?? spec.x_default;
  const y = step.state.y ?? spec.y_default;
  const unit = spec.metrics.find((m) => m.name === y)?.unit ?? "";
  const knobs = { ...defaultsOf(spec), ...step.state.knobs };
  const measured = q.predict === "point" ? memoPoints(overlay, spec, curveKnobsOf(spec, knobs, x), x, y).filter((m) => m.x === q.at) : [];
  const figure = q.memo && named ? findFigure(named, q.memo) : null;
  if (!measured.length && !figure) return null;
  return (
    <ul className="notes-memo" data-testid="notes-memo">
      {measured.map((m) => (
        <li key={m.citation}>{`The memo measured ${formatValue(m.y, unit)} (printed as “${m.printed}”)${m.exact ? "" : `, at ${m.differs.join(", ")}`}. `}<cite>{m.citation}</cite></li>
      ))}
      {figure && <li>{`The memo reports ${formatValue(figure.value, figure.unit || unit)} (printed as “${figure.printed}”). `}<cite>{figure.citation}</cite></li>}
    </ul>
  );
}

/** One step, or one question of the concept check, with its question's answer. */
function Note({ s, spec, href, check }: { s: LessonStep; spec: SystemSpec | undefined; href?: string; check?: boolean }) {
  const q = s.question;
  const pick = picking(q, spec ? knobLabel(spec) : undefined);
  const Heading = check ? "h3" : "h2";
  return (
    <li data-testid={check ? "notes-check" : "notes-step"}>
      <Heading>{href ? <a href={href}>{s.title}</a> : s.title}</Heading>
      <p className="muted">{`Chart: ${setting(s, spec)}`}</p>
      <p>{s.text}</p>
      {q && (
        <div className="notes-question">
          <p><strong>Question: </strong>{q.prompt}</p>
          {pick ? (
            <>
              <ol>{pick.choices.map((c, k) => <li key={c} className={k + 1 === pick.answer ? "right" : undefined}>{k + 1 === pick.answer ? `${c} (${keyWords(q)})` : c}</li>)}</ol>
              <p><strong>Why: </strong>{pick.explain}</p>
            </>
          ) : (
            <p data-testid="notes-model"><strong>The model's answer: </strong>{spec ? <ModelAnswer step={s} spec={spec} /> : "…"}</p>
          )}
          {spec && <MemoAnswer step={s} spec={spec} />}
          {q.intuition && <p><strong>The intuition it corrects: </strong>{q.intuition}</p>}
        </div>
      )}
      {s.after && <p><strong>After the reveal: </strong>{s.after}</p>}
    </li>
  );
}

export function TeacherNotes({ lesson, base }: { lesson: Lesson; base: string }) {
  const [specs, setSpecs] = useState<Record<string, SystemSpec> | null>(null);
  useEffect(() => {
    document.title = `${lesson.title}: teacher's notes · Memo Lab`;
    allSpecs().then(setSpecs, () => setSpecs({}));
  }, [lesson]);
  const check = lesson.check ?? [];
  return (
    <main className="teacher-notes" data-testid="teacher-notes">
      <p className="crumbs"><a href="/learn">Lessons</a></p>
      <h1>{`${lesson.title}: teacher's notes`}</h1>
      <p>{lesson.summary}</p>
      <p><a href={`${base}/1?present=1`}>Present this lesson</a></p>
      <ol className="notes-steps">
        {lesson.steps.map((s, i) => (
          <Note key={`${s.title}\n${s.text.slice(0, 60)}`} s={s} spec={specs?.[s.state.system]} href={`${base}/${i + 1}`} />
        ))}
      </ol>
      {check.length > 0 && (
        <section aria-labelledby="notes-check-title">
          <h2 id="notes-check-title">Concept check, before and after the lesson</h2>
          <p>A live class answers these questions before the lesson and again after it; the class report gives the share right each time and the gain.</p>
          <ol className="notes-steps">
            {check.map((q, i) => <Note key={q.question.prompt} s={checkStep(q, i, check.length)} spec={specs?.[q.state.system]} check />)}
          </ol>
        </section>
      )}
    </main>
  );
}

/** Whose answer a choice's key is: the model's (checked when the lesson is) or only the author's. */
function keyWords(q: Question): string {
  if (q.predict === "knob") return "the answer, by the model's sensitivity here";
  if (q.predict === "choice" && q.bottlenecks) return "the answer, the model's bottleneck here";
  if (q.predict === "choice" && q.simulate) return `the answer, where the simulation (${q.simulate} service times) lands here`;
  return "the lesson's answer: the model cannot judge this question";
}
