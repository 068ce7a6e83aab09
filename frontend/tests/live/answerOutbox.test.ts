// @vitest-environment jsdom
// The answers a phone keeps while offline: kept on a network failure or a 503, replaced by a
// newer answer to the same step, sent in order when the connection returns, and a refusal
// meanwhile (the step closed) reported rather than retried for ever.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/client";

const answer = vi.fn();
vi.mock("../../src/live/api", () => ({ classes: { answer: (...a: unknown[]) => answer(...a) } }));
const { flush, sendAnswer, waiting } = await import("../../src/live/answerOutbox");
const { sentAnswer } = await import("../../src/live/room");

beforeEach(() => {
  localStorage.clear();
  answer.mockReset();
});

describe("a class answer outbox", () => {
  it("sends at once when it can", async () => {
    answer.mockResolvedValue({ step: 2, saved: true, resets: 1 });
    // the class's acknowledgement: what it stored, under which count of the step's resets
    expect(await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } })).toEqual({ step: 2, body: { answer: { kind: "point", y: 5 } }, resets: 1 });
    expect(waiting("ABCDEF")).toEqual([]);
  });

  it("keeps an answer the network or a restarting server did not take, the newest per step", async () => {
    answer.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } })).toBe("waiting");
    answer.mockRejectedValueOnce(new ApiError(503, "the database is not reachable just now"));
    expect(await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 7 } })).toBe("waiting");
    answer.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await sendAnswer("ABCDEF", "t", 3, { answer: { kind: "choice", choice: 1 } });
    expect(waiting("ABCDEF").map((w) => [w.step, w.body])).toEqual([[2, { answer: { kind: "point", y: 7 } }], [3, { answer: { kind: "choice", choice: 1 } }]]);
  });

  it("keeps a concept check's answer beside the lesson step of the same number, each replaced by its own newer one", async () => {
    answer.mockRejectedValue(new TypeError("Failed to fetch"));
    await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } });
    await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "choice", choice: 1 }, phase: "before" });
    await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "choice", choice: 3 }, phase: "before" });
    expect(waiting("ABCDEF").map((w) => [w.step, w.body])).toEqual([[2, { answer: { kind: "point", y: 5 } }], [2, { answer: { kind: "choice", choice: 3 }, phase: "before" }]]);
  });

  it("throws a refusal from the class as it is (nothing to retry)", async () => {
    answer.mockRejectedValueOnce(new ApiError(409, "answers are closed for this step"));
    await expect(sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } })).rejects.toThrow("answers are closed");
    expect(waiting("ABCDEF")).toEqual([]);
  });

  it("sends what waits in order once back, stops while still offline, and reports a step closed meanwhile", async () => {
    answer.mockRejectedValue(new TypeError("Failed to fetch"));
    await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } });
    await sendAnswer("ABCDEF", "t", 3, { answer: { kind: "choice", choice: 2 } });
    expect((await flush("ABCDEF")).sent).toEqual([]); // still offline: both kept
    expect(waiting("ABCDEF")).toHaveLength(2);
    answer.mockReset();
    answer.mockResolvedValueOnce({ step: 2, saved: true, resets: 0 }).mockRejectedValueOnce(new ApiError(409, "answers are closed for this step"));
    expect(await flush("ABCDEF")).toEqual({ sent: [{ step: 2, body: { answer: { kind: "point", y: 5 } }, resets: 0 }], refused: [{ step: 3, why: "answers are closed for this step" }] });
    expect(answer.mock.calls.map((c) => c[2])).toEqual([2, 3]);
    expect(waiting("ABCDEF")).toEqual([]);
  });

  it("sends a waiting answer again under the key it first went with (the server stores it once)", async () => {
    answer.mockRejectedValueOnce(new TypeError("Failed to fetch")); // it may have arrived: only the reply was lost
    await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } });
    answer.mockResolvedValue({ step: 2, saved: true, resets: 0 });
    await flush("ABCDEF");
    const [first, again] = answer.mock.calls.map((c) => c[4]);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);
    await sendAnswer("ABCDEF", "t", 2, { answer: { kind: "point", y: 6 } }); // a new answer: a new key
    expect(answer.mock.calls[2][4]).not.toBe(first);
  });

  it("sends an answer an earlier build kept (its kind's field at the top) as it was kept, and reads it back as the step holds it", async () => {
    localStorage.setItem("memolab.class-outbox.ABCDEF", JSON.stringify([{ step: 2, body: { value: 5, round: 1 }, token: "t", key: "k".repeat(32) }]));
    answer.mockResolvedValue({ step: 2, saved: true, resets: 0, round: 1 });
    const { sent } = await flush("ABCDEF");
    expect(answer.mock.calls[0][3]).toEqual({ value: 5, round: 1 }); // (the class takes this form too)
    expect(sentAnswer(sent[0].body)).toEqual({ kind: "point", y: 5 });
    expect(sentAnswer({ answer: { kind: "curve", ys: [1, 2, 3] } })).toEqual({ kind: "curve", ys: [1, 2, 3] });
  });
});
