// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Placed } from "../../../src/chart/labels";
import { Label } from "../../../src/chart/marks/label";
import { frameOf } from "./frame";

afterEach(cleanup);

// a label the layout pass put at (400, 100), its box 100 px wide and 14 tall
const placed: Placed = { id: "saturation", text: "sending CPU saturates at 44 buffers", x: 400, y: 110, anchor: "start", box: { x0: 400, y0: 98, x1: 500, y1: 112 } };
const drawn = (to: { x: number; y: number }) => {
  const f = { ...frameOf(), label: (id: string) => (id === "saturation" ? placed : null) };
  return render(<svg aria-label="chart"><Label f={f} id="saturation" className="saturation-label" to={to} /></svg>).container;
};

describe("a point's label", () => {
  it("beside its point: no leader line", () => {
    const c = drawn({ x: 395, y: 105 });
    expect(c.querySelector("[data-testid=chart-label]")?.textContent).toBe(placed.text);
    expect(c.querySelector("[data-testid=label-leader]")).toBeNull();
  });
  it("put further off by the layout pass: a leader line from its box toward the point, stopping short of it", () => {
    const line = drawn({ x: 450, y: 200 }).querySelector("[data-testid=label-leader]")!;
    expect(line).not.toBeNull();
    const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => Number(line.getAttribute(k)));
    expect([x1, y1]).toEqual([450, 112]); // the box's nearest point
    expect(x2).toBeCloseTo(450, 9);
    expect(y2).toBeCloseTo(191, 9); // 9 px short of the mark
  });
  it("not placed: nothing, line or words", () => {
    const f = frameOf();
    const c = render(<svg aria-label="chart"><Label f={f} id="saturation" className="s" to={{ x: 0, y: 0 }} /></svg>).container;
    expect(c.querySelector("text, line")).toBeNull();
  });
});
