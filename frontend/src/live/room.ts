// What a device knows of its class, folded from the event stream: the teacher's room (every
// student and answer) and a student's seat (their own answers, the class's spread once revealed).
// Pure functions, so the folding is tested without a server.
import { useCallback, useEffect, useReducer, useState } from "react";
import type { StepAnswer } from "../lesson/progress";
import type { AnswerBody } from "./api";
import { skewOf } from "./deadline";
import type { Order, Phase } from "./forms";
import { type ClassEvent, type ClassStateData, type Link, openStream, type Spread } from "./stream";

/** A student's answer as the teacher's room holds it: who gave it, the one value, how sure. */
export interface Given {
  name: string;
  answer: StepAnswer;
  /** how sure: 1 guessing, 2 fairly sure, 3 sure */
  confidence?: number;
}

/** The phases of a lesson's concept check: asked before the lesson, and again after it. */
export type { Phase } from "./forms";

export interface Room {
  state: ClassStateData | null;
  students: Record<string, string>;
  /** by step, then by student id: the answers of the step's current round */
  answers: Record<number, Record<string, Given>>;
  /** a step voted twice: its round-1 answers, by student id */
  first: Record<number, Record<string, Given>>;
  /** the concept check's answers: by phase, then question (from 1), then student id */
  checks: Record<Phase, Record<number, Record<string, Given>>>;
  /** the server's clock less this device's, in ms (from the snapshot: deadline.ts) */
  skew: number;
}

export interface Seat {
  state: ClassStateData | null;
  /** who this student is, and the order in which they take the check's two forms (forms.ts) */
  me: { id: string; name: string; forms?: Order | null } | null;
  /** this student's answers as the class holds them (never one the class has not acknowledged) */
  answers: Record<number, StepAnswer>;
  /** each held answer's step's count of resets when it was stored: a higher count clears it */
  stored: Record<number, number>;
  /** steps the teacher reset since this device followed them, until it answers them again */
  cleared: Record<number, "answer" | "step">;
  spreads: Record<number, Spread>;
  /** a step voted twice: this student's round-1 answer (`answers` holds round 2's) */
  first: Record<number, StepAnswer>;
  /** how sure the student said they were of each held answer (1 to 3) */
  sure: Record<number, number>;
  /** this student's answers to the concept check as the class holds them: by phase, then question */
  checks: Record<Phase, Record<number, StepAnswer>>;
  /** the server's clock less this device's, in ms (from the snapshot: deadline.ts) */
  skew: number;
}

/** What this device learns of its own answers outside the stream: the class acknowledged one. */
export interface Acknowledged {
  type: "mine";
  step: number;
  answer: StepAnswer;
  /** the step's count of resets the answer was stored under (the server's reply) */
  resets: number;
  /** the round it was stored in (the server's reply; absent: 1) */
  round?: number;
  confidence?: number;
  /** an answer to question `step` of the concept check, in this phase */
  phase?: Phase;
}

/** An answer's fields as an earlier build sent them, and as an event logged before `answer` was
 * added to the events holds them (the kind's own field: a value, a choice or a sketch). */
type Told = { value?: number | null; choice?: number | null; sketch?: number[] | null };
/** An answer as the class's events tell it: the one value (`answer`), or in an event logged by
 * an earlier build, the kind's own field. */
type Telling = Told & { answer?: StepAnswer | null; name?: string | null; confidence?: number | null; phase?: Phase | null };
const given = (a: Telling): Given => ({
  name: a.name ?? "",
  answer: answerOf(a),
  ...(a.confidence != null ? { confidence: a.confidence } : {}),
});

export const emptyRoom: Room = { state: null, students: {}, answers: {}, first: {}, checks: { before: {}, after: {} }, skew: 0 };
export const emptySeat: Seat = { state: null, me: null, answers: {}, stored: {}, cleared: {}, spreads: {}, first: {}, sure: {}, checks: { before: {}, after: {} }, skew: 0 };

