// The concept check on the teacher's page: the controls in the class panel (open it before the
// lesson or after it, close it; buttons reached by Tab and pressed with Enter, the open phase
// marked pressed), and what the projector shows while it is open instead of the lesson's step:
// each question and how many have answered it, never an answer.
import { useState } from "react";
import type { CheckQuestion } from "../lesson/format";
import { classes } from "./api";
import { PHASE_WORDS } from "./CheckSeat";
import type { Phase, Room } from "./room";

export function CheckControls({ code, token, open }: { code: string; token: string; open: Phase | null }) {
  const [error, setError] = useState<string | null>(null);
  const set = (check: Phase | "closed") => classes.control(code, token, { check }).then(() => setError(null), (e: Error) => setError(e.message));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, named; a fieldset would be a form's
    <div className="check-controls" role="group" aria-label="Concept check" data-testid="check-controls">
      <span className="check-label">Concept check:</span>
      {(["before", "after"] as const).map((p) => (
        <button key={p} type="button" data-testid={`check-${p}`} aria-pressed={open === p} onClick={() => set(open === p ? "closed" : p)}>
          {`Concept check (${p})`}
        </button>
      ))}
      {open && <button type="button" data-testid="check-close" onClick={() => set("closed")}>Close the check: back to the lesson</button>}
      {error && <span role="alert" className="field-error">{error}</span>}
    </div>
  );
}

/** The panel's count while the check is open: the students who answered every question of the
 * phase (the lesson step's own count would say nothing about the check). */
export function checkAnswered(room: Room, phase: Phase, questions: number): string {
  const students = Object.keys(room.students);
  const done = students.filter((id) => Array.from({ length: questions }, (_, i) => room.checks[phase][i + 1]?.[id]).every(Boolean)).length;
  return `Concept check (${phase}): ${done} of ${students.length} answered all ${questions} questions`;
}

/** The projector while the check is open: its questions and how many have answered each. */
export function CheckBoard({ questions, phase, room, twoForms }: { questions: CheckQuestion[]; phase: Phase; room: Room; twoForms?: boolean }) {
  const students = Object.keys(room.students).length;
  const answers = room.checks[phase];
  return (
    <section className="check-board" data-testid="check-board" aria-label="Concept check" data-phase={phase}>
      <h2>{`Concept check, ${PHASE_WORDS[phase]}`}</h2>
      <p>{`Answer the ${questions.length} questions on your phone. Nobody's answer is shown here.`}</p>
      {twoForms && (
        <p data-testid="check-forms-board">{`Two forms: half the class answers form A ${PHASE_WORDS[phase]}, the other half form B (the same ideas at other settings); ${phase === "before" ? "after the lesson each takes the other form" : "each now takes the form they did not take before"}. Form A's questions:`}</p>
      )}
      <ol className="check-questions">
        {questions.map((q, i) => (
          <li key={q.question.prompt}>
            <span className="check-prompt">{q.question.prompt}</span>{" "}
            <span className="answered" data-testid={`check-answered-${i + 1}`}>{`${Object.keys(answers[i + 1] ?? {}).length} of ${students} answered`}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
