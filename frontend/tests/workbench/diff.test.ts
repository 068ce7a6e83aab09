// An edit as hunks: applied back it gives the edit, found again it gives the same hunks, shown
// with its line numbers; a hunk whose removed lines are gone is refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHunks, diffLines, diffRows, linesOf } from "../../src/workbench/diff";

const original = ["a = 1", "b = 2", "def solve(k):", "    return a + b", "", "x = 3"].join("\n");

describe("the edit's hunks", () => {
  it("finds the changed lines and applies them back", () => {
    const edited = original.replace("b = 2", "b = 20").concat("\ny = 4");
    const hunks = diffLines(linesOf(original), linesOf(edited));
    expect(hunks).toEqual([
      { at: 1, del: ["b = 2"], ins: ["b = 20"] },
      { at: 6, del: [], ins: ["y = 4"] },
    ]);
    expect(applyHunks(original, hunks)).toBe(edited);
    expect(diffLines(linesOf(original), linesOf(original))).toEqual([]);
  });

  it("round-trips any edit of lines (a text is at least one line)", () => {
    const line = fc.constantFrom("a", "b", "c", "", "    d");
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.array(line, { minLength: 1, maxLength: 30 }), (a, b) => {
      const hunks = diffLines(a, b);
      expect(applyHunks(a.join("\n"), hunks)).toBe(b.join("\n"));
    }));
  });

  it("refuses an edit made on other lines", () => {
    const hunks = [{ at: 1, del: ["b = 3"], ins: ["b = 4"] }];
    expect(applyHunks(original, hunks)).toBeNull();
    expect(applyHunks(original, [{ at: 99, del: ["b"], ins: [] }])).toBeNull();
  });

  it("shows each change with its line and a little context", () => {
    const edited = original.replace("    return a + b", "    return a * b");
    const rows = diffRows(original, diffLines(linesOf(original), linesOf(edited)), 1);
    expect(rows.map((r) => [r.kind, r.line, r.text])).toEqual([
      ["gap", null, "…"],
      ["same", 3, "def solve(k):"],
      ["del", 4, "    return a + b"],
      ["ins", 4, "    return a * b"],
      ["same", 5, ""],
      ["gap", null, "…"],
    ]);
  });
});
