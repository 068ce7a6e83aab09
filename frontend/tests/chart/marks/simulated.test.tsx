// @vitest-environment jsdom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { simulatedMark } from "../../../src/chart/marks/simulated";
import { frameOf } from "./frame";
import { axes } from "./scene";

afterEach(cleanup);
const ui = { tip: () => undefined };
const view = {
  points: [
    { x: 4, mean: 420, low: 410, high: 430, model: 400 },
    { x: 8, mean: 690, low: 689, high: 691, model: 680 },
  ],
  drew: "constant service times",
  sentence: "It parts from the model most at link quota 4 buffers.",
  seed: 3,
};

describe("the simulation's points", () => {
  it("draw a diamond on its interval at each x, named with both", () => {
    const r = render(<svg aria-label="chart">{simulatedMark(axes, view).draw?.top?.(frameOf(), ui)}</svg>);
    const points = [...r.container.querySelectorAll('[data-testid="simulated-point"]')];
    expect(points.map((p) => p.getAttribute("data-x"))).toEqual(["4", "8"]);
    expect(points[0].getAttribute("aria-label")).toContain("95 % interval");
    expect(points[0].querySelectorAll(".sim-interval")).toHaveLength(3);
  });
  it("show their mean, interval and the model beside them on hover or focus, as a memo point does", () => {
    const tips: unknown[] = [];
    const r = render(<svg aria-label="chart">{simulatedMark(axes, view).draw?.top?.(frameOf(), { tip: (t) => tips.push(t) })}</svg>);
    const first = r.container.querySelector('[data-testid="simulated-point"]')!;
    expect(first.getAttribute("tabindex")).toBe("0");
    fireEvent.focus(first);
    // (the tip names its point: the chart drops it when the point leaves the page, as a new run's do)
    expect((tips.at(-1) as { anchor: Element }).anchor).toBe(first);
    const shown = render(<div>{(tips.at(-1) as { body: React.ReactNode }).body}</div>);
    expect(shown.container.textContent).toContain("Simulated: 420");
    expect(shown.container.textContent).toContain("95 % interval 410 bit/s to 430 bit/s");
    expect(shown.container.textContent).toContain("the model: 400 bit/s (+5.0 %)");
    fireEvent.blur(first);
    expect(tips.at(-1)).toBeNull();
  });
  it("are in the legend, the description, the table, the CSV and an export's key", () => {
    const m = simulatedMark(axes, view);
    expect(m.legend?.map((l) => l.text)).toEqual(["simulation (constant service times): mean and 95 % interval at 2 settings"]);
    expect(m.sentences?.map((s) => s.text)).toEqual([view.sentence]);
    expect(m.table?.rows.map((r) => r.cells.map((c) => c.text))[0]).toEqual(["4 buffers", "420", "410 to 430", "400", "+5.0 %"]);
    expect(m.csv?.rows).toHaveLength(6);
    expect(m.csv?.rows[0]).toEqual(["simulation (constant service times) mean", 4, 420, "", "", "Memo Lab's simulation (seed 3)"]);
    expect(m.exportKey?.map((k) => k.label)).toEqual(["simulation (constant service times): mean and 95 % interval"]);
    expect(m.exportKey?.[0].shape).toBe("diamond");
    expect(m.brief?.map((l) => l.text)).toEqual(["simulated (constant service times): mean and 95 % interval"]);
    expect(m.exportNote).toMatch(/^Simulated, not measured: constant service times, seed 3; .* at link quota 4 buffers, 8 buffers$/);
    expect(m.ys).toEqual([410, 430, 689, 691]);
  });
  it("say so where every batch gave the same (no interval to draw: a loop of constant times)", () => {
    const same = { ...view, points: view.points.map((p) => ({ ...p, low: p.mean, high: p.mean })) };
    expect(simulatedMark(axes, same).legend?.map((l) => l.text)).toEqual(["simulation (constant service times) at 2 settings: every batch gave the same, so there is no interval to draw"]);
  });
  it("say nothing before a run", () => {
    const m = simulatedMark(axes, null);
    expect([m.legend, m.brief, m.sentences, m.exportKey, m.csv?.rows]).toEqual([[], [], [], [], []]);
    expect(m.exportNote).toBeUndefined();
    expect(m.table).toBeUndefined();
  });
});
