// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Announcements } from "../../src/a11y/Announcements";
import { announce, clearAnnouncements, KEPT } from "../../src/a11y/announcer";

describe("the page's announcements", () => {
  afterEach(() => {
    cleanup();
    clearAnnouncements();
  });

  it("is a polite log, present before anything is said, that reads sentences in the order they came", () => {
    render(<Announcements />);
    const log = screen.getByRole("log", { name: "Announcements" });
    expect(log.getAttribute("aria-live")).toBe("polite");
    expect(log.textContent).toBe("");
    act(() => {
      announce("You are in class ABCDEF. Step 1 of 4: Start.");
      announce("Your answer, 20 Kbit/s, went to the class's screen.");
      announce("The answer is out. The model gives 30 Kbit/s.");
    });
    expect([...log.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "You are in class ABCDEF. Step 1 of 4: Start.",
      "Your answer, 20 Kbit/s, went to the class's screen.",
      "The answer is out. The model gives 30 Kbit/s.",
    ]);
  });

  it("says a repeated sentence once, ignores empty ones, and keeps only the newest few", () => {
    render(<Announcements />);
    const log = screen.getByTestId("announcements");
    act(() => {
      announce("Reconnecting to the class…");
      announce("Reconnecting to the class…");
      announce("  ");
    });
    expect(log.querySelectorAll("p")).toHaveLength(1);
    act(() => {
      for (let i = 0; i < KEPT + 3; i++) announce(`Step ${i + 1}`);
    });
    const said = [...log.querySelectorAll("p")].map((p) => p.textContent);
    expect(said).toHaveLength(KEPT);
    expect(said[said.length - 1]).toBe(`Step ${KEPT + 3}`);
  });
});
