import { describe, expect, it } from "vitest";
import { fragmentOf, readFragment } from "../../src/workbench/fragment";

describe("the fit an edit is drawn with, in the fragment", () => {
  it("travels with the edit and is read back", () => {
    for (const fit of ["memo", "own"] as const) {
      expect(fragmentOf({ open: true, edit: "abc", fit })).toBe(`#model=abc&fit=${fit}`);
      expect(readFragment(`#model=abc&fit=${fit}`)).toEqual({ open: true, edit: "abc", fit });
    }
    expect(fragmentOf({ open: true, edit: "abc", fit: null })).toBe("#model=abc");
  });

  it("means nothing without an edit, and only names the two fits", () => {
    expect(fragmentOf({ open: true, edit: null, fit: "memo" })).toBe("#edit");
    expect(readFragment("#edit&fit=memo")).toEqual({ open: true, edit: null });
    expect(readFragment("#model=abc&fit=everything")).toEqual({ open: true, edit: "abc" });
  });
});
