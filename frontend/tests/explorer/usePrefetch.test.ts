// @vitest-environment jsdom
// A knob's next step, computed ahead: asked once the move's frame is drawn, so the worker does
// not take the processor from the move's own render, except in a run of single steps faster than
// any key's repeat, where it is asked at once (the next press would come before it ended).
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isChoice, type NumberKnob } from "../../src/api/types";
import { usePrefetch } from "../../src/explorer/usePrefetch";
import type { ModelClient } from "../../src/runtime/ModelClient";
import type { Call } from "../../src/runtime/protocol";
import { defaults } from "../../src/state/urlState";
import { describe_ } from "../fixtures/python";

const spec = describe_("lavc");
const start = defaults(spec);
// a numeric knob other than the x axis's, with room for a run of steps up
const knob = spec.knobs.find((k): k is NumberKnob => !isChoice(k) && k.name !== start.x && k.scale !== "log2" && Number(start.knobs[k.name]) + 4 * k.step <= k.max)!;

describe("the next step of a moved knob", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame", "performance"] }));
  afterEach(() => vi.useRealTimers());

  it("is asked after the frame, at once only when steps come faster than a key's repeat", () => {
    const asked: Call[][] = [];
    const client = { prefetch: (calls: Call[]) => asked.push(calls) } as unknown as ModelClient;
    const { result } = renderHook(() => usePrefetch(client, spec, start));
    let value = Number(start.knobs[knob.name]);
    const step = () => {
      value = Math.round((value + knob.step) * 1e9) / 1e9; // (as the slider steps)
      result.current.afterMove({ ...start, knobs: { ...start.knobs, [knob.name]: value } });
    };
    const nextOf = (calls: Call[]) => calls.map((c) => ("knobs" in c ? c.knobs?.[knob.name] : undefined));

    step(); // the first step of a run: after its frame
    expect(asked).toHaveLength(0);
    vi.advanceTimersByTime(17); // the frame, then a task
    expect(asked).toHaveLength(1);
    const ahead = () => Math.round((value + knob.step) * 1e9) / 1e9;
    expect(nextOf(asked[0])).toEqual([ahead(), ahead()]); // the curve and the answer one step on

    vi.advanceTimersByTime(33 - 17);
    step(); // a held key's repeat (30 a second): still after the frame
    expect(asked).toHaveLength(1);
    vi.advanceTimersByTime(17);
    expect(asked).toHaveLength(2);

    vi.advanceTimersByTime(10);
    step(); // 27 ms on: after the frame
    expect(asked).toHaveLength(2);
    vi.advanceTimersByTime(5);
    const before = asked.length; // (the last step's frame may have come by now)
    step(); // 5 ms after the last step: at once, before the render
    expect(asked).toHaveLength(before + 1);
    expect(nextOf(asked[before])).toEqual([ahead(), ahead()]);
  });

  it("after a jump, asks both neighbours: from the knob's minimum (Home) the step up", () => {
    const asked: Call[][] = [];
    const client = { prefetch: (calls: Call[]) => asked.push(calls) } as unknown as ModelClient;
    const { result } = renderHook(() => usePrefetch(client, spec, start));
    const nextOf = (calls: Call[]) => calls.map((c) => ("knobs" in c ? c.knobs?.[knob.name] : undefined));
    const up = Math.round((knob.min + knob.step) * 1e9) / 1e9;

    result.current.afterMove({ ...start, knobs: { ...start.knobs, [knob.name]: knob.min } }); // Home
    vi.advanceTimersByTime(17);
    expect(asked).toHaveLength(1);
    expect(nextOf(asked[0])).toEqual([up, up]); // (below the minimum there is no step)

    const mid = Math.round((knob.min + 3 * knob.step) * 1e9) / 1e9; // a typed value, three steps on
    result.current.afterMove({ ...start, knobs: { ...start.knobs, [knob.name]: mid } });
    vi.advanceTimersByTime(17);
    expect(asked).toHaveLength(2);
    expect(new Set(nextOf(asked[1]))).toEqual(new Set([mid + knob.step, mid - knob.step].map((v) => Math.round(v * 1e9) / 1e9)));
  });
});
