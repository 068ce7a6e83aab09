// @vitest-environment jsdom
// The edited model at the setting: asked of the sandbox only once the edit in the editor is the one
// drawn, with the knobs and parameters its curve is drawn with (a fit's); an answer is shown only for
// the edit, knobs and fit it was asked for (never a stale or the original's). The sandbox is a
// stand-in that answers as the test says (the real one is walked in e2e/workbench.spec.ts).
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KnobValues, SystemSpec } from "../../src/api/types";
import type { SandboxAnswer } from "../../src/workbench/answers";
import type { Sandbox } from "../../src/workbench/sandbox";
import type { FittedEdit } from "../../src/workbench/useEdit";
import { drawnWith } from "../../src/workbench/useEdit";
import { useEditAt } from "../../src/workbench/useEditAt";

const spec = {
  id: "lavc", knobs: [{ name: "users", label: "Users" }, { name: "think", label: "Think time" }], metrics: [{ name: "throughput" }, { name: "response" }],
} as unknown as SystemSpec;

function fakeSandbox() {
  const calls: { op: string; payload: Record<string, unknown>; answer: (a: SandboxAnswer) => void }[] = [];
  const sandbox = {
    call: (op: string, payload: Record<string, unknown>) => new Promise<SandboxAnswer>((resolve) => calls.push({ op, payload, answer: resolve })),
  } as unknown as Sandbox;
  return { sandbox, calls };
}

interface P { text: string | null; drawn: string | null; knobs: KnobValues; fitted: FittedEdit | null }

function setup(p: P) {
  const { sandbox, calls } = fakeSandbox();
  const hook = renderHook((q: P) => useEditAt({ sandbox, spec, ...q, x: "users", metric: "throughput", run: true }), { initialProps: p });
  return { ...hook, calls };
}

const evaluation = (throughput: number) => ({ ok: true as const, result: { system: "lavc", knobs: {}, metrics: { throughput, response: 2 }, bottleneck: "disk", stages: [] } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the edited model at the setting", () => {
  it("waits until the edit in the editor is drawn, then evaluates it at the knobs on screen", async () => {
    const knobs = { users: 86, think: 5 };
    const { result, rerender, calls } = setup({ text: "edit A", drawn: null, knobs, fitted: null });
    expect(calls).toHaveLength(0);
    rerender({ text: "edit A", drawn: "edit A", knobs, fitted: null });
    expect(calls.map((c) => c.op)).toEqual(["evaluate"]);
    expect(calls[0].payload).toEqual({ system: "lavc", knobs, params: undefined });
    expect(result.current.at).toBeNull(); // not yet answered: shown as computing, never the original's
    await act(async () => calls[0].answer(evaluation(1174)));
    expect(result.current.at?.metrics.throughput).toBe(1174);
    expect(result.current.at?.bottleneck).toBe("disk");
  });

  it("asks the sensitivity of the chart's metric once the knobs rest", async () => {
    const knobs = { users: 86, think: 5 };
    const { result, calls } = setup({ text: "edit A", drawn: "edit A", knobs, fitted: null });
    expect(calls.map((c) => c.op)).toEqual(["evaluate"]);
    act(() => vi.advanceTimersByTime(300));
    expect(calls.map((c) => c.op)).toEqual(["evaluate", "sensitivity"]);
    expect(calls[1].payload).toMatchObject({ metric: "throughput", knobs });
    await act(async () => calls[1].answer({ ok: true, result: { system: "lavc", metric: "throughput", value: 1174, bottleneck: "disk", cause: "users", largest: "nope", knobs: [
      { name: "users", label: "users", active: true, low: 10, high: 1200, effect: { kind: "elasticity", percent: 0.4 } }, { name: "evil", label: "evil", active: true },
    ] } }));
    const s = result.current.sensitivity!;
    expect(s.value).toBe(1174);
    expect(s.largest).toBeNull(); // a knob the system does not have is not named
    expect(s.knobs.map((k) => [k.name, k.label])).toEqual([["users", "Users"]]);
  });

  it("drops an answer for knobs no longer on screen, and an edit not drawn is not asked", async () => {
    const { result, rerender, calls } = setup({ text: "edit A", drawn: "edit A", knobs: { users: 86, think: 5 }, fitted: null });
    rerender({ text: "edit A", drawn: "edit A", knobs: { users: 90, think: 5 }, fitted: null });
    await act(async () => calls[0].answer(evaluation(1000)));
    expect(result.current.at).toBeNull();
    await act(async () => calls[1].answer(evaluation(1200)));
    expect(result.current.at?.metrics.throughput).toBe(1200);
    // a newer edit typed, the older still drawn: nothing shown, nothing asked of the sandbox
    rerender({ text: "edit B", drawn: "edit A", knobs: { users: 90, think: 5 }, fitted: null });
    expect(result.current.at).toBeNull();
    expect(calls.filter((c) => c.op === "evaluate")).toHaveLength(2);
  });

  it("uses a fit's parameters and open knobs, as the curve is drawn", () => {
    const fitted = { params: { disk_ms: 20 }, knobs: { users: 5, think: 7 } };
    expect(drawnWith({ users: 86, think: 5 }, "users", fitted)).toEqual({ knobs: { users: 86, think: 7 }, params: { disk_ms: 20 } });
    const { calls } = setup({ text: "edit A", drawn: "edit A", knobs: { users: 86, think: 5 }, fitted });
    expect(calls[0].payload).toEqual({ system: "lavc", knobs: { users: 86, think: 7 }, params: { disk_ms: 20 } });
  });

  it("answers nothing for an edit whose evaluation fails or is not one", async () => {
    const { result, rerender, calls } = setup({ text: "edit A", drawn: "edit A", knobs: { users: 86, think: 5 }, fitted: null });
    await act(async () => calls[0].answer({ ok: false, error: "ZeroDivisionError", line: 3, stopped: false }));
    expect(result.current.at).toBeNull();
    rerender({ text: "edit A", drawn: "edit A", knobs: { users: 87, think: 5 }, fitted: null });
    await act(async () => calls[1].answer({ ok: true, result: [1, 2] }));
    expect(result.current.at).toBeNull();
  });
});
