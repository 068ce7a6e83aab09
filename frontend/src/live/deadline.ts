// A step's time limit as a device shows it: the server holds the deadline (ClassState.deadlines,
// an instant by its own clock) and refuses answers after it; a device counts down to it by the
// server's clock, which it reads from its snapshot (`now`): its own may be minutes off. Pure
// functions, and one hook that ticks.
import { useEffect, useState } from "react";
import type { ClassStateData } from "./stream";

export interface Deadline {
  /** when the step's answers close, by the server's clock (ms since the epoch) */
  ends: number;
  /** the limit it was given, in seconds (the countdown's full length) */
  seconds: number;
}

/** The server's clock less this device's, in ms, from a snapshot's `now` read at `localMs`. */
export const skewOf = (serverNow: string | null | undefined, localMs: number): number => {
  const at = serverNow ? Date.parse(serverNow) : Number.NaN;
  return Number.isFinite(at) ? at - localMs : 0;
};

/** A step's time limit, if it has one. */
export function deadlineOf(state: ClassStateData | null, step: number): Deadline | null {
  const d = state?.deadlines?.[String(step)];
  const ends = d ? Date.parse(d.ends) : Number.NaN;
  return d && Number.isFinite(ends) ? { ends, seconds: d.seconds } : null;
}

/** Whole seconds left (rounded up: "1" until the very end), 0 once it has run out. */
export const secondsLeft = (d: Deadline, localMs: number, skewMs: number): number => Math.max(0, Math.ceil((d.ends - (localMs + skewMs)) / 1000));

/** Seconds as a clock reads them: 1:05, 0:09. */
export const clockText = (s: number): string => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/** What a screen reader is told as the countdown runs: at its start, at 10 s left, at the end. */
export function spokenAt(left: number, d: Deadline): string | null {
  if (left === 0) return "Time is up: answers to this step are closed.";
  if (left === 10 && d.seconds > 10) return "10 seconds left to answer.";
  if (left === d.seconds) return `You have ${d.seconds} seconds to answer.`;
  return null;
}

/** The seconds left on a deadline, ticking (null: no limit). */
export function useSecondsLeft(d: Deadline | null, skewMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  const ends = d?.ends;
  useEffect(() => {
    if (ends === undefined) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [ends]);
  return d ? secondsLeft(d, now, skewMs) : null;
}
