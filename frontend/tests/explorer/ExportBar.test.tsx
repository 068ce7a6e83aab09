// @vitest-environment jsdom
// The export bar's status: "Link copied" is said, then goes, so it never lingers beside a view
// that has changed since.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DONE_SHOWN_MS, ExportBar } from "../../src/explorer/ExportBar";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("ExportBar", () => {
  it("says the link was copied, then clears the message", async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, "clipboard", { value: { writeText: vi.fn(async () => {}) }, configurable: true });
    render(<ExportBar prepare={() => null} chartRef={{ current: null }} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    });
    expect(screen.getByRole("status").textContent).toBe("Link copied");
    await act(async () => {
      vi.advanceTimersByTime(DONE_SHOWN_MS + 1);
    });
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
