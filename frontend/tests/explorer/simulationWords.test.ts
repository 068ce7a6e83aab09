// The simulation's sentence says only what the run measured: exact agreement for a metric no
// queue changes, no explanation of a gap inside the intervals or against the spread's way, a
// figure where the model is zero, counts in the singular where there is one.
import { describe, expect, it } from "vitest";
import type { Simulation, SystemSpec } from "../../src/api/types";
import { sentenceOf } from "../../src/explorer/simulationText";

const lavc = {
  id: "lavc",
  knobs: [{ name: "users", label: "Users", unit: "users" }],
  metrics: [
    { name: "boot_cpu_percent", label: "Boot member CPU", unit: "%" },
    { name: "cpu_demand_percent", label: "Boot member CPU demand (offered)", unit: "%" },
    { name: "io_elapsed_ms", label: "I/O time", unit: "ms" },
  ],
} as unknown as SystemSpec;
const NOTE = "The simulation's times are more variable than the analysis assumes: its queues are longer where requests queue.";
const moves = { boot_cpu_percent: -1, cpu_demand_percent: 0, io_elapsed_ms: 1 };
const metrics = { boot_cpu_percent: {}, cpu_demand_percent: {}, io_elapsed_ms: {} };
const lavcRun = (events: number, queues = "longer") => ({ drew: "exponential service times", note: NOTE, events, queues, moves, metrics }) as unknown as Simulation;

describe("the simulation's sentence", () => {
  it("says offered demand agrees exactly, explains no difference, and names the metrics that can part", () => {
    const points = [36.07, 72.14].map((v, i) => ({ x: 43 + 43 * i, mean: v, low: v, high: v, model: v }));
    const s = sentenceOf(lavc, "users", "cpu_demand_percent", [lavcRun(1), lavcRun(2)], points);
    expect(s).toBe(
      "Boot member CPU demand (offered) simulated with exponential service times at 2 settings (3 events): simulation and analysis agree exactly " +
        "(equal at every setting simulated): it is offered demand, which no queue changes. To see the simulation and the analysis part, choose Boot member CPU or I/O time as the y axis.",
    );
    expect(s).not.toContain("more variable");
  });
  it("gives no why for a gap inside the intervals", () => {
    const points = [{ x: 86, mean: 120.4, low: 117.9, high: 123.9, model: 123.6 }];
    const s = sentenceOf(lavc, "users", "io_elapsed_ms", [lavcRun(1)], points);
    expect(s).toContain("at 1 setting (1 event): at most 2.6 % below the model (at 86 users), within the simulation's own intervals everywhere (its interval holds the model)");
    expect(s).not.toContain(NOTE);
  });
  it("gives the spread's why only where the gap goes its way", () => {
    const above = [{ x: 200, mean: 530, low: 520, high: 540, model: 500 }];
    expect(sentenceOf(lavc, "users", "io_elapsed_ms", [lavcRun(1)], above)).toContain(
      `6.0 % above; its interval does not hold the model. ${NOTE} Longer queues put I/O time higher than the analysis does.`,
    );
    const below = [{ x: 200, mean: 470, low: 460, high: 480, model: 500 }];
    const s = sentenceOf(lavc, "users", "io_elapsed_ms", [lavcRun(1)], below);
    expect(s).toContain("6.0 % below; its interval does not hold the model. Its times' spread would make the queues longer and so put the simulation above the model, not below it");
    expect(s).not.toContain(NOTE);
  });
  it("says what the queues do to the metric drawn: a time lower where a throughput would be higher", () => {
    const below = [{ x: 121, mean: 90, low: 88, high: 92, model: 122 }];
    const time = sentenceOf(lavc, "users", "io_elapsed_ms", [lavcRun(1, "shorter")], below);
    expect(time).toContain("26.2 % below");
    expect(time).toContain("Shorter queues put I/O time lower than the analysis does.");
    expect(time).not.toMatch(/higher|throughput/);
    const cpu = [{ x: 121, mean: 95, low: 94, high: 96, model: 90 }];
    expect(sentenceOf(lavc, "users", "boot_cpu_percent", [lavcRun(1, "shorter")], cpu)).toContain("Shorter queues put Boot member CPU higher than the analysis does.");
  });
  it("counts a point the table prints as +2.0 % among those within 2 %", () => {
    const points = [
      { x: 8, mean: 102.04, low: 101.9, high: 102.1, model: 100 },
      { x: 16, mean: 106, low: 105.5, high: 106.5, model: 100 },
      { x: 48, mean: 102.8, low: 102.6, high: 103, model: 100 },
    ];
    const s = sentenceOf(lavc, "users", "boot_cpu_percent", [lavcRun(1, "shorter")], points);
    expect(s).toContain("6.0 % above and within 2 % of it at 8 users;");
  });
  it("states the measured difference where the model is zero", () => {
    const ffs = {
      id: "ffs",
      knobs: [{ name: "cpu_speed", label: "CPU speed", unit: "" }],
      metrics: [{ name: "revolutions_lost", label: "Revolutions lost per block", unit: "revolutions" }],
    } as unknown as SystemSpec;
    const r = { drew: "the model's set-up", note: "The CPU may miss a pass.", events: 5, queues: "", moves: {}, metrics: {} } as unknown as Simulation;
    const zeros = [1, 2, 4].map((x) => ({ x, mean: 0, low: 0, high: 0, model: 0 }));
    expect(sentenceOf(ffs, "cpu_speed", "revolutions_lost", [r], zeros)).toBe(
      "Revolutions lost per block simulated with the model's set-up at 3 settings (5 events): simulation and analysis both 0 revolutions at every setting simulated, with intervals of no width.",
    );
    const slow = [{ x: 0.6, mean: 0.333, low: 0.332, high: 0.334, model: 0 }, ...zeros];
    expect(sentenceOf(ffs, "cpu_speed", "revolutions_lost", [r], slow)).toContain("it parts from the model most at CPU speed 0.6, 0.333 revolutions above");
  });
});
