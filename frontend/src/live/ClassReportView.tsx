// The class report on the teacher's page: the concept check before and after the lesson on
// matched students (CheckReportTable.tsx), then each step that asked a question, its answers against
// the model per round (the share right, a point within 10 % of the model's value), the confident
// and wrong, each confidence's share right, and on a step voted twice how the class moved. Read
// from the server (GET /api/classes/{code}/report), shown as a sheet over the page that prints
// on its own (styles: .report-sheet), with the class's CSV files to download (the answers, the
// check by student, the key to their coded columns).
import { useEffect, useState } from "react";
import type { Lesson } from "../lesson/format";
import { type ClassReport, classes } from "./api";
import { CheckReportTable } from "./CheckReportTable";
import { pct } from "./RoundShift";
import { SURE_WORDS } from "./PeerVote";

const sureWords = (c: number) => (c === 1 || c === 2 || c === 3 ? SURE_WORDS[c] : "Not said");

export function ClassReportView({ code, token, lesson, onClose }: { code: string; token: string; lesson: Lesson; onClose: () => void }) {
  const [report, setReport] = useState<ClassReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    classes.report(code, token).then(setReport, (e: Error) => setError(e.message));
  }, [code, token]);
  const download = (what: "answers" | "check" | "key") => classes.downloadCsv(code, token, what).catch((e: Error) => setError(e.message));
  return (
    <section className="report-sheet" data-testid="class-report" aria-label="Class report">
      <header className="report-head">
        <h2>{`Class ${code}: ${lesson.title}`}</h2>
        <div className="report-actions">
          <button type="button" onClick={() => download("answers")}>Answers (CSV)</button>
          {lesson.check?.length ? <button type="button" data-testid="download-check" onClick={() => download("check")}>Check by student (CSV)</button> : null}
          <button type="button" onClick={() => download("key")}>Key to the columns (CSV)</button>
          <button type="button" onClick={() => window.print()}>Print</button>
          <button type="button" onClick={onClose}>Close the report</button>
        </div>
      </header>
      <p className="muted">A point prediction counts as right within 10 % of the model's value; "sure and wrong" counts the students who said they were sure.</p>
      {error && <p role="alert" className="field-error">{`Could not read the report: ${error}`}</p>}
      {!report && !error && <p aria-busy="true">Reading the answers…</p>}
      {report?.check && <CheckReportTable report={report.check} questions={lesson.check ?? []} formB={lesson.check_b} />}
      {report && <h3>The lesson's questions, round by round</h3>}
      {report && (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Round</th>
              <th scope="col">Answered</th>
              <th scope="col">Right</th>
              <th scope="col">Sure and wrong</th>
              <th scope="col">Right, by how sure</th>
              <th scope="col">Moved toward the model</th>
            </tr>
          </thead>
          <tbody>
            {report.steps.flatMap((s) => s.rounds.map((r, i) => (
              <tr key={`${s.step}/${r.round}`} data-testid={`report-step-${s.step}-round-${r.round}`}>
                {i === 0 && <th scope="row" rowSpan={s.rounds.length}>{`${s.step}. ${lesson.steps[s.step - 1]?.title ?? ""}`}</th>}
                <td>{r.round}</td>
                <td>{r.answered}</td>
                <td>{pct(r.right_pct)}</td>
                <td>{r.answered ? r.confident_wrong ?? "–" : "–"}</td>
                <td>{r.confidence.map((c) => `${sureWords(c.confidence)}: ${c.right ?? "–"} of ${c.answered}`).join(" · ") || "–"}</td>
                {i === 0 && <td rowSpan={s.rounds.length}>{s.shift ? `${s.shift.toward} of ${s.shift.both}` : "one vote"}</td>}
              </tr>
            )))}
          </tbody>
        </table>
      )}
    </section>
  );
}
