// What a device knows of its class, folded from the event stream: the teacher's room (every
// student and answer) and a student's seat (their own answers, the class's spread once revealed).
// Pure functions, so the folding is tested without a server.
import { useEffect, useReducer, useState } from "react";
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
  answers: Record<number, StepAnswer>;
  spreads: Record<number, Spread>;
}

const given = (a: { value?: number | null; choice?: number | null; name?: string | null }): Given => ({
  name: a.name ?? "",
  ...(a.value != null ? { value: a.value } : {}),
  ...(a.choice != null ? { choice: a.choice } : {}),
});

export const emptyRoom: Room = { state: null, students: {}, answers: {} };
export const emptySeat: Seat = { state: null, me: null, answers: {}, spreads: {} };

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

export function foldSeat(s: Seat, e: ClassEvent): Seat {
  switch (e.type) {
    case "snapshot":
      return {
        state: e.state,
        me: e.me ?? null,
        answers: Object.fromEntries(e.answers.map((a) => [a.step, a.value != null ? { kind: "point", y: a.value } : { kind: "choice", choice: a.choice ?? 0 }])),
        spreads: Object.fromEntries(Object.entries(e.spreads ?? {}).map(([k, v]) => [Number(k), v])),
      };
    case "state": {
      const { type: _, ...state } = e;
      return { ...s, state };
    }
    case "reveal":
      return { ...s, spreads: { ...s.spreads, [e.step]: e.spread } };
    case "ended":
      return s.state ? { ...s, state: { ...s.state, ended: true } } : s;
    default:
      return s;
  }
}

/** Where in the class's spread a value sits: how many predicted less, and the median. */
export function placeIn(values: number[], mine: number): { below: number; of: number; median: number | null } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? null : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { below: sorted.filter((v) => v < mine).length, of: n, median };
}

/** Follow a class's stream as `fold` describes; the link's state beside it. */
export function useClassStream<T>(code: string, headers: Record<string, string> | null, fold: (t: T, e: ClassEvent) => T, empty: T) {
  const [value, dispatch] = useReducer(fold, empty);
  const [link, setLink] = useState<{ link: Link; why?: string }>({ link: "connecting" });
  const key = headers ? JSON.stringify(headers) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers are keyed by their content
  useEffect(() => {
    if (!headers) return;
    return openStream(code, headers, dispatch, (l, why) => setLink({ link: l, why }));
  }, [code, key]);
  return { value, link };
}
