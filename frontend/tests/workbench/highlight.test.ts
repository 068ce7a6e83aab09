// The source's colours: a model's docstring reads as prose, not as an error.
import { pythonLanguage } from "@codemirror/lang-python";
import { defaultHighlightStyle } from "@codemirror/language";
import { highlightTree, tags } from "@lezer/highlight";
import { describe, expect, it } from "vitest";
import { STRING_COLOR, sourceHighlight } from "../../src/workbench/highlight";

const colourOf = (style: typeof sourceHighlight, code: string, text: string) => {
  const at = code.indexOf(text);
  let cls = "";
  highlightTree(pythonLanguage.parser.parse(code), style, (from, to, c) => {
    if (from <= at && at < to) cls = c;
  });
  const rule = style.module!.getRules().split("}").find((r) => cls && r.includes(`.${cls.split(" ")[0]}`));
  return /color:\s*(#[0-9a-f]+)/i.exec(rule ?? "")?.[1] ?? null;
};

describe("the workbench's highlighting", () => {
  const code = 'def rate(k):\n    """The disk\'s rate, in bytes a second."""\n    return k  # a comment\n';
  it("draws a docstring in the string green, where CodeMirror's default drew it red", () => {
    expect(colourOf(defaultHighlightStyle, code, "The disk")).toBe("#a11");
    expect(colourOf(sourceHighlight, code, "The disk")).toBe(STRING_COLOR);
  });
  it("keeps the other colours, and no red anywhere but errors", () => {
    expect(sourceHighlight.style([tags.keyword])).toBeTruthy();
    expect(colourOf(sourceHighlight, code, "def")).toBe("#708");
    const rules = sourceHighlight.module!.getRules();
    expect(rules).not.toMatch(/#a11\b/);
  });
});
