// The concept check on a student's phone: while the teacher has it open (before the lesson or
// after it), every phone answers the lesson's check questions, one at a time with Previous and
// Next, each as a step of its own (StepView: the chart, the question; the model's answer never
// shown). Answers go through the same path as a step's (answerOutbox.ts), marked with the phase;
// the phone shows only what the class holds.
import { useEffect, useState } from "react";
import { announce } from "../a11y/announcer";
import type { CheckQuestion } from "../lesson/format";
import { checkStep } from "../lesson/picking";
import type { StepAnswer } from "../lesson/progress";
import { StepView } from "../lesson/StepView";
import type { ModelClient } from "../runtime/ModelClient";
import { type Stored, sendAnswer, WAITING_EVENT, waiting } from "./answerOutbox";
import type { Form } from "./forms";
import { held as heldText, type Phase } from "./room";

export const PHASE_WORDS: Record<Phase, string> = { before: "before the lesson", after: "after the lesson" };

/** The questions of this phase whose answers wait on this device for the connection. */
const waitingIn = (code: string, phase: Phase) => waiting(code).flatMap((w) => (w.body.phase === phase ? [w.step] : []));

export function CheckSeat({ code, token, name, questions, form, phase, held, online, client, took }: {
  code: string;
  token: string;
  name: string;
  /** the questions of the form this student takes in this phase (forms.ts) */
  questions: CheckQuestion[];
  /** with two forms, which one this is (null: the check has one) */
  form: Form | null;
  phase: Phase;
  /** this student's answers to this phase's questions, as the class holds them */
  held: Record<number, StepAnswer>;
  online: boolean;
  client: ModelClient;
  /** an answer the class acknowledged (folded into the seat) */
  took: (s: Stored) => void;
}) {
  const [number, setNumber] = useState(1);
  const [kept, setKept] = useState(() => waitingIn(code, phase));
  useEffect(() => {
    const seen = () => setKept(waitingIn(code, phase));
    seen();
    window.addEventListener(WAITING_EVENT, seen);
    return () => window.removeEventListener(WAITING_EVENT, seen);
  }, [code, phase]);
  const total = questions.length;
  useEffect(() => {
    announce(`Your teacher opened the concept check, ${PHASE_WORDS[phase]}: ${total} questions. Answer each with what you think now.`);
  }, [phase, total]);
  const n = Math.min(number, total);
  const answered = Object.keys(held).length;
  const step = checkStep(questions[n - 1], n - 1, total);
  const submit = async (a: StepAnswer) => {
    const body = { answer: a, phase };
    const got = await sendAnswer(code, token, n, body);
    if (got === "waiting") return "waiting" as const;
    took(got);
    return "sent" as const;
  };
  const answer = held[n] ?? null;
  return (
    <main className="lesson seat check-seat" data-testid="check-seat" data-phase={phase} data-question={n} data-held={heldText(answer)} data-form={form ?? ""}>
      <header className="lesson-head">
        <div>
          <p className="step-count" data-testid="step-count">{`Class ${code} · concept check ${PHASE_WORDS[phase]}${form ? ` (form ${form})` : ""} · question ${n} of ${total}${name ? ` · ${name}` : ""}`}</p>
          <h1>{`Concept check: question ${n} of ${total}`}</h1>
        </div>
      </header>
      <p className="seat-status" data-testid="check-intro">
        {phase === "before"
          ? "Before the lesson: answer with what you think now. A guess is fine: the screen shows only how many answered, and no right answer is given."
          : `After the lesson: ${form ? "the same ideas again, asked with other numbers or settings" : "the same questions again"}. The screen shows only how many answered; your teacher's report compares the class's answers before and after (its download lists each answer with the name you gave, if any).`}
        {` ${answered} of ${total} answered.`}
        {!online && " Reconnecting to the class…"}
      </p>
      {kept.includes(n) && (
        <p className="seat-status notice" role="status" data-testid="answer-waiting">Offline: your answer is kept on this device and will be sent when the connection returns.</p>
      )}
      <StepView key={`${phase}/${n}`} step={step} number={n} lessonKey={`class:${code}:check:${phase}${form ?? ""}`} client={client} present={false}
        live={{ role: "student", revealed: false, locked: false, answer, waiting: kept.includes(n), submit, crowd: [], until: "your teacher closes the check", noReveal: true }} />
      <nav className="step-nav check-nav" aria-label="Concept check questions">
        <button type="button" disabled={n <= 1} onClick={() => setNumber(n - 1)}>← Previous question</button>
        <ol className="step-dots">
          {questions.map((q, i) => (
            <li key={q.question.prompt}>
              <button type="button" aria-current={i + 1 === n ? "step" : undefined} data-testid={`check-dot-${i + 1}`}
                aria-label={`Question ${i + 1}${held[i + 1] ? ", answered" : ""}`} onClick={() => setNumber(i + 1)}>
                {held[i + 1] ? `${i + 1} ✓` : String(i + 1)}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" disabled={n >= total} onClick={() => setNumber(n + 1)}>Next question →</button>
      </nav>
    </main>
  );
}
