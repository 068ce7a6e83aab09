// Checking a lesson file: YAML parsed, the format (format.ts) checked step by step, the steps
// against the systems (states.ts) and against the models (claims.ts), and so the questions of
// its concept check (conceptCheck.ts). Every problem is listed at
// once, each with its file, line and a fix in plain words. The same checks run at build time
// (vite.config.ts), in the tests, and in the browser when a teacher opens a lesson file.
import { LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import type { SystemSpec } from "../api/types.ts";
import { checkModels, type ModelAccess } from "./claims.ts";
import { checkQuestions, pairingProblems, underCheck } from "./conceptCheck.ts";
import { FIELDS, keysAt, type Lesson, lessonHead, type LessonStep, MAX_LESSON_BYTES, stepSchema } from "./format.ts";
import { type LessonProblem, type Path, problemAt, tidy } from "./places.ts";
import { checkState } from "./states.ts";

export type { ModelAccess } from "./claims.ts";
export { MAX_LESSON_BYTES, MAX_STEPS } from "./format.ts";
export type { Check, CheckQuestion, Lesson, LessonStep, MemoFigure, Question } from "./format.ts";
export { checkStep, picking } from "./picking.ts";
export { formatProblem, type LessonProblem } from "./places.ts";

export type Checked = { ok: true; lesson: Lesson } | { ok: false; problems: LessonProblem[] };

const KINDS: Record<string, string> = { string: "text", number: "a number", array: "a list", object: "a set of key: value pairs", boolean: "true or false" };

/** Whether two keys are one slip apart (at most two letters added, dropped or changed). */
function near(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length] <= 2;
}

const valueAt = (data: unknown, path: Path): unknown => path.reduce<unknown>((o, k) => (o as Record<string | number, unknown> | undefined)?.[k], data);

/** A zod issue in a teacher's words: what is wrong, and what the field takes; null when another
 * problem says it (a missing key whose misspelling is reported). */
function say(issue: z.core.$ZodIssue, data: unknown): [Path, string, Path?] | null {
  const path = issue.path as Path;
  const key = path[path.length - 1];
  const hint = typeof key === "string" && FIELDS[key] ? FIELDS[key] : null;
  if (issue.code === "unrecognized_keys") {
    const allowed = keysAt(path, data);
    const meant = allowed.find((k) => near(issue.keys[0], k));
    // reported where the key is written, named by the object that holds it
    return [[...path, issue.keys[0]], `unknown key ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}${meant ? `: did you mean ${meant}?` : "."}${allowed.length ? ` The keys allowed here are ${allowed.join(", ")}` : ""}`, path];
  }
  if (issue.code === "invalid_type") {
    const got = valueAt(data, path);
    if (got === undefined) {
      const parent = valueAt(data, path.slice(0, -1));
      const typo = parent && typeof parent === "object" && typeof key === "string" && Object.keys(parent).some((k) => k !== key && near(k, key) && !keysAt(path.slice(0, -1), data).includes(k));
      if (typo) return null;
      return [path, `is missing (required)${hint ? `: ${hint}` : ""}`];
    }
    const want = KINDS[issue.expected] ?? issue.expected;
    return [path, `must be ${want}${hint ? ` (${hint})` : ""}`];
  }
  if (issue.code === "invalid_union" && key === "question") return [[...path, "predict"], "must be point, choice, knob or curve: predict: point places a point on the chart, predict: choice picks one answer, predict: knob picks the knob that matters most, predict: curve sketches the whole curve"];
  if (issue.code === "invalid_value" && key === "predict") return [path, "must be point, choice, knob or curve"];
  return [path, issue.message];
}

interface Parsed {
  doc: Document;
  lines: LineCounter;
  problems: LessonProblem[];
  /** the steps that passed the format and the systems' checks, with their place in the file */
  good: [number, LessonStep][];
  /** steps with a mistake of their own outside what the models check, that part set aside
   * (checkable): their claims are checked in the same pass */
  partial: [number, LessonStep][];
  /** the concept check's questions that passed, as steps, with their place in the check */
  check: [number, LessonStep][];
  /** form B's good questions, as steps (`check_b`) */
  checkB: [number, LessonStep][];
  lesson: Lesson | null;
}

