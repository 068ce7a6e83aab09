// @vitest-environment jsdom
// A fit of the edit: run once its edit is drawn, dropped by a newer edit, stopped by Stop, and an
// error in the edit met during the fit kept with its file and line. The sandbox here is a stand-in that
// answers as the page asks (the real one is walked in e2e/workbench.spec.ts).
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import type { SandboxAnswer } from "../../src/workbench/answers";
import type { CallOptions, Sandbox } from "../../src/workbench/sandbox";
import { type OwnTableInput, useEditFit } from "../../src/workbench/useEditFit";

const spec = { id: "afs", params: [{ name: "network_MBps" }], knobs: [{ name: "chunksize" }], metrics: [{ name: "read_kBps" }] } as unknown as SystemSpec;
const MEMO = { params: { network_MBps: 10.27 }, ranges: { network_MBps: [10.2, 10.4] }, before: { n: 2, median_abs: 40, max_abs: 47 }, after: { n: 2, median_abs: 4, max_abs: 15 } };

/** A sandbox whose calls wait until the test answers them. */
function fakeSandbox() {
  const calls: { op: string; options: CallOptions; answer: (a: SandboxAnswer) => void }[] = [];
  const sandbox = {
    call: (op: string, _payload: object, _limit: number, _background: boolean, options: CallOptions) =>
      new Promise<SandboxAnswer>((resolve) => calls.push({ op, options, answer: resolve })),
  } as unknown as Sandbox;
  return { sandbox, calls };
}

function setup(text: string | null, drawn: string | null, own: OwnTableInput | null = null, initial: Parameters<typeof useEditFit>[0]["initial"] = null) {
  const { sandbox, calls } = fakeSandbox();
  const hook = renderHook((p: { text: string | null; drawn: string | null; own: OwnTableInput | null }) =>
    useEditFit({ sandbox, spec, text: p.text, drawn: p.drawn, run: true, own: p.own, initial }), { initialProps: { text, drawn, own } });
  return { ...hook, calls };
}

describe("a fit of the edit", () => {
  it("starts once its edit is drawn, tells its progress, and gives the values the curve is drawn with", async () => {
    const { result, rerender, calls } = setup("edit A", null);
    act(() => result.current.ask("memo"));
    expect(calls).toHaveLength(0); // the edit does not run yet
    rerender({ text: "edit A", drawn: "edit A", own: null });
    expect(calls.map((c) => c.op)).toEqual(["fit_memo"]);
    act(() => calls[0].options.progress?.(0.4));
    expect(result.current.state).toMatchObject({ phase: "running", kind: "memo", progress: 0.4 });
    await act(async () => calls[0].answer({ ok: true, result: MEMO }));
    expect(result.current.state).toMatchObject({ phase: "done", kind: "memo" });
    expect(result.current.fitted).toEqual({ params: { network_MBps: 10.27 }, knobs: {} });
    expect(result.current.kind).toBe("memo");
  });

  it("is dropped by a newer edit: the running call is stopped and its answer ignored", async () => {
    const { result, rerender, calls } = setup("edit A", "edit A");
    act(() => result.current.ask("memo"));
    rerender({ text: "edit B", drawn: "edit A", own: null });
    expect(calls[0].options.signal?.aborted).toBe(true);
    await act(async () => calls[0].answer({ ok: true, result: MEMO }));
    expect(result.current.state.phase).toBe("idle");
    expect(result.current.fitted).toBeNull();
    expect(result.current.kind).toBeNull();
  });

  it("is stopped by Stop, keeping nothing", async () => {
    const { result, calls } = setup("edit A", "edit A");
    act(() => result.current.ask("memo"));
    act(() => result.current.stop());
    expect(calls[0].options.signal?.aborted).toBe(true);
    await act(async () => calls[0].answer({ ok: false, error: "stopped", line: null, stopped: true }));
    expect(result.current.state.phase).toBe("stopped");
    expect(result.current.fitted).toBeNull();
  });

  it("keeps an error of the edit met during the fit with its file and line, and refuses an answer it cannot show", async () => {
    const { result, calls } = setup("edit A", "edit A");
    act(() => result.current.ask("memo"));
    await act(async () => calls[0].answer({ ok: false, error: "ArithmeticError: no", line: 124, file: "perfmodels/mva.py", stopped: false }));
    expect(result.current.state).toMatchObject({ phase: "failed", problem: { message: "ArithmeticError: no", line: 124, file: "perfmodels/mva.py" } });
    act(() => result.current.ask("memo"));
    await act(async () => calls[1].answer({ ok: true, result: { params: { stolen: 1 } } }));
    expect(result.current.state).toMatchObject({ phase: "failed", problem: { line: null, file: null } });
    expect(result.current.fitted).toBeNull();
  });

  it("to the user's table: the fit, then its rows left out; a new table drops it", async () => {
    const own = { text: "chunksize,read_kBps\n13,1700\n", knobs: {}, fit: null };
    const { result, rerender, calls } = setup("edit A", "edit A", own);
    act(() => result.current.ask("own"));
    const fit = {
      system: "afs", fitted: ["network_MBps"], best: { network_MBps: 8 }, params: { network_MBps: 8 }, knobs: {}, ranges: { network_MBps: [7.9, 8.1] }, loss: 0,
      rows: [], summary: { in_sample: MEMO.after, baseline: MEMO.after }, warnings: [], unpinned: [], prior: { weight: 0, tried: [] },
      comparison: { fitted_left_out: MEMO.after, memo: MEMO.before, better: true },
    };
    await act(async () => calls[0].answer({ ok: true, result: { fit, before: MEMO.before } }));
    expect(calls.map((c) => c.op)).toEqual(["fit_own", "left_out"]);
    expect(result.current.fitted).toEqual({ params: { network_MBps: 8 }, knobs: {} });
    await act(async () => calls[1].answer({ ok: true, result: { "2 read_kBps": 0.5 } }));
    expect(result.current.state).toMatchObject({ phase: "done", kind: "own", leftOut: { "2 read_kBps": 0.5 }, progress: null });
    rerender({ text: "edit A", drawn: "edit A", own: { ...own, text: `${own.text}16,4000\n` } });
    expect(result.current.state.phase).toBe("idle");
    expect(result.current.fitted).toBeNull();
  });

  it("asked by a link for the page's table, waits for the table to be read and fits it", () => {
    const own = { text: "chunksize,read_kBps\n13,1700\n", knobs: {}, fit: null };
    const { result, rerender, calls } = setup("edit A", "edit A", null, { kind: "own", text: "edit A" });
    expect(calls).toHaveLength(0);
    expect(result.current.kind).toBe("own"); // the link keeps it meanwhile
    rerender({ text: "edit A", drawn: "edit A", own });
    expect(calls.map((c) => c.op)).toEqual(["fit_own"]);
  });
});
