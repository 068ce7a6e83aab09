// The edited model as the explorer asks it: each request asked of the sandbox once, with the knobs
// and parameters the edit's curve is drawn with (a fit's), read as untrusted and kept; nothing asked
// or shown while the sandbox holds another edit; a curve's error told (for the editor, at its line).
// The sandbox is a stand-in that answers as the test says (the real one is walked in
// e2e/workbench.spec.ts).
import { describe, expect, it, vi } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import type { Answer } from "../../src/runtime/answer";
import { curveRequest } from "../../src/runtime/protocol";
import type { SandboxAnswer } from "../../src/workbench/answers";
import { EditAnswerer, type EditModel } from "../../src/workbench/editAnswerer";
import type { Sandbox } from "../../src/workbench/sandbox";
import type { FittedEdit } from "../../src/workbench/useEdit";

const spec = {
  id: "lavc", knobs: [{ name: "users", label: "Users" }, { name: "think", label: "Think time" }], metrics: [{ name: "throughput" }, { name: "response" }],
} as unknown as SystemSpec;

const sweep = (y: number) => ({
  system: "evil", knobs: {}, x: [1, 2], x_knob: "users", metrics: { throughput: [y, y + 1] }, limits: {}, band: {},
  bottleneck: ["disk", "disk"], knee: null, saturation: null, bounds_knee: null, bounds: [], memo_models: [],
});
const evaluation = (throughput: number) => ({ system: "lavc", knobs: {}, metrics: { throughput, response: 2 }, bottleneck: "disk", stages: [] });

function setup(over: Partial<EditModel> = {}) {
  const calls: { op: string; payload: Record<string, unknown>; answer: (a: SandboxAnswer) => Promise<void> }[] = [];
  const sandbox = {
    call: (op: string, payload: Record<string, unknown>) => new Promise<SandboxAnswer>((resolve) => {
      calls.push({ op, payload, answer: async (a) => { resolve(a); await Promise.resolve(); } });
    }),
  } as unknown as Sandbox;
  let holds: string | null = "edit A";
  const onCurve = vi.fn();
  const answerer = new EditAnswerer({ sandbox, spec, edit: "edit A", installed: () => holds, along: "users", fitted: null, seed: null, onCurve, ...over });
  return { answerer, calls, onCurve, install: (k: string | null) => { holds = k; } };
}

const later = <T,>(a: Answer<T>) => ("later" in a ? a.later : Promise.resolve(a.now));

describe("the edited model as the explorer asks it", () => {
  it("asks the edit's curve once, without its band, and knows it after", async () => {
    const { answerer, calls, onCurve } = setup();
    const knobs = { users: 86, think: 5 };
    const first = answerer.curve("lavc", knobs, "users");
    const again = answerer.curve("lavc", knobs, "users");
    expect(calls).toHaveLength(1); // the same request on its way is not asked twice
    expect(calls[0]).toMatchObject({ op: "sweep", payload: { system: "lavc", knobs, x: "users", band: false, params: undefined } });
    await calls[0].answer({ ok: true, result: sweep(10) });
    const got = await later(first);
    expect(await later(again)).toBe(got);
    expect(got.system).toBe("lavc"); // the page's names, never the sandbox's
    expect(got.knobs).toEqual(knobs);
    expect(answerer.curve("lavc", knobs, "users")).toEqual({ now: got });
    expect(answerer.peek(curveRequest("lavc", knobs, "users", { any: 1 }))).toBe(got); // the page's own fit does not apply to an edit
    expect(onCurve).toHaveBeenLastCalledWith(null);
    expect(answerer.band()).toEqual({ now: {} }); // drawn without a band, never asked
    expect(calls).toHaveLength(1);
  });

  it("draws with a fit's parameters and the knobs its table left open, never the one along x", async () => {
    const fitted: FittedEdit = { params: { disk_ms: 20 }, knobs: { users: 5, think: 7 } };
    const { answerer, calls } = setup({ fitted });
    void answerer.curve("lavc", { users: 86, think: 5 }, "users");
    void answerer.evaluate("lavc", { users: 86, think: 5 });
    void answerer.sensitivity("lavc", { users: 86, think: 5 }, "throughput");
    expect(calls.map((c) => [c.op, c.payload.knobs, c.payload.params])).toEqual([
      ["sweep", { users: 86, think: 7 }, { disk_ms: 20 }],
      ["evaluate", { users: 86, think: 7 }, { disk_ms: 20 }],
      ["sensitivity", { users: 86, think: 7 }, { disk_ms: 20 }],
    ]);
  });

  it("knows the edit's first curve at once, for its own axis and fit only", () => {
    const knobs = { users: 86, think: 5 };
    const drawn = { call: curveRequest("lavc", knobs, "users"), sweep: { system: "lavc" } as never, fitted: null };
    expect(setup({ seed: drawn }).answerer.peek(curveRequest("lavc", knobs, "users"))).toBe(drawn.sweep);
    expect(setup({ seed: drawn, along: "think" }).answerer.peek(curveRequest("lavc", knobs, "users"))).toBeUndefined();
    expect(setup({ seed: drawn, fitted: { params: { a: 1 }, knobs: {} } }).answerer.peek(curveRequest("lavc", knobs, "users"))).toBeUndefined();
  });

  it("reads the answer at the setting as untrusted, with the page's knobs", async () => {
    const { answerer, calls } = setup();
    const at = later(answerer.evaluate("lavc", { users: 86, think: 5 }));
    await calls[0].answer({ ok: true, result: { ...evaluation(1174), bottleneck: "x".repeat(500) } });
    const e = await at;
    expect(e.metrics.throughput).toBe(1174);
    expect(e.knobs).toEqual({ users: 86, think: 5 });
    expect(e.bottleneck).toHaveLength(80);
    const bad = later(answerer.evaluate("lavc", { users: 87, think: 5 }));
    await calls[1].answer({ ok: true, result: [1, 2] });
    await expect(bad).rejects.toThrow("not an evaluation");
  });

  it("asks nothing while the sandbox holds another edit, and tells a curve's error with its line", async () => {
    const { answerer, calls, onCurve, install } = setup();
    install(null); // another edit installing
    await expect(later(answerer.curve("lavc", { users: 1, think: 5 }, "users"))).rejects.toThrow("no longer the one in the sandbox");
    await expect(later(answerer.evaluate("lavc", { users: 1, think: 5 }))).rejects.toThrow();
    expect(calls).toHaveLength(0);
    expect(onCurve).not.toHaveBeenCalled(); // not the edit's error: nothing to mark in the editor
    install("edit A");
    const failed = later(answerer.curve("lavc", { users: 2, think: 5 }, "users"));
    await calls[0].answer({ ok: false, error: "ZeroDivisionError: division by zero", line: 12, file: "perfmodels/lavc.py", stopped: false });
    await expect(failed).rejects.toThrow("ZeroDivisionError");
    expect(onCurve).toHaveBeenLastCalledWith({ message: "ZeroDivisionError: division by zero", line: 12, file: "perfmodels/lavc.py" });
    const odd = later(answerer.curve("lavc", { users: 3, think: 5 }, "users"));
    await calls[1].answer({ ok: true, result: { ...sweep(1), x: [] } });
    await expect(odd).rejects.toThrow("not a curve: a curve of 0 points");
    // a failed request is asked again, not remembered
    void answerer.curve("lavc", { users: 2, think: 5 }, "users");
    expect(calls).toHaveLength(3);
  });
});
