import { describe, expect, it } from "vitest";
import { saturationMark } from "../../../src/chart/marks/saturation";
import { axes } from "./scene";

describe("the saturation point", () => {
  it("names its resource in the legend and the description, and chimes where it is", () => {
    const m = saturationMark(axes, { at: { x: 7.5, y: 675, resource: "sending CPU" }, drawn: true });
    expect(m.legend?.map((l) => l.text)).toEqual(["the sending CPU saturates at 7.5 buffers: from there on it sets the pace"]);
    expect(m.sentences?.map((s) => s.text)).toEqual(["It reaches its capacity at 7.5 buffers (675 bit/s), where the sending CPU is fully busy."]);
    expect(m.sound).toEqual({ chimes: [7.5] });
  });
  it("without a resource: said, but the capacity's legend line names it", () => {
    const m = saturationMark(axes, { at: { x: 7, y: 900 }, drawn: true });
    expect(m.legend).toEqual([]);
    expect(m.sentences?.[0].text).toBe("It reaches its capacity at 7 buffers (900 bit/s).");
  });
});
