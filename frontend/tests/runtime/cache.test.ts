import { describe, expect, it } from "vitest";
import { AnswerCache } from "../../src/runtime/cache";

const call = (q: number) => ({ type: "evaluate" as const, system: "decnet", knobs: { link_quota: q } });

describe("AnswerCache", () => {
  it("answers the same request, and only the same request", () => {
    const c = new AnswerCache();
    c.set(call(8), { metrics: 1 });
    expect(c.get(call(8))).toEqual({ metrics: 1 });
    expect(c.get(call(9))).toBeUndefined();
    expect(c.get({ type: "sweep", system: "decnet", knobs: { link_quota: 8 }, x: "link_quota" })).toBeUndefined();
  });

  it("keeps the most recently used answers within its capacity", () => {
    const c = new AnswerCache(3);
    for (const q of [1, 2, 3]) c.set(call(q), q);
    c.get(call(1)); // used: 2 is now the oldest
    c.set(call(4), 4);
    expect(c.size).toBe(3);
    expect(c.get(call(2))).toBeUndefined();
    expect([1, 3, 4].map((q) => c.get(call(q)))).toEqual([1, 3, 4]);
  });

  it("stores an answer when it arrives, and never a failure", async () => {
    const c = new AnswerCache();
    expect(await c.remember(call(1), Promise.resolve("one"))).toBe("one");
    expect(c.get(call(1))).toBe("one");
    await expect(c.remember(call(2), Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(c.get(call(2))).toBeUndefined();
  });
});
