import { describe, expect, it } from "vitest";
import type { KnobEffect, KnobSpec, Sensitivity } from "../../src/api/types";
import { effectText, sensitivityClaim } from "../../src/explorer/sensitivityText";

const knob = (name: string, unit: string, scale: "linear" | "log2" = "linear"): KnobSpec =>
  ({ name, label: name, unit, meaning: "", allowed: "", default: 1, min: 0, max: 100, step: 1, scale, integer: false }) as KnobSpec;

describe("a bar's figure in honest units", () => {
  it("a chunksize given as log2 bytes: per doubling of its bytes, never per 1 % of its logarithm", () => {
    const k: KnobEffect = { name: "chunksize", label: "Chunksize", active: true, low: 275, high: 9693, effect: { kind: "doubling", percent: 68.92, to: 14 } };
    expect(effectText(k, knob("chunksize", "log2 bytes"), 13)).toBe("+68.9 % per doubling (8K bytes to 16K bytes)");
  });
  it("a model that moves in steps: the next step of the knob's grid, said as such, with the bar's sign", () => {
    const k: KnobEffect = { name: "swap_interval_s", label: "Swapping interval", active: true, low: 16.3, high: 2.5, effect: { kind: "step", percent: -6.6, to: 0.45 } };
    const text = effectText(k, knob("swap_interval_s", "s"), 0.4);
    expect(text).toBe("−6.6 % at the next step (to 0.45 s)");
    expect(text).not.toMatch(/per 1 %/);
    // on a percentage metric (the gain, 8.2 %), in points: −6.6 % of 8.2 % is −0.54 points
    expect(effectText(k, knob("swap_interval_s", "s"), 0.4, { unit: "%", value: 8.2 })).toBe("−0.54 points at the next step (to 0.45 s)");
    // at the top end, the step that ends there
    expect(effectText({ ...k, effect: { kind: "step", percent: -1, to: 0.35 } }, knob("swap_interval_s", "s"), 0.4)).toBe("−1.0 % over the last step (from 0.35 s)");
  });
  it("a smooth knob: per 1 % of its own quantity; a figure against its bar's direction says the metric turns", () => {
    const k: KnobEffect = { name: "record_cpu_us", label: "Record CPU", active: true, low: 12.7, high: 5.2, elasticity: -0.65, effect: { kind: "elasticity", percent: -0.653 } };
    expect(effectText(k, knob("record_cpu_us", "µs"), 2000)).toBe("−0.65 % per 1 % more record CPU here");
    // on a percentage metric (RSX QIO's time saved, 8.2 %): in points, never a per cent of a per cent
    expect(effectText(k, knob("record_cpu_us", "µs"), 2000, { unit: "%", value: 8.2 })).toBe("−0.054 points per 1 % more record CPU here");
    const turning: KnobEffect = { ...k, low: 0, high: 7.4, effect: { kind: "step", percent: -1.27, to: 24 } };
    expect(effectText(turning, knob("task_size_kw", "KW"), 23)).toMatch(/falls here, though it rises over the whole range \(it turns within it\)$/);
  });
});

describe("the panel's claim", () => {
  const base: Sensitivity = { system: "rsx-swap", metric: "shf_gain_percent", value: 8.2, knobs: [], bottleneck: "swap disk", cause: "disk", largest: "swap_interval_s" };
  const label = (n: string) => ({ disk: "Swap disk", swap_interval_s: "Swapping interval", record_cpu_us: "Record CPU", maxpkt: "MAXPKT" })[n] ?? n;
  it("names the knob that moves the metric most and the knob behind the bottleneck, never one as the other (RSX swapping, RSX QIO)", () => {
    expect(sensitivityClaim(base, "SHF gain", label)).toBe("The swap disk sets the pace here, and it is a knob itself (marked). Swapping interval moves the SHF gain most over its range (the first bar).");
    const qio = { ...base, bottleneck: "CPU", cause: "record_cpu_us", largest: "maxpkt" };
    const said = sensitivityClaim(qio, "Time saved", label);
    expect(said).toBe("The CPU sets the pace here; the knob behind it (marked) is Record CPU, the one that moves what the CPU allows most. MAXPKT moves the time saved most over its range (the first bar).");
    expect(said).not.toMatch(/Record CPU[^.]*moves the time saved most/);
  });
  it("says so when they are one knob, and says nothing limits when nothing does", () => {
    expect(sensitivityClaim({ ...base, bottleneck: "link quota", cause: "link_quota", largest: "link_quota" }, "Throughput", (n) => (n === "link_quota" ? "Link quota" : n)))
      .toBe("The link quota sets the pace here, and it is a knob itself (marked); it is also the knob that moves the throughput most over its range (the first bar).");
    expect(sensitivityClaim({ ...base, bottleneck: null, cause: null, largest: "ios" }, "CPU", () => "I/Os per user")).toBe("I/Os per user moves the CPU most over its range (the first bar). No resource sets the pace here.");
  });
});
