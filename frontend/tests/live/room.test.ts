// Folding a class's events into what the teacher's room and a student's seat show.
import { describe, expect, it } from "vitest";
import { emptyRoom, emptySeat, foldRoom, foldSeat, type Given, openedSince, placeIn, placeWords, stepAnswer } from "../../src/live/room";
import { type ClassEvent, readEvent } from "../../src/live/stream";

const state = { code: "ABCDEF", step: 2, pace: "teacher" as const, steps: 7, revealed: [] as number[], locked: [] as number[], ended: false };
const ev = (e: unknown): ClassEvent => readEvent(JSON.stringify(e))!;
// what an answer held in the room says: a point's value, a choice, a sketch
const value = (g: Given | undefined) => (g?.answer.kind === "point" ? g.answer.y : undefined);
const choice = (g: Given | undefined) => (g?.answer.kind === "choice" ? g.answer.choice : undefined);
const sketch = (g: Given | undefined) => (g?.answer.kind === "curve" ? g.answer.ys : undefined);

describe("a teacher's room", () => {
  it("starts from a snapshot, then counts joins and answers, a new answer replacing the old", () => {
    let r = foldRoom(emptyRoom, ev({ type: "snapshot", state, students: [{ id: "a", name: "Ann" }], answers: [{ step: 2, id: "a", name: "Ann", value: 5 }] }));
    r = foldRoom(r, ev({ type: "joined", student: { id: "b", name: "" } }));
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "b", name: "", value: 7 } }));
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "a", name: "Ann", value: 6 } }));
    expect(Object.keys(r.students)).toEqual(["a", "b"]);
    expect(Object.values(r.answers[2]).map(value).sort()).toEqual([6, 7]);
    r = foldRoom(r, ev({ type: "answers", step: 2, reset: true }));
    expect(r.answers[2]).toBeUndefined();
    r = foldRoom(r, ev({ type: "state", ...state, revealed: [2] }));
    expect(r.state?.revealed).toEqual([2]);
    expect(foldRoom(r, ev({ type: "ended" })).state?.ended).toBe(true);
  });
});

describe("an answer as the events tell it", () => {
  it("is read from its one value (`answer`), the kind's field beside it only for an event an earlier build logged", () => {
    // as this build's server tells it: the one value, and the kind's field for an older page
    let r = foldRoom(emptyRoom, ev({ type: "snapshot", state, students: [], answers: [{ step: 2, id: "a", name: "Ann", answer: { kind: "curve", ys: [1, 2, 3] }, sketch: [1, 2, 3] }] }));
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "b", name: "", answer: { kind: "point", y: 8 }, value: 5 } }));
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "c", name: "", choice: 2 } }));
    expect(r.answers[2].a.answer).toEqual({ kind: "curve", ys: [1, 2, 3] });
    // where the two disagree the one value wins (the kind's field is only an older page's copy)
    expect(r.answers[2].b.answer).toEqual({ kind: "point", y: 8 });
    expect(r.answers[2].c.answer).toEqual({ kind: "choice", choice: 2 });
    const s = foldSeat(emptySeat, ev({ type: "snapshot", state, me: null, answers: [{ step: 2, answer: { kind: "choice", choice: 3 }, choice: 3 }], spreads: {} }));
    expect(s.answers[2]).toEqual({ kind: "choice", choice: 3 });
  });
});