/** A check's answers with one more (by question, then `who`). */
const checkWith = <T>(checks: Record<Phase, Record<number, T>>, phase: Phase, step: number, answer: T): Record<Phase, Record<number, T>> => ({
  ...checks,
  [phase]: { ...checks[phase], [step]: answer },
});

const resetsOf = (state: ClassStateData | null, step: number) => state?.resets?.[String(step)] ?? 0;
/** The vote a step is in: 1, or 2 once the teacher asked the class to discuss and vote again. */
export const roundOf = (state: ClassStateData | null, step: number) => state?.rounds?.[String(step)] ?? 1;
/** An answer in an earlier build's fields (its value, choice or sketch) as the step holds it. */
export const stepAnswer = (a: Told): StepAnswer =>
  a.value != null ? { kind: "point", y: a.value } : a.sketch != null ? { kind: "curve", ys: a.sketch } : { kind: "choice", choice: a.choice ?? 0 };
/** The answer an event tells: its one value, or an earlier build's field for it. */
export const answerOf = (a: Telling): StepAnswer => a.answer ?? stepAnswer(a);

/** The answer the class holds, as an attribute a test compares with the class's CSV. */
export const held = (a: StepAnswer | null): string =>
  a === null ? "" : a.kind === "point" ? String(a.y) : a.kind === "curve" ? a.ys.join(";") : `choice ${a.choice}`;

/** The answer a body sent holds: as this build sends it, or (kept in this device's outbox by an
 * earlier build) with the kind's field at the top, which the class takes too. */
export const sentAnswer = (b: AnswerBody | (Told & Omit<AnswerBody, "answer">)): StepAnswer => ("answer" in b && b.answer ? b.answer : stepAnswer(b as Told));
/** Steps whose round rose between two states: their current answers became round 1's. */
const roseTo2 = (before: ClassStateData | null, now: ClassStateData) =>
  Object.keys(now.rounds ?? {}).map(Number).filter((n) => roundOf(now, n) > roundOf(before, n));

