// @vitest-environment jsdom
// What the share area says and offers, by the edit's packed length: a short link to copy; a long
// one to save as a scenario; one over a link's limit only as a scenario (the address keeps the
// last that fitted); one the address names as saved, short; one too long even for a scenario.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_LINK_FRAGMENT, MAX_SAVED_EDIT, SHORT_LINK } from "../../src/workbench/share";
import { ShareEdit } from "../../src/workbench/ShareEdit";

afterEach(cleanup);
const save = <button type="button" data-testid="save-edit">Save as a scenario</button>;
const shown = (length: number | null, saved = false) => {
  render(<ShareEdit packed={length === null ? null : "A".repeat(length)} saved={saved} save={save} />);
  const area = screen.queryByTestId("share-edit");
  return { area, text: area?.textContent ?? "", copy: screen.queryByTestId("copy-edit-link"), save: screen.queryByTestId("save-edit") };
};

describe("sharing an edit", () => {
  it("says nothing without an edit", () => {
    expect(shown(null).area).toBeNull();
  });

  it("a short one: the address holds it, to copy", () => {
    const s = shown(SHORT_LINK);
    expect(s.area?.dataset.way).toBe("short link");
    expect(s.text).toContain("The address holds your edit (2,000 characters)");
    expect(s.copy).not.toBeNull();
  });

  it("a long one: said so, and saving it as a scenario offered", () => {
    const s = shown(SHORT_LINK + 1);
    expect(s.area?.dataset.way).toBe("long link");
    expect(s.text).toContain("Save it as a scenario for a short link");
    expect(s.copy).toBeNull();
    expect(s.save).not.toBeNull();
  });

  it("one over a link's limit: only a scenario, the address keeping the last that fitted", () => {
    const s = shown(MAX_LINK_FRAGMENT + 1);
    expect(s.area?.dataset.way).toBe("scenario");
    expect(screen.getByTestId("edit-too-long").textContent).toContain("the address keeps the last edit that fitted");
    expect(s.save).not.toBeNull();
  });

  it("one the address names as saved: short, whatever its length", () => {
    const s = shown(MAX_LINK_FRAGMENT + 1, true);
    expect(s.area?.dataset.way).toBe("saved");
    expect(s.text).toContain("kept in a saved scenario");
    expect(s.copy).not.toBeNull();
  });

  it("one too long even for a scenario: nothing offered that the server would refuse", () => {
    const s = shown(MAX_SAVED_EDIT + 1);
    expect(s.text).toContain("too long to share");
    expect(s.save).toBeNull();
  });
});
