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
