// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { crowdMark } from "../../../src/chart/marks/crowd";
import { predictionMark } from "../../../src/chart/marks/prediction";
import { frameOf } from "./frame";
import { axes } from "./scene";

afterEach(cleanup);
const ui = { tip: () => undefined };

describe("a class's predictions", () => {
  it("take room beside the plot (half on a phone) and a line in the lesson's legend once there are some", () => {
    const m = crowdMark(axes, 16, [400, 500]);
    expect([m.beside?.(false), m.beside?.(true)]).toEqual([72, 36]);
    expect(m.brief?.map((l) => l.text)).toEqual(["the class's predictions (beside the axis: how they spread, the black line their median)"]);
    expect(crowdMark(axes, 16, []).brief).toEqual([]);
  });
});

describe("the model's point stays in sight once the answer is out (issue 39)", () => {
  it("the class's marks are rings, not dots, once revealed", () => {
    const f = frameOf();
    const open = render(<svg aria-label="chart">{crowdMark(axes, 4, [400, 420]).draw?.top?.(f, ui)}</svg>);
    expect([...open.container.querySelectorAll(".class-prediction")].every((c) => !c.classList.contains("ring"))).toBe(true);
    cleanup();
    const shown = render(<svg aria-label="chart">{crowdMark(axes, 4, [400, 420], true).draw?.top?.(f, ui)}</svg>);
    expect([...shown.container.querySelectorAll(".class-prediction")].map((c) => c.classList.contains("ring"))).toEqual([true, true]);
  });
  it("the student's own mark is a ring around the point once it can no longer move", () => {
    const f = frameOf();
    const moving = render(<svg aria-label="chart">{predictionMark(axes, { x: 4, y: 400, label: "Your prediction", onChange: () => undefined }).draw?.top?.(f, ui)}</svg>);
    expect(moving.getByTestId("prediction-handle").getAttribute("class")).toBe("prediction-handle");
    cleanup();
    const placed = render(<svg aria-label="chart">{predictionMark(axes, { x: 4, y: 400, label: "Your prediction" }).draw?.top?.(f, ui)}</svg>);
    expect(placed.getByTestId("prediction-handle").getAttribute("class")).toBe("prediction-handle placed");
  });
});
