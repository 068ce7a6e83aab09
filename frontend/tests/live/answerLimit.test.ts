// @vitest-environment jsdom
// An answer whose request hangs (a phone's network going away holds it open) ends at the
// answer's time limit as a failure to retry, so the outbox keeps it under the key it went with
// (answerOutbox.test.ts) rather than leaving it neither sent nor kept: what a phone showed in a
// clean-clone e2e run, its answer never said to wait.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { isOffline } from "../../src/outbox";

// the module itself, not answerOutbox.test.ts's stand-in (the suite shares its modules)
const { ANSWER_LIMIT_MS, classes } = await vi.importActual<typeof import("../../src/live/api")>("../../src/live/api");

beforeEach(() => {
  vi.useFakeTimers();
  // a request that never answers, ended only by its signal
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) =>
    new Promise((_ok, fail) => init.signal?.addEventListener("abort", () => fail(init.signal?.reason))));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("ends an answer's hung request at the time limit, as a failure worth retrying", async () => {
  let outcome: unknown = "pending";
  void classes.answer("ABCDEF", "t", 2, { answer: { kind: "point", y: 5 } }, "k").then((r) => (outcome = r), (e) => (outcome = e));
  await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS - 1);
  expect(outcome).toBe("pending"); // a slow reply is still waited for
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toBeInstanceOf(DOMException);
  expect((outcome as DOMException).name).toBe("TimeoutError");
  expect(isOffline(outcome)).toBe(true);
});
