import { describe, expect, it } from "vitest";
import { WorkerTransport } from "../../src/runtime/transport";
import { FakeWorker, ready, refusal, result } from "./fakeWorker";

const call = { type: "evaluate" as const, system: "decnet", knobs: {} };

function setup(shared = false) {
  const w = new FakeWorker();
  return { w, t: new WorkerTransport(() => w, shared) };
}

describe("WorkerTransport", () => {
  it("creates a deferred worker when told to start, is alive meanwhile, and never once disposed", async () => {
    let made = 0;
    let go!: () => void;
    const t = new WorkerTransport(() => {
      made++;
      return new FakeWorker();
    }, false, new Promise<void>((r) => (go = r)));
    expect(t.alive).toBe(true);
    expect(made).toBe(0);
    go();
    await Promise.resolve();
    expect(made).toBe(1);
    let go2!: () => void;
    const t2 = new WorkerTransport(() => {
      made++;
      return new FakeWorker();
    }, false, new Promise<void>((r) => (go2 = r)));
    t2.dispose();
    go2();
    await Promise.resolve();
    expect(made).toBe(1);
    t.dispose();
  });

  it("numbers requests and matches each answer or error to its request", async () => {
    const { w, t } = setup();
    const a = t.request(call, false);
    const b = t.request(call, false);
    expect(w.sent.map((m) => m.id)).toEqual([1, 2]);
    w.emit(refusal(2, "knob 'x' bad"));
    w.emit(result(1, "one"));
    expect("later" in a && (await a.later)).toBe("one");
    await expect("later" in b ? b.later : null).rejects.toThrow("knob 'x' bad");
  });

  it("reports boot progress to subscribers and resolves whenReady", async () => {
    const { w, t } = setup();
    const seen: string[] = [];
    t.subscribe((s) => seen.push(`${s.phase}:${s.step}`));
    const up = t.whenReady();
    w.emit({ type: "status", phase: "runtime", step: 1, steps: 3, message: "loading", ms: 5 });
    w.emit(ready);
    await up;
    expect(seen).toEqual(["starting:0", "runtime:1", "ready:3"]);
    expect(t.ready && t.alive).toBe(true);
  });

  it("fails every waiting request and whenReady when the worker dies", async () => {
    const { w, t } = setup();
    const a = t.request(call, false);
    const up = t.whenReady();
    w.fail("boom");
    await expect("later" in a ? a.later : null).rejects.toThrow("worker failed");
    await expect(up).rejects.toThrow("boom");
    expect(t.alive).toBe(false);
  });

  it("is not alive when it cannot make a worker", async () => {
    const t = new WorkerTransport(() => {
      throw new Error("no module workers");
    }, false);
    expect(t.status.phase).toBe("failed");
    expect(t.status.message).toContain("no module workers");
    const a = t.request(call, true);
    await expect("later" in a ? a.later : null).rejects.toThrow("no worker");
  });

  it("answers now off the reply board, and later when the worker is too slow", async () => {
    const { w, t } = setup(true);
    w.instant = (m) => ({ echo: m.id });
    expect(t.request(call, true)).toEqual({ now: { echo: 1 } });
    // the message copy is ignored, not even parsed (a second parse of a large answer is the
    // page's time on the knob's path)
    expect(() => w.emit({ type: "answer", id: 1, text: "{not json" })).not.toThrow();
    w.instant = null;
    const slow = t.request(call, true);
    expect("later" in slow).toBe(true);
    w.emit(result(2, "slow"));
    expect("later" in slow && (await slow.later)).toBe("slow");
  });

  it("settles at once, without waiting for their messages, the answers already on the board", async () => {
    const { w, t } = setup(true);
    const early: unknown[] = [];
    t.onEarlyAnswer = (c, result) => early.push([c.type, result]);
    const ahead = t.request(call, false);
    const other = t.request(call, false);
    w.board!.post(1, JSON.stringify({ result: "computed ahead" }));
    t.drain();
    expect(early).toEqual([["evaluate", "computed ahead"]]); // before any microtask
    expect("later" in ahead && (await ahead.later)).toBe("computed ahead");
    w.emit(result(1, "its message, late")); // ignored
    // an answer the worker has not posted waits for its message
    w.emit(result(2, "by message"));
    expect("later" in other && (await other.later)).toBe("by message");
  });

  it("does not block when asked not to wait, even with a reply board", () => {
    const { w, t } = setup(true);
    w.instant = (m) => ({ echo: m.id });
    expect("later" in t.request(call, false)).toBe(true);
  });

  it("tells a long request's progress to its caller, and stops it through the shared interrupt word", async () => {
    const { w, t } = setup(true);
    w.emit(ready);
    const seen: number[] = [];
    const fit = { type: "fit" as const, system: "ffs", text: "t", knobs: {} };
    const a = t.request(fit, false, (f) => seen.push(f));
    w.emit({ type: "progress", id: 1, fraction: 0.25 });
    w.emit({ type: "progress", id: 1, fraction: 0.5 });
    expect(seen).toEqual([0.25, 0.5]);
    expect(w.interrupt?.[0]).toBe(0);
    expect(t.interrupt()).toBe(true);
    expect(w.interrupt?.[0]).toBe(2); // the worker's Python raises KeyboardInterrupt: "stopped"
    w.emit(refusal(1, "stopped"));
    await expect((a as { later: Promise<unknown> }).later).rejects.toThrow("stopped");
    // without shared memory nothing can be stopped, and the caller is told so
    expect(setup(false).t.interrupt()).toBe(false);
  });
});
