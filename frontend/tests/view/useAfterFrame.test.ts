// @vitest-environment jsdom
// What sits below the chart follows a knob's frame by one: a change shows a task after the next
// frame, the first values at once, and values that stay the same never draw again.
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAfterFrame } from "../../src/view/useAfterFrame";

describe("values that trail the frame", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] }));
  afterEach(() => vi.useRealTimers());

  it("shows the first values at once and a change only after the next frame", () => {
    const first = { readout: 1 };
    const { result, rerender } = renderHook(({ v }: { v: object }) => useAfterFrame([v, "lavc"] as const), { initialProps: { v: first } });
    expect(result.current[0]).toBe(first);
    const next = { readout: 2 };
    rerender({ v: next });
    expect(result.current[0]).toBe(first); // this frame still shows the last values
    act(() => vi.advanceTimersByTime(17)); // the frame, then a task
    expect(result.current[0]).toBe(next);
  });

  it("keeps only the newest of changes that come before a frame", () => {
    const { result, rerender } = renderHook(({ v }: { v: number }) => useAfterFrame([v] as const), { initialProps: { v: 1 } });
    rerender({ v: 2 });
    rerender({ v: 3 });
    expect(result.current[0]).toBe(1);
    act(() => vi.advanceTimersByTime(17));
    expect(result.current[0]).toBe(3);
  });

  it("draws nothing again while the values stay the same", () => {
    let renders = 0;
    const same = { readout: 1 };
    renderHook(() => {
      renders += 1;
      return useAfterFrame([same] as const);
    });
    act(() => vi.advanceTimersByTime(100));
    expect(renders).toBe(1);
  });
});
