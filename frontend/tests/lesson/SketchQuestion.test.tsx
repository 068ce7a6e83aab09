// @vitest-environment jsdom
// What the reveal says of a sketch (lesson/SketchQuestion.tsx): its error against the model, the
// memo's points between its x values, and a class's median sketch; and its table, point by point.
// Before the reveal: its sliders wait for the chart's scale.
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SketchQuestion, sketchSaid, SketchTable } from "../../src/lesson/SketchQuestion";

afterEach(cleanup);
const memo = (x: number, y: number) => ({ x, y, printed: String(y), citation: `Table 1, x ${x}`, exact: true, differs: [] });

describe("a sketch revealed", () => {
  it("says its mean relative error against the model, the memo's points within it, and the class's median", () => {
    // 10 % above, 10 % below, twice the model: 40 % on average; the memo's point at 4 lies on the
    // sketch's line from (2, 110) to (6, 90), at 100 against a measured 80: 25 % off
    const said = sketchSaid([2, 6, 10], [110, 90, 200], [100, 100, 100], [memo(4, 80), memo(12, 5)], [100, 100, 150], false);
    expect(said.error).toBeCloseTo(0.4, 12);
    expect(said.mine).toBe("Your sketch is 40 % off the model on average (its mean relative error at the 3 points).");
    expect(said.memo).toBe("Against the memo's measurement along it, your sketch is 25 % off on average.");
    expect(said.cls).toBe("The class's median sketch is 17 % off the model on average.");
  });
  it("without a sketch (the projector) or before the model answers, says only what it knows", () => {
    const none = sketchSaid([2, 6, 10], null, [100, 100, 100], [memo(4, 80)], null, false);
    expect([none.error, none.mine, none.memo, none.cls]).toEqual([null, null, null, null]);
    expect(sketchSaid([2, 6, 10], [1, 2, 3], null, [], [1, 2, 3], false).cls).toBeNull();
  });
  it("lists each point: the sketch, the model and how far off", () => {
    const t = render(<SketchTable xs={[2, 6]} ys={[110, 50]} model={[100, 100]} xText={(v) => `${v} buffers`} unit="bit/s" />);
    expect([...t.container.querySelectorAll("tbody tr")].map((r) => r.textContent)).toEqual(["2 buffers110 bit/s100 bit/s10 %", "6 buffers50 bit/s100 bit/s50 %"]);
  });
});

describe("a sketch's sliders", () => {
  const metric = { name: "tput", label: "Throughput", unit: "bytes", share: false } as never;
  const ask = (top: number | undefined, drafts: number[][]) => render(
    <SketchQuestion prompt="Sketch it" xs={[1, 2]} xText={String} xLabel="Chunk" xUnit="KB" yMetric={metric} top={top} ys={null}
      committed={false} onDraft={(ys) => drafts.push(ys)} onCommit={() => undefined} submitLabel="Send" liveNote={null} revealed={false} />,
  );
  // A slow phone drew the sliders before the chart's scale came: a point set then spanned 0 to 1
  // and was lost or meaningless once the scale arrived.
  it("wait for the chart's scale: before it they are disabled and say so", () => {
    const drafts: number[][] = [];
    const t = ask(undefined, drafts);
    const sliders = [...t.container.querySelectorAll<HTMLInputElement>("input[type=range]")];
    expect(sliders.map((s) => s.matches(":disabled"))).toEqual([true, true]);
    expect(t.getByTestId("sketch-waiting").textContent).toContain("wait for the chart's scale");
  });
  it("once the scale is known, span it and set a point", () => {
    const drafts: number[][] = [];
    const t = ask(50000, drafts);
    const sliders = [...t.container.querySelectorAll<HTMLInputElement>("input[type=range]")];
    expect(sliders.map((s) => [s.matches(":disabled"), s.max])).toEqual([[false, "50000"], [false, "50000"]]);
    expect(t.queryByTestId("sketch-waiting")).toBeNull();
    fireEvent.change(sliders[0], { target: { value: "50000" } });
    expect(drafts.at(-1)?.[0]).toBe(50000);
    expect(Number.isNaN(drafts.at(-1)?.[1])).toBe(true);
  });
});