describe("a student's seat", () => {
  it("keeps its own answers and each revealed step's spread", () => {
    let s = foldSeat(emptySeat, ev({ type: "snapshot", state, me: { id: "a", name: "Ann" }, answers: [{ step: 2, value: 5 }, { step: 4, choice: 2 }], spreads: {} }));
    expect(s.answers).toEqual({ 2: { kind: "point", y: 5 }, 4: { kind: "choice", choice: 2 } });
    s = foldSeat(s, ev({ type: "reveal", step: 2, spread: { count: 3, values: [1, 5, 9], choices: {} } }));
    expect(s.spreads[2].values).toEqual([1, 5, 9]);
  });

  it("names the steps the teacher opened again (reset, unlocked, hidden), not those locked or revealed", () => {
    const before = { ...state, locked: [2, 3], revealed: [4, 5], resets: { 6: 1 } };
    const now = { ...state, locked: [2, 7], revealed: [4, 8], resets: { 6: 2, 9: 1 } };
    expect(openedSince(before, now).sort()).toEqual([3, 5, 6, 9]);
    expect(openedSince(now, now)).toEqual([]);
  });

  it("holds only what the class acknowledged, and a reset clears an answer stored before it, not one after", () => {
    let s = foldSeat(emptySeat, ev({ type: "snapshot", state, me: { id: "a", name: "" }, answers: [{ step: 2, value: 5 }], spreads: {} }));
    expect(s.stored).toEqual({ 2: 0 });
    // the teacher resets step 2: the answer stored under count 0 is gone, and the device says so
    s = foldSeat(s, ev({ type: "state", ...state, resets: { 2: 1 } }));
    expect(s.answers[2]).toBeUndefined();
    expect(s.cleared).toEqual({ 2: "answer" });
    // an acknowledgement that was on its way from before the reset (stored under count 0) is not held
    s = foldSeat(s, { type: "mine", step: 2, answer: { kind: "point", y: 6 }, resets: 0 });
    expect(s.answers[2]).toBeUndefined();
    // one stored after it is held, and the notice goes
    s = foldSeat(s, { type: "mine", step: 2, answer: { kind: "point", y: 7 }, resets: 1 });
    expect(s.answers[2]).toEqual({ kind: "point", y: 7 });
    expect(s.cleared).toEqual({});
    // the same state again (any later move) clears nothing; a second reset does
    s = foldSeat(s, ev({ type: "state", ...state, locked: [2], resets: { 2: 1 } }));
    expect(s.answers[2]).toEqual({ kind: "point", y: 7 });
    // an answer acknowledged under count 1 while the state says 2 arrives late: the reset cleared it
    s = foldSeat(s, ev({ type: "state", ...state, resets: { 2: 2 } }));
    expect(s.answers[2]).toBeUndefined();
    // a reset of a step without an answer here invites one
    s = foldSeat(s, ev({ type: "state", ...state, resets: { 2: 2, 3: 1 } }));
    expect(s.cleared).toEqual({ 2: "answer", 3: "step" });
  });

  it("says where a prediction sat among the others, never \"0 of 2\"", () => {
    expect(placeWords(placeIn([5, 9], 5))).toBe("None of the other one in the class predicted less than you");
    expect(placeWords(placeIn([1, 5, 9], 5))).toBe("1 of the 2 others in the class predicted less than you");
    expect(placeWords(placeIn([1, 2, 9], 9))).toBe("All 2 others in the class predicted less than you");
    expect(placeWords(placeIn([4], 4))).toBe("Nobody else in the class has answered");
    expect(placeWords({ below: 30, of: 100, exact: false })).toBe("About 30 of 100 in the class predicted less than you");
  });

  it("says where a prediction sat in the class", () => {
    expect(placeIn([9, 1, 5], 5)).toEqual({ below: 1, of: 3, median: 5, exact: true });
    expect(placeIn([1, 2, 3, 4], 10)).toEqual({ below: 4, of: 4, median: 2.5, exact: true });
    expect(placeIn([], 1)).toEqual({ below: 0, of: 0, median: null, exact: true });
    // a large class's order statistics (101 of 10,001 values 0..10,000): estimated, and said so
    const ranks = Array.from({ length: 101 }, (_, i) => 100 * i);
    expect(placeIn(ranks, 2_500, 10_001)).toEqual({ below: 2_475, of: 10_001, median: 5_000, exact: false });
  });

  it("skips what is not a class's event (its shapes are the server's, from the API schema)", () => {
    expect(readEvent('{"type":"gossip"}')).toBeNull();
    expect(readEvent("not json")).toBeNull();
    expect(readEvent("[1, 2]")).toBeNull();
    expect(readEvent('{"type":"ended"}')).toEqual({ type: "ended" });
  });
});

