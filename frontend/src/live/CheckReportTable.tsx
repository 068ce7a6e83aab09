// The concept check in the class report, on matched students: only a student who answered a
// question both before and after the lesson counts for it. The class's figures first
// (CheckFigures.tsx), then each question's: matched and missing, the share right before and
// after, the normalized gain g = (after − before) / (100 − before) and the answers gained and
// lost; where a figure has no value the reason is said. As the server computes them
// (classes/gain.py); the formulas and their sources: docs/learning-report.md.
import type { CheckQuestion } from "../lesson/format";
import type { CheckReport } from "./api";
import { CheckFigures, fixed } from "./CheckFigures";
import { orderWords } from "./forms";
import { pct } from "./RoundShift";

type Share = CheckReport["before"];
type Question = CheckReport["questions"][number];

const shareWords = (s: Share) => (!s.answered ? "no answers" : s.right === null ? `– (${s.answered} answered)` : `${pct(s.right_pct)} (${s.right} of ${s.answered})`);

/** g to two decimals, or why there is none. */
export const gainWords = (g: { gain: number | null; gain_note?: string | null }) => (g.gain === null ? (g.gain_note ?? "–") : fixed(g.gain));

/** A phase's share on the matched students; with none matched yet, every answer of the phase, said so. */
function phaseWords(q: Question, phase: "before" | "after"): string {
  if (q.matched) return shareWords(q[phase]);
  const all = phase === "before" ? q.all_before : q.all_after;
  return all.answered ? `${shareWords(all)}, all who answered` : phase === "after" ? "not asked yet" : "no answers";
}

function missingWords(q: Question): string {
  const parts = [q.missing.before && `${q.missing.before} missed before`, q.missing.after && `${q.missing.after} missed after`, q.missing.both && `${q.missing.both} missed both`];
  return parts.filter(Boolean).join(", ");
}

/** With two forms: each order's students apart (forms.ts). If one form were easier, the order
 * that took it after the lesson would gain more; close figures say the forms are alike. */
function FormsTable({ report }: { report: CheckReport }) {
  if (!report.forms) return null;
  return (
    <>
      <p className="muted" data-testid="forms-note">
        Two parallel forms: each student took form A before the lesson and form B after it, or the reverse, in turn as they joined; each question is compared with its pair in the other form.
      </p>
      <table className="report-table check-table" data-testid="check-forms">
        <thead>
          <tr>
            <th scope="col">Order of the forms</th>
            <th scope="col">Matched</th>
            <th scope="col">Right before</th>
            <th scope="col">Right after</th>
            <th scope="col">Gain g</th>
          </tr>
        </thead>
        <tbody>
          {report.forms.map((f) => (
            <tr key={f.order} data-testid={`check-order-${f.order}`}>
              <th scope="row">{orderWords(f.order)}</th>
              <td className="share">{`${f.matched} of ${f.joined}`}</td>
              <td className="share">{shareWords(f.before)}</td>
              <td className="share">{shareWords(f.after)}</td>
              <td>{gainWords(f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function CheckReportTable({ report, questions, formB }: { report: CheckReport; questions: CheckQuestion[]; formB?: CheckQuestion[] }) {
  if (report.questions.every((q) => !q.all_before.answered && !q.all_after.answered)) {
    return (
      <section className="check-report" aria-labelledby="check-report-title">
        <h3 id="check-report-title">Concept check: before and after the lesson</h3>
        <p data-testid="check-not-run">{`This class has not answered the lesson's concept check (${questions.length} questions). Open it with Concept check (before) before the lesson and Concept check (after) after it: this report then gives the share right each time and the class's gain.`}</p>
      </section>
    );
  }
  return (
    <section className="check-report" aria-labelledby="check-report-title">
      <h3 id="check-report-title">Concept check: before and after the lesson</h3>
      <CheckFigures report={report} />
      <FormsTable report={report} />
      <table className="report-table check-table" data-testid="check-report">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Matched</th>
            <th scope="col">Right before</th>
            <th scope="col">Right after</th>
            <th scope="col">Gain g</th>
            <th scope="col">Gained · lost</th>
          </tr>
        </thead>
        <tbody>
          {report.questions.map((q) => (
            <tr key={q.question} data-testid={`check-q-${q.question}`}>
              <th scope="row">
                {`${q.question}. ${questions[q.question - 1]?.question.prompt ?? ""}`}
                {report.forms && formB?.[q.question - 1] && <span className="muted form-pair">{` Form B: ${formB[q.question - 1].question.prompt}`}</span>}
              </th>
              <td className="share">
                {`${q.matched} of ${report.joined}`}
                {missingWords(q) && <span className="muted">{` (${missingWords(q)})`}</span>}
              </td>
              <td className="share">{phaseWords(q, "before")}</td>
              <td className="share">{phaseWords(q, "after")}</td>
              <td data-testid={`check-gain-${q.question}`}>{gainWords(q)}</td>
              <td className="share">{q.gains === null ? "–" : `${q.gains} · ${q.losses}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted check-sources">
        Sources: the normalized gain, Hake (1998), whose 6,542 students averaged 0.48 in courses taught by interactive engagement and 0.23 in lectures;
        d and its sizes, Cohen (1988); the percentile bootstrap, Efron &amp; Tibshirani (1993).
      </p>
    </section>
  );
}
