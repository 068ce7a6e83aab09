// @vitest-environment jsdom
// Simulate pressed again: for the run on screen (same seed and settings) the page says it is the
// same run and does not redo it; a new seed is passed on and run, and where it gives the very same
// run (nothing drawn at random: constant times in one loop) the page says so rather than nothing.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Simulation, SystemSpec } from "../../src/api/types";
import { useSimulation } from "../../src/explorer/useSimulation";
import type { ModelClient } from "../../src/runtime/ModelClient";

const spec = {
  id: "decnet",
  knobs: [{ name: "link_quota", label: "Link quota", unit: "buffers" }],
  metrics: [{ name: "throughput_bps", label: "Throughput", unit: "bit/s" }],
} as unknown as SystemSpec;
const curve = () => [{ x: 16, y: 1 }];

/** A runtime whose answer depends on the seed or not (`random`), counting what it is asked. */
function fakeClient(random: boolean) {
  const seeds: number[] = [];
  const client = {
    own: async (call: { seed: number }) => {
      seeds.push(call.seed);
      const mean = random ? 100 + call.seed : 100;
      return { drew: "constant service times", note: "", events: 87_114, stopped: "target", queues: "", moves: {},
        metrics: { throughput_bps: { mean, ci95: [mean, mean] } }, analytic: { throughput_bps: 100 } } as unknown as Simulation;
    },
    stop: () => true,
  } as unknown as ModelClient;
  return { client, seeds };
}

function setup(random: boolean) {
  const { client, seeds } = fakeClient(random);
  const hook = renderHook(() => useSimulation(client, spec, { link_quota: 16 }, "link_quota", "throughput_bps", curve));
  return { hook, seeds };
}

describe("Simulate pressed again", () => {
  it("says the run on screen is the same run (same seed and settings) and does not redo it", async () => {
    const { hook, seeds } = setup(false);
    await act(() => hook.result.current.start());
    expect(hook.result.current.message).toBeNull();
    await act(() => hook.result.current.start());
    expect(seeds).toEqual([1]);
    expect(hook.result.current.message).toMatch(/^The same run as before: same seed and settings/);
    expect(hook.result.current.view?.points).toHaveLength(1);
  });
  it("runs a new seed, and says when it gives the very same run", async () => {
    const { hook, seeds } = setup(false);
    await act(() => hook.result.current.start());
    act(() => hook.result.current.setAsk({ ...hook.result.current.ask, seed: 2 }));
    await act(() => hook.result.current.start());
    expect(seeds).toEqual([1, 2]);
    expect(hook.result.current.message).toBe(
      "Seed 2 gave the same run as seed 1 (87,114 events): with constant service times nothing in this run is drawn at random, so every seed gives it.",
    );
  });
  it("says nothing more where the new seed's run differs", async () => {
    const { hook, seeds } = setup(true);
    await act(() => hook.result.current.start());
    act(() => hook.result.current.setAsk({ ...hook.result.current.ask, seed: 2 }));
    await act(() => hook.result.current.start());
    expect(seeds).toEqual([1, 2]);
    expect(hook.result.current.message).toBeNull();
    expect(hook.result.current.view?.points[0].mean).toBe(102);
  });
});
