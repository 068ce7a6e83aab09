import { describe, expect, it, vi } from "vitest";
import { api } from "../../src/api/client";
import { ModelClient, type Answer } from "../../src/runtime/ModelClient";
import { FakeWorker, ready, refusal, result } from "./fakeWorker";

function setup(shared = false) {
  const w = new FakeWorker();
  const http = { ...api, model: vi.fn(async () => ({ from: "http" })) };
  const c = new ModelClient(() => w, http as unknown as typeof api, shared);
  return { w, http, c };
}

const later = <T,>(a: Answer<T>) => {
  if (!("later" in a)) throw new Error("expected an answer later");
  return a.later;
};


describe("ModelClient", () => {
  it("on a first visit, starts the worker once the server has answered the first request", async () => {
    const w = new FakeWorker();
    let made = 0;
    let answer!: (v: unknown) => void;
    const http = { ...api, model: vi.fn(() => new Promise((r) => (answer = r))) };
    const c = new ModelClient(() => {
      made++;
      return w;
    }, http as unknown as typeof api, false, 60_000);
    const first = later(c.sweep("decnet", {}, "link_quota"));
    await new Promise((r) => setTimeout(r, 10));
    expect(made).toBe(0);
    expect(c.status.phase).toBe("starting");
    answer({ from: "http" });
    expect(await first).toEqual({ from: "http" });
    await new Promise((r) => setTimeout(r, 0));
    expect(made).toBe(1);
  });

  it("on a first visit, starts the worker after the longest wait if nothing was asked", async () => {
    let made = 0;
    const c = new ModelClient(() => {
      made++;
      return new FakeWorker();
    }, api, false, 30);
    expect(made).toBe(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(made).toBe(1);
    c.dispose();
  });

  it("uses the server until the worker is ready, then the worker", async () => {
    const { w, http, c } = setup();
    expect(await later(c.evaluate("decnet", {}))).toEqual({ from: "http" });
    expect(http.model).toHaveBeenCalledOnce();
    w.emit(ready);
    const p = later(c.evaluate("decnet", { link_quota: 8 }));
    expect(w.sent).toEqual([{ id: 1, type: "evaluate", system: "decnet", knobs: { link_quota: 8 } }]);
    w.emit(result(1, { from: "worker" }));
    expect(await p).toEqual({ from: "worker" });
  });

  it("rejects with the worker's error message", async () => {
    const { w, c } = setup();
    w.emit(ready);
    const p = later(c.sweep("decnet", {}, "link_quota"));
    w.emit(refusal(1, "knob 'x' bad"));
    await expect(p).rejects.toThrow("knob 'x' bad");
  });

  it("tells subscribers about progress and falls back to the server when the worker dies", async () => {
    const { w, http, c } = setup();
    const seen: string[] = [];
    c.subscribe((s) => seen.push(s.phase));
    w.emit({ type: "status", phase: "runtime", step: 1, steps: 3, message: "loading", ms: 1 });
    w.fail("boom");
    expect(seen).toEqual(["starting", "runtime", "failed"]);
    expect(c.status.message).toContain("boom");
    await later(c.sweep("decnet", {}, "link_quota"));
    expect(http.model).toHaveBeenCalledOnce();
  });

  it("answers at once through shared memory, and ignores the duplicate message", () => {
    const { w, c } = setup(true);
    w.emit(ready);
    w.instant = (m) => ({ echo: m.id });
    const a = c.sweep("decnet", {}, "link_quota");
    expect(a).toEqual({ now: { echo: 1 } });
    w.emit(result(1, { echo: "late" })); // the worker's message, ignored
  });

  it("falls back to the message when the worker is too slow for the spin budget", async () => {
    const { w, c } = setup(true);
    w.emit(ready);
    const a = c.evaluate("decnet", {});
    expect("later" in a).toBe(true);
    w.emit(result(1, { slow: true }));
    expect(await later(a)).toEqual({ slow: true });
  });
});

describe("ModelClient cache", () => {
  it("answers a repeated request at once, without asking the worker again", () => {
    const { w, c } = setup(true);
    w.emit(ready);
    w.instant = (m) => ({ echo: m.id });
    expect(c.sweep("decnet", { a: 1 }, "link_quota")).toEqual({ now: { echo: 1 } });
    expect(c.peek({ type: "sweep", system: "decnet", knobs: { a: 1 }, x: "link_quota", values: undefined })).toEqual({ echo: 1 });
    expect(c.sweep("decnet", { a: 1 }, "link_quota")).toEqual({ now: { echo: 1 } });
    expect(w.sent).toHaveLength(1);
    expect(c.peek({ type: "sweep", system: "decnet", knobs: { a: 2 }, x: "link_quota", values: undefined })).toBeUndefined();
  });

  it("does not make the page wait for details it asked for without waiting", async () => {
    const { w, c } = setup(true);
    w.emit(ready);
    w.instant = () => ({ x: 1 }); // on the board at once: a caller that spun would have it now
    const a = c.evaluate("decnet", {}, "detail");
    expect("later" in a).toBe(true);
    w.emit(result(1, { x: 1 }));
    expect(await later(a)).toEqual({ x: 1 });
    expect(c.evaluate("decnet", {}, "detail")).toEqual({ now: { x: 1 } });
  });
});

describe("ModelClient and the reply board", () => {
  it("draws a curve computed ahead as soon as the worker has posted it, before its message", () => {
    const { w, c } = setup(true);
    w.emit(ready);
    const ahead = { type: "sweep" as const, system: "decnet", knobs: { link_quota: 18 }, x: "link_quota", values: undefined, band: false };
    c.prefetch([ahead]);
    expect(c.peek(ahead)).toBeUndefined(); // still being computed
    w.board!.post(1, JSON.stringify({ result: { curve: 18 } }));
    expect(c.peek(ahead)).toEqual({ curve: 18 });
    expect(c.curve("decnet", { link_quota: 18 }, "link_quota")).toEqual({ now: { curve: 18 } });
    expect(w.sent).toHaveLength(1); // and nothing asked again
  });
});

describe("ModelClient background lanes", () => {
  it("runs one request per lane and lets the newest queued one replace older ones", async () => {
    const { w, c } = setup(true);
    w.emit(ready);
    const first = later(c.evaluate("decnet", { q: 1 }, "detail"));
    const second = later(c.evaluate("decnet", { q: 2 }, "detail"));
    const third = later(c.evaluate("decnet", { q: 3 }, "detail"));
    const other = later(c.evaluate("decnet", { q: 9 }, "baseline"));
    expect(w.sent.map((m) => (m as unknown as { knobs: { q: number } }).knobs.q)).toEqual([1, 9]);
    await expect(second).rejects.toThrow("superseded");
    w.emit(result(1, "one"));
    expect(await first).toBe("one");
    await Promise.resolve();
    expect(w.sent.map((m) => (m as unknown as { knobs: { q: number } }).knobs.q)).toEqual([1, 9, 3]);
    w.emit(result(w.sent[2].id, "three"));
    w.emit(result(2, "nine"));
    expect(await third).toBe("three");
    expect(await other).toBe("nine");
  });

  it("a knob move asks the worker once for its curve, before its detail and the prefetch", async () => {
    const { w, c } = setup();
    w.emit(ready);
    const curve = { system: "decnet", knobs: { link_quota: 16 }, x: "link_quota" };
    // the knob's handler asks before React renders...
    const first = later(c.sweep(curve.system, curve.knobs, curve.x));
    // ...then the view asks for the same curve while the answer is on its way, and the detail
    // and the next step's curve follow in the background
    const again = later(c.sweep(curve.system, curve.knobs, curve.x));
    const detail = later(c.evaluate("decnet", { link_quota: 16 }, "detail"));
    c.prefetch([{ type: "sweep", system: "decnet", knobs: { link_quota: 18 }, x: "link_quota", values: undefined }]);
    await new Promise((r) => setTimeout(r, 0));
    const sweeps = w.sent.filter((m) => m.type === "sweep" && (m as unknown as { knobs: { link_quota: number } }).knobs.link_quota === 16);
    expect(sweeps).toHaveLength(1); // one round trip for the curve
    expect(w.sent[0]).toMatchObject({ type: "sweep", knobs: { link_quota: 16 } }); // and it goes first
    w.emit(result(1, { curve: 1 }));
    expect(await first).toEqual({ curve: 1 });
    expect(await again).toEqual({ curve: 1 });
    for (const m of w.sent.slice(1)) w.emit(result((m as { id: number }).id, {}));
    await detail;
    // and once known, the same curve is answered at once
    expect(c.sweep(curve.system, curve.knobs, curve.x)).toEqual({ now: { curve: 1 } });
  });
  it("sends a prefetch's calls together, holds a newer one until they are answered, and asks again in the foreground for a curve still being computed ahead", async () => {
    const { w, c } = setup();
    w.emit(ready);
    const ask = (q: number) => [
      { type: "evaluate" as const, system: "decnet", knobs: { link_quota: q } },
      { type: "sweep" as const, system: "decnet", knobs: { link_quota: q }, x: "link_quota", values: undefined },
    ];
    c.prefetch(ask(18));
    c.prefetch(ask(20)); // replaced by the next one before it starts
    c.prefetch(ask(22));
    await new Promise((r) => setTimeout(r, 0));
    expect(w.sent.map((m) => m.type)).toEqual(["evaluate", "sweep"]);
    // the knob reaches 18 while its curve is being computed ahead: asked again (the worker answers
    // it from its recent answers), once, however many times the page asks
    const now = later(c.sweep("decnet", { link_quota: 18 }, "link_quota"));
    const again = later(c.sweep("decnet", { link_quota: 18 }, "link_quota"));
    expect(w.sent.filter((m) => m.type === "sweep")).toHaveLength(2);
    for (const id of [1, 2, 3]) w.emit(result(id, { answer: id }));
    expect(await now).toEqual({ answer: 3 });
    expect(await again).toEqual({ answer: 3 });
    await new Promise((r) => setTimeout(r, 0));
    // then the newest prefetch, never the one it replaced
    expect(w.sent.slice(3).map((m) => (m as unknown as { knobs: { link_quota: number } }).knobs.link_quota)).toEqual([22, 22]);
  });
});
