// A class's picks on a choice or "which knob" question, drawn large for the back of a room: one
// bar a choice with its words and its count, the right one marked once revealed. Shown on the
// projector in the chart's place, so a tally is read where the eyes already are.

export interface Tally {
  /** the choices as the students saw them */
  choices: string[];
  /** how many picked each, in the choices' order */
  counts: number[];
  /** the right choice (counted from 1), once revealed */
  answer: number | null;
}

export function ChoiceTally({ tally }: { tally: Tally }) {
  const total = tally.counts.reduce((a, b) => a + b, 0);
  const most = Math.max(1, ...tally.counts);
  return (
    <figure className="choice-tally" data-testid="choice-tally">
      <figcaption className="visually-hidden">{total === 0 ? "No answers yet" : `The class's answers (${total})`}</figcaption>
      <ul aria-label="The class's choices">
        {tally.choices.map((c, i) => {
          const n = tally.counts[i] ?? 0;
          const right = tally.answer === i + 1;
          return (
            <li key={c} className={right ? "right" : undefined} data-testid={right ? "right-choice" : undefined}>
              <span className="tally-words">{`${right ? "✓ the answer: " : ""}${c}: `}<strong>{n}</strong></span>
              <span className="tally-track" aria-hidden="true">
                <span className="tally-bar" style={{ width: `${(100 * n) / most}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
