import { describe, expect, it } from "vitest";
import { predictionMark } from "../../../src/chart/marks/prediction";
import { axes } from "./scene";

describe("a learner's prediction", () => {
  it("is in the lesson's legend, and takes the pointer only while it may move", () => {
    const open = predictionMark(axes, { x: 16, y: null, label: "Your prediction", onChange: () => undefined });
    expect(open.brief?.map((l) => l.text)).toEqual(["your prediction"]);
    expect(open.grabs).toBe(true);
    expect(predictionMark(axes, { x: 16, y: 400, label: "Your prediction" }).grabs).toBe(false);
  });
});
