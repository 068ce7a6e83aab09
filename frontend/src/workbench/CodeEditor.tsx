// The model's source in CodeMirror 6: Python highlighting, line numbers, undo, the error's line
// marked; one file at a time (`path`), each file keeping its own text, undo history and place
// when another is shown. Keyboard first: Tab leaves the editor as it leaves any field; Ctrl-Z
// undoes. Loaded only with the workbench. It lives in a shadow root: there CodeMirror styles itself with
// constructed style sheets, which the app's policy (no inline style) allows, where a <style>
// element it would add to the page is refused.
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { bracketMatching, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { sourceHighlight } from "./highlight";

// its size and focus ring (the page's style sheets do not reach into the shadow root)
const LOOK = EditorView.theme({
  "&": { height: "26rem", fontSize: "0.8rem", border: "1px solid #c9ced6", background: "#fff" },
  "&.cm-focused": { outline: "2px solid #1a5fb4", outlineOffset: "1px" },
  ".cm-scroller": { overflow: "auto", fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
});

export interface EditorProblem {
  line: number;
  message: string;
}

export function CodeEditor({ path, doc, onChange, problem, label }: {
  /** the file shown; `doc` is its text */
  path: string;
  doc: string;
  onChange: (text: string) => void;
  problem: EditorProblem | null;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // each file's editor state while another is shown, and the file shown
  const states = useRef(new Map<string, EditorState>());
  const shown = useRef(path);

  const fresh = (text: string, name: string) =>
    EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        lintGutter(),
        history(),
        highlightActiveLine(),
        bracketMatching(),
        indentOnInput(),
        syntaxHighlighting(sourceHighlight),
        python(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        LOOK,
        EditorView.contentAttributes.of({ "aria-label": name, "data-testid": "model-source" }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
      ],
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; the file and its text follow below
  useEffect(() => {
    const host = box.current!;
    const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
    const v = new EditorView({ root, parent: root, state: fresh(doc, label) });
    view.current = v;
    return () => v.destroy();
  }, []);

  // another file picked: its own state back (made the first time), this one's kept
  // biome-ignore lint/correctness/useExhaustiveDependencies: `doc` and `label` are the picked file's
  useEffect(() => {
    const v = view.current;
    if (!v || shown.current === path) return;
    states.current.set(shown.current, v.state);
    shown.current = path;
    v.setState(states.current.get(path) ?? fresh(doc, label));
  }, [path]);

  // Reset (or a link's edit arriving): the text from outside replaces the editor's (a file shown
  // again may have been reset while another was shown)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the file shown is the view's state
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== doc) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: doc } });
  }, [doc, path]);

  // the error's line marked; a file just shown scrolls to it (not while typing in the same file)
  const marked = useRef(path);
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const diagnostics: Diagnostic[] = [];
    if (problem && problem.line >= 1 && problem.line <= v.state.doc.lines) {
      const line = v.state.doc.line(problem.line);
      diagnostics.push({ from: line.from, to: line.to, severity: "error", message: problem.message });
      if (marked.current !== path) v.dispatch({ effects: EditorView.scrollIntoView(line.from, { y: "center" }) });
    }
    marked.current = path;
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [problem, path]);

  return <div className="code-editor" ref={box} />;
}
