import { describe, expect, it } from "vitest";
import { crowdMark } from "../../../src/chart/marks/crowd";
import { axes } from "./scene";

describe("a class's predictions", () => {
  it("take room beside the plot (half on a phone) and a line in the lesson's legend once there are some", () => {
    const m = crowdMark(axes, 16, [400, 500]);
    expect([m.beside?.(false), m.beside?.(true)]).toEqual([72, 36]);
    expect(m.brief?.map((l) => l.text)).toEqual(["the class's predictions (beside the axis: how they spread, the black line their median)"]);
    expect(crowdMark(axes, 16, []).brief).toEqual([]);
  });
});
