// The class's figures of the concept check, on matched students (the students who answered every
// question before and after the lesson), as the server computes them (classes/gain.py,
// classes/effect.py): who is matched and who is missing, the share right before and after, the
// class's gain g, the mean of the students' own gains, Cohen's d with its interval in words, the
// gains and the losses; then what the answers cannot say. Each figure carries its definition
// under it, small, so the six fit a projector's first screen above the questions' table.
import type { ReactNode } from "react";
import type { CheckReport } from "./api";
import { pct } from "./RoundShift";

const MISSED = { before: "before", after: "after", both: "before and after" } as const;
const NAMED = 6; // missing students named before "and N more"

/** Two decimals, a minus sign for a fall. */
export const fixed = (x: number) => x.toFixed(2).replace("-", "−");

function missingWords(r: CheckReport): string {
  if (!r.missing_students.length) return "Nobody is missing.";
  const named = r.missing_students.slice(0, NAMED).map((m) => `${m.name || `anonymous ${m.student}`} (${MISSED[m.missed]}${m.forms ? `, forms ${m.forms[0]} then ${m.forms[1]}` : ""})`);
  const more = r.missing_students.length - named.length;
  return `Missing: ${named.join(", ")}${more > 0 ? `, and ${more} more` : ""}.`;
}

function Figure({ label, id, value, children }: { label: string; id: string; value: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={id}>
        <strong>{value}</strong>
        <span className="def">{children}</span>
      </dd>
    </div>
  );
}

export function CheckFigures({ report: r }: { report: CheckReport }) {
  const own = r.own_gains;
  const d = r.effect;
  return (
    <div className="check-figures-box">
      <dl className="check-figures" data-testid="check-figures">
        <Figure label="Matched students" id="check-matched" value={`${r.matched} of ${r.joined}`}>
          {`answered every question before and after: only they count here (and on each question, those who answered it both times). ${missingWords(r)}`}
        </Figure>
        <Figure label="Right, matched students" id="check-shares" value={`${pct(r.before.right_pct)} → ${pct(r.after.right_pct)}`}>
          {r.before.answered > 0 ? `before → after: ${r.before.right} then ${r.after.right} of their ${r.before.answered} answers` : "before → after"}
        </Figure>
        <Figure label="Class gain g" id="check-gain-class" value={r.gain === null ? "none" : fixed(r.gain)}>
          {r.gain === null ? `${r.gain_note ?? ""}. ` : ""}
          (after − before) / (100 − before) from the matched averages: the share of what was left to learn that was learnt
        </Figure>
        <Figure label="Mean of own gains" id="check-own-gains" value={own.mean === null ? "none" : fixed(own.mean)}>
          {own.mean === null ? `${own.note ?? ""}. ` : ""}
          {`each student's (after − before) / (100 − before), averaged over ${own.students}`}
          {own.left_out > 0 ? `; ${own.left_out} right on everything before left out` : ""}
        </Figure>
        <Figure label="Effect size (Cohen's d)" id="check-effect" value={d.d === null ? "none" : `d = ${fixed(d.d)}, ${d.size}`}>
          {`${d.words}.`}
          {d.d !== null && ` The mean's change over the scores' spread; interval from ${d.resamples.toLocaleString("en")} resamples of the ${d.students} students (seed ${d.seed}).`}
        </Figure>
        <Figure label="Gains and losses" id="check-moves" value={r.gains === null ? "–" : `${r.gains} gained, ${r.losses} lost`}>
          answers of matched students right after but not before; right before but not after
        </Figure>
      </dl>
      {r.notes.length > 0 && (
        <ul className="check-notes" data-testid="check-notes">
          {r.notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      )}
    </div>
  );
}
