import { describe, expect, it } from "vitest";
import { regionsMark } from "../../../src/chart/marks/regions";
import { axes, rising } from "./scene";

describe("the bottleneck's regions", () => {
  const m = regionsMark(axes, rising, null);
  it("say what limits the curve where, and give it as the table's last column", () => {
    expect(m.sentences?.map((s) => s.text)).toEqual([
      "Up to 4 buffers no resource is fully busy; from 6 buffers the link quota limits it; from 8 buffers the sending CPU limits it.",
    ]);
    expect(m.columns?.map((c) => [c.head, c.cell(rising[0]), c.cell(rising[4])])).toEqual([["What limits it", "nothing fully busy", "sending CPU"]]);
    expect(m.brief?.map((l) => l.text)).toEqual(["shaded regions: what limits the curve there (named above the chart)"]);
  });
  it("a curve nothing limits: no sentence, no lesson legend line", () => {
    const free = regionsMark(axes, rising.map(({ x, y }) => ({ x, y })), null);
    expect([free.sentences, free.brief]).toEqual([[], []]);
  });
});
