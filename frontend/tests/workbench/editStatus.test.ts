// Above the chart, a broken or running edit is said, with what the chart shows meanwhile.
import { describe, expect, it } from "vitest";
import { editStatusWords } from "../../src/workbench/EditStatus";

const problem = { message: "SyntaxError: invalid syntax\n  more", line: 271, file: "perfmodels/decnet.py" };

describe("the edit's status above the chart", () => {
  it("says nothing without an edit, or with one that ran", () => {
    expect(editStatusWords(null, false)).toBeNull();
    expect(editStatusWords({ edited: false, running: false, problem }, false)).toBeNull();
    expect(editStatusWords({ edited: true, running: false, problem: null }, true)).toBeNull();
  });
  it("a broken edit: where and what, and that the chart shows the memo's model", () => {
    expect(editStatusWords({ edited: true, running: false, problem }, false)).toBe(
      "Your edit does not run (line 271 of perfmodels/decnet.py: SyntaxError: invalid syntax): the chart shows the memo's model, not your edit.",
    );
    expect(editStatusWords({ edited: true, running: false, problem }, true)).toContain("the chart still shows the last edit that ran");
  });
  it("a run in progress is said first, even while an older edit's error stands", () => {
    expect(editStatusWords({ edited: true, running: true, problem }, false)).toMatch(/^Running your edit in the sandbox… Until it answers, the chart shows the memo's model/);
  });
});
