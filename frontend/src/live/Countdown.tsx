// A step's countdown, on a phone and on the projector: the seconds left to the deadline the
// server holds (deadline.ts), large, and said to a screen reader at its start, at 10 s and at
// the end through the page's one announcement queue (a timer read aloud every second would drown
// everything else). At zero it says the step is closed; the server refuses later answers.
import { useEffect } from "react";
import { announce } from "../a11y/announcer";
import { clockText, type Deadline, spokenAt } from "./deadline";

export function Countdown({ deadline, left, big }: { deadline: Deadline; left: number; big?: boolean }) {
  useEffect(() => {
    const said = spokenAt(left, deadline);
    if (said) announce(said);
  }, [left, deadline]);
  const up = left === 0;
  return (
    <p className={`countdown${up ? " up" : left <= 10 ? " ending" : ""}${big ? " big" : ""}`} data-testid="countdown" data-left={left} data-limit={deadline.seconds} data-ends={new Date(deadline.ends).toISOString()}>
      <span className="countdown-clock" role="timer" aria-label={up ? "Time is up" : `${left} seconds left`}>{clockText(left)}</span>{" "}
      <span className="countdown-words">{up ? "Time is up: answers are closed" : `left to answer (of ${deadline.seconds} s)`}</span>
    </p>
  );
}
