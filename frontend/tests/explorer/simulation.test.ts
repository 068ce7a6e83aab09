import { describe, expect, it } from "vitest";
import type { Simulation, SystemSpec } from "../../src/api/types";
import { sentenceOf } from "../../src/explorer/simulationText";
import { simulatedXs } from "../../src/explorer/simulationRuns";

const spec = {
  id: "decnet",
  knobs: [{ name: "link_quota", label: "Link quota", unit: "buffers" }],
  metrics: [{ name: "throughput_bps", label: "Throughput", unit: "bit/s" }],
} as unknown as SystemSpec;
const result = (events: number) => ({ drew: "constant service times", note: "Less variable times queue less.", events }) as unknown as Simulation;

describe("the simulation beside the curve", () => {
  it("simulates five settings spread along the curve and the knob's own", () => {
    const curve = Array.from({ length: 32 }, (_, i) => ({ x: 2 + 2 * i, y: i }));
    expect(simulatedXs(curve, 16)).toEqual([8, 16, 20, 34, 48, 64]);
    expect(simulatedXs(curve, 17)).toEqual([8, 17, 20, 34, 48, 64]);
    expect(simulatedXs(curve, 90)).toEqual([8, 20, 34, 48, 64]);
    expect(simulatedXs([], 16)).toEqual([]);
  });
  it("says where the simulation parts from the model, by how much, and why", () => {
    const points = [
      { x: 4, mean: 101, low: 100, high: 102, model: 100.5 },
      { x: 16, mean: 110, low: 110, high: 110, model: 103.8 },
    ];
    const s = sentenceOf(spec, "link_quota", "throughput_bps", [result(1000), result(2000)], points);
    expect(s).toBe(
      "Throughput simulated with constant service times at 2 settings (3,000 events): it parts from the model most at link quota 16 buffers, " +
        "6.0 % above and within 2 % of it at link quota 4 buffers; 1 of 2 intervals holds the model. Less variable times queue less.",
    );
  });
  it("says when the two agree everywhere", () => {
    const points = [{ x: 4, mean: 101, low: 99, high: 103, model: 100 }];
    expect(sentenceOf(spec, "link_quota", "throughput_bps", [result(10)], points)).toBe(
      "Throughput simulated with constant service times at 1 setting (10 events): at most 1.0 % above the model (at link quota 4 buffers), " +
        "within the simulation's own intervals everywhere (its interval holds the model): no difference between the two is measured here.",
    );
  });
});

describe("a metric that is not simulated", () => {
  it("names what is, and the axis to choose", async () => {
    const { notSimulated } = await import("../../src/explorer/simulationText");
    const ffs = { metrics: [{ name: "throughput_kBps", label: "Throughput" }, { name: "revolutions_lost", label: "Revolutions lost per block" }] } as unknown as SystemSpec;
    const r = { metrics: { revolutions_lost: {}, steady_kBps: {} } } as unknown as Simulation;
    expect(notSimulated(ffs, "throughput_kBps", r)).toBe(
      "Throughput is not simulated here: the simulation gives Revolutions lost per block and the blocks' steady rate; choose Revolutions lost per block as the y axis to see its points.",
    );
  });
});
