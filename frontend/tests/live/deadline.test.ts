// A step's countdown on a device: set by the server's clock (the snapshot's `now`), whatever
// the device's own says, rounded up to whole seconds, and what a screen reader is told.
import { describe, expect, it } from "vitest";
import type { ClassStateData } from "../../src/live/stream";
import { clockText, deadlineOf, secondsLeft, skewOf, spokenAt } from "../../src/live/deadline";

const state = (deadlines: Record<string, { ends: string; seconds: number }>) =>
  ({ code: "ABCDEFGHJK", step: 2, pace: "teacher", steps: 5, revealed: [], locked: [], ended: false, deadlines }) as ClassStateData;

describe("a step's countdown", () => {
  it("counts down to the server's deadline by the server's clock", () => {
    const d = deadlineOf(state({ "2": { ends: "2026-12-03T09:00:30.000Z", seconds: 30 } }), 2)!;
    expect(d.seconds).toBe(30);
    expect(deadlineOf(state({}), 2)).toBeNull();
    // this device's clock is 2 minutes slow: the server said 09:00:00 when it read 08:58:00
    const local = Date.parse("2026-12-03T08:58:00.000Z");
    const skew = skewOf("2026-12-03T09:00:00.000Z", local);
    expect(skew).toBe(120_000);
    expect(secondsLeft(d, local, skew)).toBe(30);
    expect(secondsLeft(d, local + 29_001, skew)).toBe(1); // rounded up until the very end
    expect(secondsLeft(d, local + 30_000, skew)).toBe(0);
    expect(secondsLeft(d, local + 99_000, skew)).toBe(0);
    expect(skewOf(undefined, local)).toBe(0);
  });
  it("reads as a clock and tells a screen reader at the start, at 10 s and at the end", () => {
    expect([clockText(90), clockText(9), clockText(0)]).toEqual(["1:30", "0:09", "0:00"]);
    const d = { ends: 0, seconds: 30 };
    expect(spokenAt(30, d)).toBe("You have 30 seconds to answer.");
    expect(spokenAt(10, d)).toBe("10 seconds left to answer.");
    expect(spokenAt(0, d)).toBe("Time is up: answers to this step are closed.");
    expect(spokenAt(17, d)).toBeNull();
  });
});
