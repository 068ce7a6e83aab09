// @vitest-environment jsdom
// The sandbox keeps its calls about the edit they were made for: a frame removed (a call past its
// time limit whose Python could not be stopped) takes the edit with it, and the fresh frame has it
// installed again before the next call, so a fit asked then is the edit's, not the original's.
// (A clean-clone e2e run once fitted the original after a judgement ran out of time: the LAVC
// workbench test's fit never showed the edit's error.)
import { expect, it } from "vitest";
import { type Frame, Sandbox } from "../../src/workbench/sandbox";
import type { SandboxEvent } from "../../src/workbench/protocol";

type Call = { type: string; id: number; op: string; payload: { files?: unknown } };

/** A sandbox whose frames are fake Pythons: each knows only the edit installed in it, and a fit
 * of the edit fails (as the e2e test's edited recursion does) where the original's succeeds. */
class FakeFrames extends Sandbox {
  frames = 0;
  protected open(): Frame {
    const self = this as unknown as { frame: Frame | null; heard: (e: SandboxEvent, s: () => void, f: (m: string) => void) => void };
    if (self.frame) return self.frame;
    this.frames++;
    const channel = new MessageChannel();
    let edited = false;
    channel.port2.onmessage = (e: MessageEvent<Call>) => {
      const { id, op, payload } = e.data;
      if (op === "edit") edited = payload.files != null;
      const answer = op === "fit_memo" && edited ? { error: "ArithmeticError: not for a fit" } : { result: op === "fit_memo" ? "the original's fit" : null };
      channel.port2.postMessage({ type: "answer", id, text: JSON.stringify(answer) });
    };
    const port = channel.port1;
    port.onmessage = (e: MessageEvent<SandboxEvent>) => self.heard(e.data, () => undefined, () => undefined);
    self.frame = { iframe: document.createElement("iframe"), port, ready: Promise.resolve() };
    return self.frame;
  }
}

it("installs the edit again in a fresh frame before the next call", async () => {
  const box = new FakeFrames();
  expect((await box.call("edit", { system: "lavc", files: { "perfmodels/mva.py": "..." } }, 1000)).ok).toBe(true);
  expect(await box.call("fit_memo", { system: "lavc" }, 1000)).toMatchObject({ ok: false, error: "ArithmeticError: not for a fit" });
  box.close(); // removed past a time limit
  expect(await box.call("fit_memo", { system: "lavc" }, 1000)).toMatchObject({ ok: false, error: "ArithmeticError: not for a fit" });
  expect(box.frames).toBe(2);
  // back to the original: a fresh frame then stays the original
  expect((await box.call("edit", { system: "lavc", files: null }, 1000)).ok).toBe(true);
  box.close();
  expect(await box.call("fit_memo", { system: "lavc" }, 1000)).toEqual({ ok: true, result: "the original's fit" });
  box.dispose();
});
