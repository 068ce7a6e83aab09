// Where in a lesson file a problem is: a path into the parsed YAML turned into its line and
// column, and the path itself written as a teacher reads it (steps[4].question.explain).
import { isMap, isSeq, type Document, type LineCounter } from "yaml";

export type Path = (string | number)[];

export interface LessonProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** "file:line:column: reason", the form a build log and an editor understand. */
export const formatProblem = (p: LessonProblem) => `${p.file}:${p.line}:${p.column}: ${p.message}`;

/** The offset in the file of the deepest node the path reaches. */
export function offsetOf(doc: Document, path: Path): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as { range?: [number, number] } | null)?.range?.[0] ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown })?.value === key);
      if (!pair) break;
      offset = (pair.key as { range?: [number, number] }).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === "number") {
      node = node.items[key];
      offset = (node as { range?: [number, number] } | undefined)?.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}

/** steps[2].question.at, with steps counted from 1 as a teacher counts them. */
export function where(path: Path): string {
  if (!path.length) return "";
  return `${path.map((p) => (typeof p === "number" ? `[${p + 1}]` : `.${p}`)).join("").replace(/^\./, "")}: `;
}

/** A problem at a path of the parsed file (named by `label`, where that differs). */
export function problemAt(file: string, doc: Document, lines: LineCounter, path: Path, message: string, label: Path = path): LessonProblem {
  const p = lines.linePos(offsetOf(doc, path));
  return { file, line: p.line, column: p.col, message: `${where(label)}${message}` };
}

/** The same problem once (zod may report one place twice), in file order. */
export function tidy(ps: LessonProblem[]): LessonProblem[] {
  const seen = new Set<string>();
  return ps
    .filter((p) => !seen.has(`${p.line}:${p.message}`) && seen.add(`${p.line}:${p.message}`))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
