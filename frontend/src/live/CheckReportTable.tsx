// The concept check in the class report: each question's share right before the lesson and
// after it, and the normalized gain g = (after − before) / (100 − before), the share of what was
// left to learn that was learnt; then the class's, every question pooled. As the server judges
// them (classes/gain.py); where g has no value the reason is said (everyone right before: g is
// undefined).
import type { CheckQuestion } from "../lesson/format";
import type { CheckReport } from "./api";
import { pct } from "./RoundShift";

type Share = CheckReport["before"];

const shareWords = (s: Share) => (!s.answered ? "no answers" : s.right === null ? `– (${s.answered} answered)` : `${pct(s.right_pct)} (${s.right} of ${s.answered})`);

/** g to two decimals, or why there is none. */
export const gainWords = (g: { gain: number | null; gain_note?: string | null }) => (g.gain === null ? (g.gain_note ?? "–") : g.gain.toFixed(2));

export function CheckReportTable({ report, questions }: { report: CheckReport; questions: CheckQuestion[] }) {
  if (!report.before.answered && !report.after.answered) {
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
      <p className="muted">
        The normalized gain g = (after − before) / (100 − before) is the share of what the class still had to learn that it learnt;
        it is undefined where everyone was right before. Courses taught with interactive engagement averaged 0.48, lectures 0.23 (Hake, 1998).
      </p>
      <table className="report-table check-table" data-testid="check-report">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Right before</th>
            <th scope="col">Right after</th>
            <th scope="col">Gain g</th>
          </tr>
        </thead>
        <tbody>
          {report.questions.map((q) => (
            <tr key={q.question} data-testid={`check-q-${q.question}`}>
              <th scope="row">{`${q.question}. ${questions[q.question - 1]?.question.prompt ?? ""}`}</th>
              <td className="share">{shareWords(q.before)}</td>
              <td className="share">{shareWords(q.after)}</td>
              <td data-testid={`check-gain-${q.question}`}>{gainWords(q)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="check-class">
            <th scope="row">The class, every question</th>
            <td className="share">{shareWords(report.before)}</td>
            <td className="share">{shareWords(report.after)}</td>
            <td data-testid="check-gain-class"><strong>{gainWords(report)}</strong></td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
