import { describe, expect, it } from "vitest";
import { delta } from "../../src/explorer/Readouts";

describe("the change from a pinned baseline", () => {
  it("is in the unit and in percent of the baseline", () => {
    expect(delta(150, 100, "msg/s")).toBe("+50 msg/s (+50.0%) vs baseline");
    expect(delta(80, 100, "msg/s")).toBe("−20 msg/s (-20.0%) vs baseline");
  });
  it("of a percentage metric is in points, never a percent of a percent", () => {
    expect(delta(45.5, 23.8, "%")).toBe("+21.7 points vs baseline");
    expect(delta(22.8, 23.8, "%")).toBe("−1 point vs baseline");
    expect(delta(0.1 + 0.2 + 0.7, 0, "%")).toBe("+1 point vs baseline");
  });
  it("is nothing where either value is unknown", () => {
    expect(delta(null, 100, "msg/s")).toBe("");
    expect(delta(Number.POSITIVE_INFINITY, 100, "msg/s")).toBe("");
  });
});
