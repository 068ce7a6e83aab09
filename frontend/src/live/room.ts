// What a device knows of its class, folded from the event stream: the teacher's room (every
// student and answer) and a student's seat (their own answers, the class's spread once revealed).
// Pure functions, so the folding is tested without a server.
import { useCallback, useEffect, useReducer, useState } from "react";
import type { StepAnswer } from "../lesson/progress";
import { type ClassEvent, type ClassStateData, type Link, openStream, type Spread } from "./stream";

export interface Given {
  name: string;
  value?: number;
  choice?: number;
}

export interface Room {
  state: ClassStateData | null;
  students: Record<string, string>;
  /** by step, then by student id */
  answers: Record<number, Record<string, Given>>;
}

export interface Seat {
  state: ClassStateData | null;
  me: { id: string; name: string } | null;
  /** this student's answers as the class holds them (never one the class has not acknowledged) */
  answers: Record<number, StepAnswer>;
  /** each held answer's step's count of resets when it was stored: a higher count clears it */
  stored: Record<number, number>;
  /** steps the teacher reset since this device followed them, until it answers them again */
  cleared: Record<number, "answer" | "step">;
  spreads: Record<number, Spread>;
}

/** What this device learns of its own answers outside the stream: the class acknowledged one. */
export interface Acknowledged {
  type: "mine";
  step: number;
  answer: StepAnswer;
  /** the step's count of resets the answer was stored under (the server's reply) */
  resets: number;
}

const given = (a: { value?: number | null; choice?: number | null; name?: string | null }): Given => ({
  name: a.name ?? "",
  ...(a.value != null ? { value: a.value } : {}),
  ...(a.choice != null ? { choice: a.choice } : {}),
});

export const emptyRoom: Room = { state: null, students: {}, answers: {} };
export const emptySeat: Seat = { state: null, me: null, answers: {}, stored: {}, cleared: {}, spreads: {} };

const resetsOf = (state: ClassStateData | null, step: number) => state?.resets?.[String(step)] ?? 0;

export function foldRoom(r: Room, e: ClassEvent): Room {
  switch (e.type) {
    case "snapshot": {
      const answers: Room["answers"] = {};
      for (const a of e.answers) {
        if (!a.id) continue;
        answers[a.step] = { ...answers[a.step], [a.id]: given(a) };
      }
      return { state: e.state, students: Object.fromEntries((e.students ?? []).map((s) => [s.id, s.name])), answers };
    }
    case "state": {
      const { type: _, ...state } = e;
      return { ...r, state };
    }
    case "joined":
      return { ...r, students: { ...r.students, [e.student.id]: e.student.name } };
    case "answers": {
      if (e.reset) {
        const { [e.step]: _, ...rest } = r.answers;
        return { ...r, answers: rest };
      }
      if (!e.answer) return r;
      return { ...r, answers: { ...r.answers, [e.step]: { ...r.answers[e.step], [e.answer.id]: given(e.answer) } } };
    }
    case "ended":
      return r.state ? { ...r, state: { ...r.state, ended: true } } : r;
    default:
      return r;
  }
}

export function foldSeat(s: Seat, e: ClassEvent | Acknowledged): Seat {
  switch (e.type) {
    case "snapshot":
      return {
        state: e.state,
        me: e.me ?? null,
        answers: Object.fromEntries(e.answers.map((a) => [a.step, a.value != null ? { kind: "point", y: a.value } : { kind: "choice", choice: a.choice ?? 0 }])),
        // an answer the snapshot holds survived every reset so far
        stored: Object.fromEntries(e.answers.map((a) => [a.step, resetsOf(e.state, a.step)])),
        cleared: {},
        spreads: Object.fromEntries(Object.entries(e.spreads ?? {}).map(([k, v]) => [Number(k), v])),
      };
    case "state": {
      const { type: _, ...state } = e;
      // a step reset since: the answer stored before it is gone from the class, so from here
      const answers = { ...s.answers };
      const stored = { ...s.stored };
      const cleared = { ...s.cleared };
      for (const [k, n] of Object.entries(state.resets ?? {})) {
        const step = Number(k);
        if (n <= resetsOf(s.state, step)) continue;
        const had = step in answers && (stored[step] ?? 0) < n;
        if (had) {
          delete answers[step];
          delete stored[step];
        }
        cleared[step] = had ? "answer" : "step";
      }
      return { ...s, state, answers, stored, cleared };
    }
    case "mine": {
      // acknowledged under an older count of resets than the class's: a reset came after it
      if (e.resets < resetsOf(s.state, e.step)) return s;
      const { [e.step]: _, ...cleared } = s.cleared;
      return { ...s, answers: { ...s.answers, [e.step]: e.answer }, stored: { ...s.stored, [e.step]: e.resets }, cleared };
    }
    case "reveal":
      return { ...s, spreads: { ...s.spreads, [e.step]: e.spread } };
    case "ended":
      return s.state ? { ...s, state: { ...s.state, ended: true } } : s;
    default:
      return s;
  }
}

/** The steps the teacher opened again between two states of the class: reset, unlocked or hidden
 * again (what makes the news of an earlier refusal old; a lock or a reveal does not). */
export function openedSince(before: ClassStateData, now: ClassStateData): number[] {
  const reset = Object.keys(now.resets ?? {}).map(Number).filter((n) => resetsOf(now, n) > resetsOf(before, n));
  const unlocked = before.locked.filter((n) => !now.locked.includes(n));
  const hidden = before.revealed.filter((n) => !now.revealed.includes(n));
  return [...new Set([...reset, ...unlocked, ...hidden])];
}

/** Where in the class's spread a value sits: how many predicted less, and the median. `count`:
 * the class's answers, when `values` are a large class's order statistics (class_events.Spread);
 * then both are estimated from them (`exact` false). */
export function placeIn(values: number[], mine: number, count = values.length): { below: number; of: number; median: number | null; exact: boolean } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? null : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const below = sorted.filter((v) => v < mine).length;
  if (count <= n) return { below, of: n, median, exact: true };
  return { below: Math.round((count * below) / n), of: count, median, exact: false };
}

/** Follow a class's stream as `fold` describes; the link's state beside it. `dispatch` folds
 * what the device learns otherwise (an acknowledged answer); `resync` reads the class afresh
 * (a new stream, from a snapshot), for when the device may be out of step with it. */
export function useClassStream<T, A = never>(code: string, headers: Record<string, string> | null, fold: (t: T, e: ClassEvent | A) => T, empty: T) {
  const [value, dispatch] = useReducer(fold, empty);
  const [link, setLink] = useState<{ link: Link; why?: string }>({ link: "connecting" });
  const [round, setRound] = useState(0);
  const key = headers ? JSON.stringify(headers) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers are keyed by their content; a new round opens a new stream
  useEffect(() => {
    if (!headers) return;
    return openStream(code, headers, dispatch, (l, why) => setLink({ link: l, why }));
  }, [code, key, round]);
  const resync = useCallback(() => setRound((n) => n + 1), []);
  return { value, link, dispatch, resync };
}