function parse(file: string, source: string, specs?: Record<string, SystemSpec>): Parsed | LessonProblem[] {
  if (new TextEncoder().encode(source).length > MAX_LESSON_BYTES) return [{ file, line: 1, column: 1, message: `the file is larger than ${MAX_LESSON_BYTES / 1024} KB: split it into two lessons` }];
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return doc.errors.map((e) => {
      const p = lines.linePos(e.pos[0]);
      return { file, line: p.line, column: p.col, message: `the YAML cannot be read: ${e.message.split("\n")[0]}` };
    });
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 10 });
  } catch (e) {
    return [{ file, line: 1, column: 1, message: String((e as Error).message) }];
  }
  const at = (path: Path, message: string, label?: Path) => problemAt(file, doc, lines, path, message, label);
  const problems: LessonProblem[] = [];
  const head = lessonHead.safeParse(data);
  const add = (said: ReturnType<typeof say>) => said && problems.push(at(...said));
  if (!head.success) for (const i of head.error.issues) add(say(i, data));
  const rawSteps = Array.isArray((data as { steps?: unknown })?.steps) ? ((data as { steps: unknown[] }).steps) : [];
  const good: [number, LessonStep][] = [];
  const partial: [number, LessonStep][] = [];
  rawSteps.forEach((raw, i) => {
    const r = stepSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) {
        add(say({ ...issue, path: ["steps", i, ...issue.path] } as z.core.$ZodIssue, data));
      }
      const rest = checkable(raw, r.error.issues);
      const found = rest && specs ? checkState(rest, i, specs) : [];
      problems.push(...found.map(([path, message]) => at(path, message)));
      if (rest && !found.length) partial.push([i, rest]);
      return;
    }
    const found = specs ? checkState(r.data, i, specs) : [];
    problems.push(...found.map(([path, message]) => at(path, message)));
    if (!found.length) good.push([i, r.data]);
  });
  const check = checkQuestions(data, specs, (issue) => add(say(issue, data)));
  problems.push(...check.problems.map(([path, message]) => at(path, message)));
  const checkB = checkQuestions(data, specs, (issue) => add(say(issue, data)), "check_b");
  problems.push(...[...checkB.problems, ...pairingProblems(data)].map(([path, message]) => at(path, message)));
  const asked = { ...(check.items ? { check: check.items } : {}), ...(checkB.items ? { check_b: checkB.items } : {}) };
  const lesson = head.success && !problems.length ? ({ ...head.data, steps: good.map(([, s]) => s), ...asked } as Lesson) : null;
  return { doc, lines, problems, good, partial, check: check.good, checkB: checkB.good, lesson };
}

/** A step whose mistakes lie outside its chart (a title, a text, a stray key, one broken check
 * or question): the same step with those parts set aside, so that its other claims are checked
 * in the same pass; null when the chart itself (state) is wrong, which every claim needs. */
function checkable(raw: unknown, issues: z.core.$ZodIssue[]): LessonStep | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const rest: Record<string, unknown> = { ...raw };
  const badChecks = new Set<number>();
  for (const issue of issues) {
    const [top, index] = issue.path;
    if (issue.code === "unrecognized_keys" && issue.path.length === 0) for (const k of issue.keys) delete rest[k];
    else if (top === "title" || top === "text") rest[top] = "(set aside)";
    else if (top === "after" || top === "question" || (top === "checks" && typeof index !== "number")) delete rest[top];
    else if (top === "checks") badChecks.add(index as number);
    else return null;
  }
  if (Array.isArray(rest.checks)) rest.checks = rest.checks.filter((_, k) => !badChecks.has(k));
  const again = stepSchema.safeParse(rest);
  return again.success ? again.data : null;
}

/** Parse and check a lesson file's text. `specs`, when given, also checks every explorer state
 * against the systems' knobs, axes and ranges. */
export function checkLesson(file: string, source: string, specs?: Record<string, SystemSpec>): Checked {
  const p = parse(file, source, specs);
  if (Array.isArray(p)) return { ok: false, problems: p };
  return p.lesson ? { ok: true, lesson: p.lesson } : { ok: false, problems: tidy(p.problems) };
}

/** checkLesson, then every good step against the models as they are (claims.ts): all problems
 * of the file at once. Used by the build, the tests and the browser (a teacher's own file). */
export async function checkLessonWithModels(file: string, source: string, specs: Record<string, SystemSpec>, models: ModelAccess): Promise<Checked> {
  const p = parse(file, source, specs);
  if (Array.isArray(p)) return { ok: false, problems: p };
  const steps = [...p.good, ...p.partial];
  const [found, inCheck, inFormB] = await Promise.all([
    steps.length ? checkModels(steps, specs, models) : [],
    p.check.length ? checkModels(p.check, specs, models).then((f) => underCheck(f)) : [],
    p.checkB.length ? checkModels(p.checkB, specs, models).then((f) => underCheck(f, "check_b")) : [],
  ]);
  const problems = [...p.problems, ...[...found, ...inCheck, ...inFormB].map(([path, message]) => problemAt(file, p.doc, p.lines, path, message))];
  return p.lesson && !problems.length ? { ok: true, lesson: p.lesson } : { ok: false, problems: tidy(problems) };
}