export function foldRoom(r: Room, e: ClassEvent): Room {
  switch (e.type) {
    case "snapshot": {
      const answers: Room["answers"] = {};
      const first: Room["first"] = {};
      let checks = emptyRoom.checks;
      for (const a of e.answers) {
        if (!a.id) continue;
        if (a.phase) {
          checks = checkWith(checks, a.phase, a.step, { ...checks[a.phase][a.step], [a.id]: given(a) });
          continue;
        }
        const round = a.round ?? 1;
        if (round === 1) first[a.step] = { ...first[a.step], [a.id]: given(a) };
        if (round === roundOf(e.state, a.step)) answers[a.step] = { ...answers[a.step], [a.id]: given(a) };
      }
      for (const step of Object.keys(first).map(Number)) if (roundOf(e.state, step) === 1) delete first[step];
      return { state: e.state, students: Object.fromEntries((e.students ?? []).map((s) => [s.id, s.name])), answers, first, checks, skew: skewOf(e.now, Date.now()) };
    }
    case "state": {
      const { type: _, ...state } = e;
      // a second vote opened: the answers so far are round 1's, and round 2 starts empty
      const answers = { ...r.answers };
      const first = { ...r.first };
      for (const step of roseTo2(r.state, state)) {
        first[step] = answers[step] ?? {};
        delete answers[step];
      }
      return { ...r, state, answers, first };
    }
    case "joined":
      return { ...r, students: { ...r.students, [e.student.id]: e.student.name } };
    case "answers": {
      if (e.reset) {
        const { [e.step]: _, ...rest } = r.answers;
        const { [e.step]: __, ...firsts } = r.first;
        return { ...r, answers: rest, first: firsts };
      }
      if (!e.answer) return r;
      const phase = e.answer.phase;
      if (phase) return { ...r, checks: checkWith(r.checks, phase, e.step, { ...r.checks[phase][e.step], [e.answer.id]: given(e.answer) }) };
      // (a round-1 answer told after round 2 opened is round 1's, never round 2's)
      if ((e.answer.round ?? 1) < roundOf(r.state, e.step)) {
        return { ...r, first: { ...r.first, [e.step]: { ...r.first[e.step], [e.answer.id]: given(e.answer) } } };
      }
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
    case "snapshot": {
      // the answers of each step's current round; round 1's apart on a step voted twice; the
      // concept check's apart
      const lesson = e.answers.filter((a) => !a.phase);
      const now = lesson.filter((a) => (a.round ?? 1) === roundOf(e.state, a.step));
      const first = lesson.filter((a) => (a.round ?? 1) === 1 && roundOf(e.state, a.step) > 1);
      let checks = emptySeat.checks;
      for (const a of e.answers) if (a.phase) checks = checkWith(checks, a.phase, a.step, answerOf(a));
      return {
        state: e.state,
        me: e.me ?? null,
        answers: Object.fromEntries(now.map((a) => [a.step, answerOf(a)])),
        // an answer the snapshot holds survived every reset so far
        stored: Object.fromEntries(now.map((a) => [a.step, resetsOf(e.state, a.step)])),
        cleared: {},
        spreads: Object.fromEntries(Object.entries(e.spreads ?? {}).map(([k, v]) => [Number(k), v])),
        first: Object.fromEntries(first.map((a) => [a.step, answerOf(a)])),
        sure: Object.fromEntries(now.flatMap((a) => (a.confidence != null ? [[a.step, a.confidence]] : []))),
        checks,
        skew: skewOf(e.now, Date.now()),
      };
    }
    case "state": {
      const { type: _, ...state } = e;
      // a step reset since: the answer stored before it is gone from the class, so from here
      const answers = { ...s.answers };
      const stored = { ...s.stored };
      const cleared = { ...s.cleared };
      const first = { ...s.first };
      const sure = { ...s.sure };
      // a second vote opened: the answer held is round 1's now; round 2 starts with none
      for (const step of roseTo2(s.state, state)) {
        if (step in answers) first[step] = answers[step];
        delete answers[step];
        delete stored[step];
        delete sure[step];
      }
      for (const [k, n] of Object.entries(state.resets ?? {})) {
        const step = Number(k);
        if (n <= resetsOf(s.state, step)) continue;
        const had = step in answers && (stored[step] ?? 0) < n;
        if (had) {
          delete answers[step];
          delete stored[step];
          delete sure[step];
        }
        delete first[step];
        cleared[step] = had ? "answer" : "step";
      }
      return { ...s, state, answers, stored, cleared, first, sure };
    }
    case "mine": {
      if (e.phase) return { ...s, checks: checkWith(s.checks, e.phase, e.step, e.answer) };
      // acknowledged under an older count of resets than the class's: a reset came after it
      if (e.resets < resetsOf(s.state, e.step)) return s;
      // acknowledged for round 1 after round 2 opened here: it is round 1's answer
      if ((e.round ?? 1) < roundOf(s.state, e.step)) return { ...s, first: { ...s.first, [e.step]: e.answer } };
      const { [e.step]: _, ...cleared } = s.cleared;
      const { [e.step]: __, ...sure } = s.sure;
      if (e.confidence) sure[e.step] = e.confidence;
      return { ...s, answers: { ...s.answers, [e.step]: e.answer }, stored: { ...s.stored, [e.step]: e.resets }, cleared, sure };
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

/** Where a prediction sat, in words: counted among the others (the class's answers hold this
 * one), so a class of two never reads "0 of 2 predicted less than you". */
export function placeWords(p: { below: number; of: number; exact: boolean }): string {
  if (!p.exact) return `About ${p.below} of ${p.of} in the class predicted less than you`;
  const others = p.of - 1;
  if (others <= 0) return "Nobody else in the class has answered";
  if (p.below === 0) return `None of the ${others === 1 ? "other one" : `${others} others`} in the class predicted less than you`;
  if (p.below >= others) return `${others === 1 ? "The other one" : `All ${others} others`} in the class predicted less than you`;
  return `${p.below} of the ${others} others in the class predicted less than you`;
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
