// A model's explanation (its module's docstring) for students: paragraphs and preformatted
// equations, `code` shown as code (text only, never HTML), and the notes meant for developers
// (file names, commands) taken out of the text to a folded part of their own.
import type { ReactNode } from "react";

// A parenthesis that names a file or a command: "(`mva.py`)", "(params/decnet.json, by `python -m ...`)".
const DEVELOPER_NOTE = /\s*\(([^()]*(?:params\/|python -m|npm |\.py\b|\.json\b)[^()]*)\)/g;

export function splitDeveloperNotes(text: string): { main: string; notes: string[] } {
  const notes: string[] = [];
  const main = text.replace(DEVELOPER_NOTE, (_, note: string) => {
    notes.push(note.replace(/\s*\n\s*/g, " ").trim());
    return "";
  });
  return { main, notes };
}

/** Text with `backtick` spans as <code>; everything stays text. */
export function inline(text: string): ReactNode[] {
  let at = 0; // each code span is keyed by where it starts in the text
  return text.split(/(`[^`]+`)/g).map((part) => {
    const start = at;
    at += part.length;
    return part.length > 2 && part.startsWith("`") && part.endsWith("`") ? <code key={start}>{part.slice(1, -1)}</code> : part;
  });
}

/** The docstring as paragraphs; indented blocks stay preformatted (equations, lists). */
export function Doc({ text }: { text: string }) {
  const { main } = splitDeveloperNotes(text);
  return (
    <div className="model-doc">
      {main.split(/\n\s*\n/).map((block) =>
        /^\s{2,}/m.test(block) ? <pre key={block}>{inline(block)}</pre> : <p key={block}>{inline(block.replace(/\s*\n\s*/g, " "))}</p>,
      )}
    </div>
  );
}