describe("a sketched curve", () => {
  it("travels as its values: the teacher's room holds each student's, a seat its own and, once revealed, each x's values", () => {
    let r = foldRoom(emptyRoom, ev({ type: "snapshot", state, students: [{ id: "a", name: "Ann" }], answers: [{ step: 2, id: "a", name: "Ann", sketch: [1, 2, 3] }] }));
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "b", name: "", sketch: [4, 5, 6], confidence: 2 } }));
    expect(Object.values(r.answers[2]).map(sketch)).toEqual([[1, 2, 3], [4, 5, 6]]);
    let s = foldSeat(emptySeat, ev({ type: "snapshot", state, me: { id: "a", name: "Ann" }, answers: [{ step: 2, sketch: [1, 2, 3] }], spreads: {} }));
    expect(s.answers[2]).toEqual({ kind: "curve", ys: [1, 2, 3] });
    s = foldSeat(s, { type: "mine", step: 2, resets: 0, answer: stepAnswer({ sketch: [1, 2, 4] }) });
    expect(s.answers[2]).toEqual({ kind: "curve", ys: [1, 2, 4] });
    s = foldSeat(s, ev({ type: "reveal", step: 2, spread: { count: 2, values: [], choices: {}, sketches: [[1, 4], [2, 5], [4, 6]] } }));
    expect(s.spreads[2].sketches).toEqual([[1, 4], [2, 5], [4, 6]]);
  });
});

describe("a step voted twice", () => {
  const round2 = { ...state, rounds: { 2: 2 } };
  it("the teacher's room keeps round 1's answers apart, round 2 counted from none", () => {
    let r = foldRoom(emptyRoom, ev({ type: "snapshot", state, students: [], answers: [{ step: 2, id: "a", name: "Ann", value: 5, round: 1, confidence: 3 }] }));
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "b", name: "", value: 7, round: 1 } }));
    r = foldRoom(r, ev({ type: "state", ...round2 }));
    expect(Object.keys(r.first[2]).sort()).toEqual(["a", "b"]);
    expect(r.first[2].a.confidence).toBe(3);
    expect(r.answers[2]).toBeUndefined();
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "a", name: "Ann", value: 6, round: 2 } }));
    expect(value(r.answers[2].a)).toBe(6);
    // a snapshot taken in round 2 splits the rounds the same way
    const again = foldRoom(emptyRoom, ev({ type: "snapshot", state: round2, students: [], answers: [{ step: 2, id: "a", name: "Ann", value: 5, round: 1 }, { step: 2, id: "a", name: "Ann", value: 6, round: 2 }] }));
    expect([value(again.first[2].a), value(again.answers[2].a)]).toEqual([5, 6]);
    const reset = foldRoom(r, ev({ type: "answers", step: 2, reset: true }));
    expect([reset.first[2], reset.answers[2]]).toEqual([undefined, undefined]);
  });

  it("a student's seat moves its answer to round 1's when round 2 opens, and holds round 2's apart", () => {
    let s = foldSeat(emptySeat, ev({ type: "snapshot", state, me: { id: "a", name: "Ann" }, answers: [{ step: 2, value: 5, round: 1, confidence: 2 }], spreads: {} }));
    expect(s.sure[2]).toBe(2);
    s = foldSeat(s, ev({ type: "state", ...round2 }));
    expect([s.first[2], s.answers[2], s.sure[2]]).toEqual([{ kind: "point", y: 5 }, undefined, undefined]);
    // a round-1 answer acknowledged late stays round 1's
    s = foldSeat(s, { type: "mine", step: 2, answer: { kind: "point", y: 4 }, resets: 0, round: 1 });
    expect([s.first[2], s.answers[2]]).toEqual([{ kind: "point", y: 4 }, undefined]);
    s = foldSeat(s, { type: "mine", step: 2, answer: { kind: "point", y: 6 }, resets: 0, round: 2, confidence: 3 });
    expect([s.answers[2], s.sure[2]]).toEqual([{ kind: "point", y: 6 }, 3]);
    const snap = foldSeat(emptySeat, ev({ type: "snapshot", state: round2, me: null, answers: [{ step: 2, value: 5, round: 1 }, { step: 2, value: 6, round: 2 }], spreads: {} }));
    expect([snap.first[2], snap.answers[2]]).toEqual([{ kind: "point", y: 5 }, { kind: "point", y: 6 }]);
  });
});

