// @vitest-environment jsdom
// A knob's typed field: a wrong value is said where it was typed, and Back or Forward, which show
// the view the address holds, take the typed text and its message away even where this knob's
// value is the same in both views; a value taken is written back as the knob writes it.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isChoice, type NumberKnob } from "../../src/api/types";
import { KnobPanel } from "../../src/explorer/KnobPanel";
import { defaults } from "../../src/state/urlState";
import { describe_ } from "../fixtures/python";

afterEach(cleanup);

const spec = describe_("decnet");
const knob = spec.knobs.find((k): k is NumberKnob => !isChoice(k) && k.scale !== "log2")!;
const values = defaults(spec).knobs;

describe("a knob's typed field", () => {
  it("keeps a wrong value with its message until Back or Forward, then shows the knob's value", () => {
    const onChange = vi.fn();
    render(<KnobPanel knobs={[knob]} values={values} onChange={onChange} />);
    const field = screen.getByRole("textbox", { name: `${knob.label} value` }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "lots" } });
    fireEvent.blur(field);
    expect(screen.getByRole("alert").textContent).toContain(knob.label);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(onChange).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(field.value).toBe(String(values[knob.name]));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBe("false");
  });

  it("writes a value taken as the knob writes it, even one equal to the knob's", () => {
    const onChange = vi.fn();
    render(<KnobPanel knobs={[knob]} values={values} onChange={onChange} />);
    const field = screen.getByRole("textbox", { name: `${knob.label} value` }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: ` ${values[knob.name]}.0 ` } });
    fireEvent.keyDown(field, { key: "Enter" });
    expect(field.value).toBe(String(values[knob.name]));
    expect(onChange).not.toHaveBeenCalled(); // (the same value: nothing to change)
  });
});

describe("a knob that never changes the plotted metric", () => {
  it("says so by the knob, stays free to turn, and says nothing once another metric is plotted", () => {
    const afs = describe_("afs");
    const packet = afs.knobs.find((k) => k.name === "rx_packet_bytes")!;
    const read = afs.metrics.find((m) => m.name === "read_kBps")!;
    const io = afs.metrics.find((m) => m.name === "io_size_bytes")!;
    expect(packet.leaves).toContain("read_kBps"); // (the spec's claim: models/tests check it against the model)
    const { rerender } = render(<KnobPanel knobs={[packet]} values={defaults(afs).knobs} onChange={vi.fn()} plotted={read} />);
    expect(screen.getByTestId("leaves-plotted").textContent).toBe(`No effect on ${read.label} in this model: another y axis shows what it moves. `);
    expect((screen.getByRole("slider", { name: packet.label }) as HTMLInputElement).disabled).toBe(false);
    rerender(<KnobPanel knobs={[packet]} values={defaults(afs).knobs} onChange={vi.fn()} plotted={io} />);
    expect(screen.queryByTestId("leaves-plotted")).toBeNull();
  });
});
