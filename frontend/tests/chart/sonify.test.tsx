// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoMark } from "../../src/chart/marks/memo";
import { modelMark } from "../../src/chart/marks/model";
import { saturationMark } from "../../src/chart/marks/saturation";
import { SoundControls } from "../../src/chart/SoundControls";
import { type AudioLike, HIGH_HZ, LOW_HZ, planSound } from "../../src/chart/sonify";
import { axes, memoAt4 } from "./marks/scene";

/** An AudioContext stand-in: records each oscillator's wave, pitch and start and stop times. */
function stubAudio() {
  const oscillators: { type: string; freq: number; start: number | null; stops: number[] }[] = [];
  let closed = false;
  const ctx: AudioLike = {
    currentTime: 10,
    destination: {},
    createOscillator() {
      const o = { type: "sine", freq: 0, start: null as number | null, stops: [] as number[] };
      oscillators.push(o);
      return {
        get type() { return o.type; },
        set type(t: string) { o.type = t; },
        frequency: { set value(v: number) { o.freq = v; }, get value() { return o.freq; } },
        connect: () => undefined,
        start: (t: number) => { o.start = t; },
        stop: (t: number) => { o.stops.push(t); },
      };
    },
    createGain: () => ({ gain: { value: 1, setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined }, connect: () => undefined }),
    close: async () => { closed = true; },
  };
  return { ctx, oscillators, isClosed: () => closed };
}

const curve = [1, 2, 3, 4, 5, 6].map((x) => ({ x, y: x * x }));
const model = modelMark(axes, { points: curve });

describe("planSound", () => {
  it("gives one tone per point, left to right, its pitch rising with the value from the lowest to the highest", () => {
    const plan = planSound(curve, [2.5], 5, 0.1);
    expect(plan.tones).toHaveLength(6);
    expect(plan.tones.map((t) => t.at)).toEqual([0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5]);
    expect(plan.tones[0].freq).toBeCloseTo(LOW_HZ);
    expect(plan.tones[5].freq).toBeCloseTo(HIGH_HZ);
    for (let i = 1; i < 6; i++) expect(plan.tones[i].freq).toBeGreaterThan(plan.tones[i - 1].freq);
    expect(plan.clicks).toEqual([{ at: expect.closeTo(0.15, 9) }]); // between the 2nd and 3rd points
    expect(plan.chimes).toEqual([{ at: expect.closeTo(0.4, 9) }]);
  });
  it("skips points with no value, and places nothing outside the curve", () => {
    const plan = planSound([{ x: 1, y: 1 }, { x: 2, y: Number.NaN }, { x: 3, y: 2 }], [9], null);
    expect(plan.tones).toHaveLength(2);
    expect(plan.clicks).toEqual([]);
  });
});

describe("SoundControls", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("plays: builds the audio graph and schedules one tone per curve point, a click per memo point and the capacity chime", () => {
    const audio = stubAudio();
        // the sound of the chart's marks: the model's curve, a memo measurement and a saturation point
    const marks = [model, memoMark(axes, [{ ...memoAt4, x: 3 }], curve), saturationMark(axes, { x: 5, y: 25, resource: "CPU", utilization: 0.97 })];
    render(<SoundControls marks={marks} yUnit="bit/s" makeAudio={() => audio.ctx} />);
    fireEvent.click(screen.getByTestId("sonify"));
    const sines = audio.oscillators.filter((o) => o.type === "sine");
    expect(sines).toHaveLength(curve.length);
    expect(sines.every((o, i) => i === 0 || (o.start ?? 0) > (sines[i - 1].start ?? 0))).toBe(true);
    expect(audio.oscillators.filter((o) => o.type === "square")).toHaveLength(1);
    expect(audio.oscillators.filter((o) => o.type === "triangle")).toHaveLength(2);
    expect(screen.getByTestId("sonify").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/lowest pitch is 1 bit\/s, the highest 36 bit\/s/)).toBeTruthy();
  });

  it("stops on Escape: every voice stopped, the context closed, the button back to Play", async () => {
    const audio = stubAudio();
    render(<SoundControls marks={[model]} yUnit="" makeAudio={() => audio.ctx} />);
    fireEvent.click(screen.getByTestId("sonify"));
    await act(async () => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    expect(audio.oscillators.every((o) => o.stops.includes(0))).toBe(true);
    expect(audio.isClosed()).toBe(true);
    expect(screen.getByTestId("sonify").textContent).toBe("Play the curve as sound");
  });

  it("says so when the browser has no sound", () => {
    render(<SoundControls marks={[model]} yUnit="" makeAudio={() => { throw new Error("no audio"); }} />);
    fireEvent.click(screen.getByTestId("sonify"));
    expect(screen.getByText("This browser cannot play sound.")).toBeTruthy();
  });
});