describe("a concept check", () => {
  const open = { ...state, check: "before" as const };
  it("the teacher's room keeps the check's answers by phase and question, apart from the lesson's steps", () => {
    let r = foldRoom(emptyRoom, ev({ type: "snapshot", state: open, students: [], answers: [{ step: 2, id: "a", name: "Ann", value: 5 }, { step: 2, id: "a", name: "Ann", choice: 1, phase: "before" }] }));
    expect([value(r.answers[2].a), choice(r.checks.before[2].a)]).toEqual([5, 1]);
    r = foldRoom(r, ev({ type: "answers", step: 2, answer: { id: "b", name: "", choice: 3, phase: "before" } }));
    r = foldRoom(r, ev({ type: "answers", step: 1, answer: { id: "a", name: "Ann", choice: 2, phase: "after" } }));
    expect(Object.keys(r.checks.before[2]).sort()).toEqual(["a", "b"]);
    expect([choice(r.checks.after[1].a), Object.keys(r.answers[2])]).toEqual([2, ["a"]]);
    // a lesson step's reset leaves the check alone
    r = foldRoom(r, ev({ type: "answers", step: 2, reset: true }));
    expect([r.answers[2], Object.keys(r.checks.before[2]).length]).toEqual([undefined, 2]);
  });

  it("a student's seat holds its own check answers by phase, from the snapshot and as acknowledged", () => {
    let s = foldSeat(emptySeat, ev({ type: "snapshot", state: open, me: null, answers: [{ step: 2, value: 5 }, { step: 2, choice: 1, phase: "before" }], spreads: {} }));
    expect([s.answers[2], s.checks.before[2], s.state?.check]).toEqual([{ kind: "point", y: 5 }, { kind: "choice", choice: 1 }, "before"]);
    s = foldSeat(s, { type: "mine", step: 2, answer: { kind: "choice", choice: 3 }, resets: 0, phase: "after" });
    expect([s.checks.after[2], s.checks.before[2], s.answers[2]]).toEqual([{ kind: "choice", choice: 3 }, { kind: "choice", choice: 1 }, { kind: "point", y: 5 }]);
  });
});

describe("the server's clock and the forms on a device", () => {
  it("a snapshot's `now` sets how far the server's clock is from this device's, and a seat keeps its order of forms", () => {
    const local = Date.parse("2026-12-03T09:00:00.000Z");
    const realNow = Date.now;
    Date.now = () => local;
    try {
      const s = foldSeat(emptySeat, ev({ type: "snapshot", state, me: { id: "a", name: "Ann", forms: "BA" }, answers: [], spreads: {}, now: "2026-12-03T09:00:05.500Z" }));
      expect(s.skew).toBe(5500);
      expect(s.me?.forms).toBe("BA");
      const r = foldRoom(emptyRoom, ev({ type: "snapshot", state, students: [], answers: [], now: "2026-12-03T08:59:59.000Z" }));
      expect(r.skew).toBe(-1000);
      // a state event (replayed from the log, maybe late) leaves the clock as the snapshot set it
      const later = foldSeat(s, ev({ type: "state", ...state, deadlines: { "2": { ends: "2026-12-03T09:00:35.500Z", seconds: 30 } } }));
      expect(later.skew).toBe(5500);
      expect(later.state?.deadlines?.["2"].seconds).toBe(30);
    } finally {
      Date.now = realNow;
    }
  });
});
