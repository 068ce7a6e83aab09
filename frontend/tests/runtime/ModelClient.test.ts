import { describe, expect, it, vi } from "vitest";
import { api } from "../../src/api/client";
import { ModelClient, type WorkerLike } from "../../src/runtime/ModelClient";
import type { WorkerEvent } from "../../src/runtime/protocol";

class FakeWorker implements WorkerLike {
  sent: { id: number; type: string }[] = [];
  private on: Record<string, ((e: unknown) => void)[]> = { message: [], error: [] };
  postMessage(msg: unknown) {
    this.sent.push(msg as { id: number; type: string });
  }
  addEventListener(type: string, fn: (e: never) => void) {
    this.on[type].push(fn as (e: unknown) => void);
  }
  terminate() {}
  emit(ev: WorkerEvent) {
    this.on.message.forEach((fn) => fn({ data: ev }));
  }
  fail(message: string) {
    this.on.error.forEach((fn) => fn({ message }));
  }
}

function setup() {
  const w = new FakeWorker();
  const http = { ...api, evaluate: vi.fn(async () => ({ from: "http" })), sweep: vi.fn(async () => ({ from: "http" })) };
  const c = new ModelClient(() => w, http as unknown as typeof api);
  return { w, http, c };
}

const ready: WorkerEvent = { type: "status", phase: "ready", step: 3, steps: 3, message: "ok", ms: 3000 };

describe("ModelClient", () => {
  it("uses the server until the worker is ready, then the worker", async () => {
    const { w, http, c } = setup();
    expect(await c.evaluate("decnet", {})).toEqual({ from: "http" });
    expect(http.evaluate).toHaveBeenCalledOnce();
    w.emit(ready);
    const p = c.evaluate("decnet", { link_quota: 8 });
    expect(w.sent).toEqual([{ id: 1, type: "evaluate", system: "decnet", knobs: { link_quota: 8 } }]);
    w.emit({ type: "result", id: 1, result: { from: "worker" } });
    expect(await p).toEqual({ from: "worker" });
  });

  it("rejects with the worker's error message", async () => {
    const { w, c } = setup();
    w.emit(ready);
    const p = c.sweep("decnet", {}, "link_quota");
    w.emit({ type: "error", id: 1, message: "knob 'x' bad" });
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
    await c.sweep("decnet", {}, "link_quota");
    expect(http.sweep).toHaveBeenCalledOnce();
  });
});
