// @vitest-environment jsdom
// The bar above the chart is not drawn again at each knob move, so its controls read the state
// when they are used: a baseline pinned, an axis picked or the bounds turned on after the knobs
// moved carries the knobs as they are now, not as they were when the bar was last drawn.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AxisPickers } from "../../src/explorer/AxisPickers";
import { defaults, type ExplorerState } from "../../src/state/urlState";
import { describe_ } from "../fixtures/python";

afterEach(cleanup);

const spec = describe_("decnet");

function bar(now: () => ExplorerState, update: (next: ExplorerState) => void) {
  const s = now();
  return render(
    <AxisPickers spec={spec} now={now} update={update} x={s.x} y={s.y} per={s.per} pinned={s.baseline !== null} bounds={s.bounds}
      atDefaults hasBounds source="browser" edit={null} />,
  );
}

describe("the bar above the chart", () => {
  it("pins, picks and toggles with the state as it is when used, not as it was drawn", () => {
    let state: ExplorerState = defaults(spec);
    const update = vi.fn();
    bar(() => state, update);
    // the knobs move; the bar is not drawn again
    state = { ...state, knobs: { ...state.knobs, link_quota: 32 } };

    fireEvent.click(screen.getByRole("button", { name: "Pin as baseline" }));
    expect(update).toHaveBeenLastCalledWith({ ...state, baseline: state.knobs });

    const metric = spec.metrics.find((m) => m.name !== state.y)!;
    fireEvent.change(screen.getByRole("combobox", { name: /y axis/ }), { target: { value: metric.name } });
    expect(update).toHaveBeenLastCalledWith({ ...state, y: metric.name });

    fireEvent.click(screen.getByTestId("bounds-toggle"));
    expect(update).toHaveBeenLastCalledWith({ ...state, bounds: !state.bounds });
  });
});
