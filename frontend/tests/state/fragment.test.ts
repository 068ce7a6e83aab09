import { describe, expect, it } from "vitest";
import { fragmentOf, readFragment } from "../../src/state/fragment";

describe("the fit an edit is drawn with, in the fragment", () => {
  it("travels with the edit, in the link or in the saved scenario it names, and is read back", () => {
    for (const fit of ["memo", "own"] as const) {
      expect(fragmentOf({ open: true, edit: "abc", saved: null, fit })).toBe(`#model=abc&fit=${fit}`);
      expect(readFragment(`#model=abc&fit=${fit}`)).toEqual({ open: true, edit: "abc", saved: null, fit });
      expect(fragmentOf({ open: true, edit: null, saved: "abcdEFGH12", fit })).toBe(`#saved-model=abcdEFGH12&fit=${fit}`);
      expect(readFragment(`#saved-model=abcdEFGH12&fit=${fit}`)).toEqual({ open: true, edit: null, saved: "abcdEFGH12", fit });
    }
    expect(fragmentOf({ open: true, edit: "abc", saved: null, fit: null })).toBe("#model=abc");
  });

  it("means nothing without an edit, and only names the two fits", () => {
    expect(fragmentOf({ open: true, edit: null, saved: null, fit: "memo" })).toBe("#edit");
    expect(readFragment("#edit&fit=memo")).toEqual({ open: true, edit: null, saved: null });
    expect(readFragment("#model=abc&fit=everything")).toEqual({ open: true, edit: "abc", saved: null });
  });
});
