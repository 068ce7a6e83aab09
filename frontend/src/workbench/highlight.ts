// The source's colours: CodeMirror's defaults, but strings (a model's docstrings, its paper-like
// prose) in a calm green and comments in grey, so red is left to errors alone.
import { defaultHighlightStyle, HighlightStyle } from "@codemirror/language";
import { tags } from "@lezer/highlight";

export const STRING_COLOR = "#2f6f3e"; // 6.3:1 on white
export const COMMENT_COLOR = "#5f6b76"; // 5.4:1 on white

const recoloured = (tag: unknown) =>
  tag === tags.string || (Array.isArray(tag) && tag.includes(tags.string)) ? { color: STRING_COLOR }
  : tag === tags.comment ? { color: COMMENT_COLOR, fontStyle: "italic" } : null;

export const sourceHighlight = HighlightStyle.define(
  defaultHighlightStyle.specs.map((s) => ({ ...s, ...(recoloured(s.tag) ?? {}) })),
);
