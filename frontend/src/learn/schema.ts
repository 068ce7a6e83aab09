// What a lesson file is: YAML checked against a schema, every problem reported with the file,
// line and reason. The same checks run at build time (vite.config.ts), in the tests, and in the
// browser when a teacher opens a lesson file from disk.
import { isMap, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import { z } from "zod";
import { isChoice, type Dataset, type SystemSpec } from "../api/types.ts";
import { curveKnobsOf } from "../chart/curves.ts";
import { memoPoints } from "../chart/memoPoints.ts";
import { allowed, coerce } from "../state/urlState.ts";
import { axisProblem, questionTop } from "./axis.ts";
import { findFigure } from "./memoFigure.ts";

export const MAX_LESSON_BYTES = 64 * 1024;
export const MAX_STEPS = 20;

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const name = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "must be a name: a letter, then letters, digits, - or _");
const knobValue = z.union([z.number().finite(), z.string().max(64)]);
const knobSet = z.record(name, knobValue);

/** A figure in one of the memo datasets, found by the values of some of its fields. */
const memoFigure = z
  .object({
    dataset: name,
    where: z.record(name, knobValue),
    field: name,
  })
  .strict();

const pointQuestion = z
  .object({
    predict: z.literal("point"),
    prompt: text(400),
    /** the x value at which the learner places the curve */
    at: z.number().finite(),
    /** top of the y axis while predicting (default: from the hidden curve, with headroom) */
    y_max: z.number().positive().finite().optional(),
    /** the memo's figure to reveal, for systems whose chart has no memo points */
    memo: memoFigure.optional(),
    /** what a common intuition expects here, and why it is wrong: said only after the reveal */
    intuition: text(600).optional(),
  })
  .strict();

const choiceQuestion = z
  .object({
    predict: z.literal("choice"),
    prompt: text(400),
    choices: z.array(text(200)).min(2, "needs at least 2 choices").max(6, "has at most 6 choices"),
    /** the right choice, counted from 1 */
    answer: z.number().int().min(1),
    explain: text(1200),
    memo: memoFigure.optional(),
    intuition: text(600).optional(),
  })
  .strict()
  .refine((q) => q.answer <= q.choices.length, { message: "answer must name one of the choices (counted from 1)", path: ["answer"] });

const state = z
  .object({
    system: name,
    knobs: knobSet.default({}),
    x: name.optional(),
    y: name.optional(),
    baseline: knobSet.optional(),
  })
  .strict();

/** A claim the step's text or answer makes about the model, recomputed by the tests: the
 * metric at the step's setting changed by `at`, either inside `range` or, against the same
 * metric at `vs`, in the ratio `ratio` (low, high). A model change that breaks it fails them. */
const check = z
  .object({
    metric: name,
    at: knobSet.default({}),
    vs: knobSet.optional(),
    range: z.tuple([z.number().finite(), z.number().finite()]).optional(),
    ratio: z.tuple([z.number().finite(), z.number().finite()]).optional(),
  })
  .strict()
  .refine((c) => (c.range !== undefined) !== (c.ratio !== undefined), { message: "needs either range or ratio" })
  .refine((c) => (c.ratio === undefined) === (c.vs === undefined), { message: "ratio needs vs, and vs needs ratio" });

const step = z
  .object({
    title: text(120),
    text: text(2000),
    state,
    question: z.union([pointQuestion, choiceQuestion]).optional(),
    /** said after the reveal (or under a step without a question) */
    after: text(1200).optional(),
    checks: z.array(check).max(8).optional(),
  })
  .strict();

export const lessonSchema = z
  .object({
    id: name,
    title: text(120),
    memo: name,
    summary: text(300),
    steps: z.array(step).min(1, "needs at least one step").max(MAX_STEPS, `has at most ${MAX_STEPS} steps`),
  })
  .strict();

export type Lesson = z.infer<typeof lessonSchema>;
export type LessonStep = Lesson["steps"][number];
export type Question = NonNullable<LessonStep["question"]>;
export type MemoFigure = z.infer<typeof memoFigure>;
export type Check = z.infer<typeof check>;

export interface LessonProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export type Checked = { ok: true; lesson: Lesson } | { ok: false; problems: LessonProblem[] };

/** Parse and check a lesson file's text. `specs`, when given, also checks every explorer state
 * against the systems' knobs, axes and ranges. */
export function checkLesson(file: string, source: string, specs?: Record<string, SystemSpec>): Checked {
  if (new TextEncoder().encode(source).length > MAX_LESSON_BYTES)
    return { ok: false, problems: [{ file, line: 1, column: 1, message: `the file is larger than ${MAX_LESSON_BYTES / 1024} KB` }] };
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, message: string): LessonProblem => {
    const p = lines.linePos(offset);
    return { file, line: p.line, column: p.col, message };
  };
  if (doc.errors.length) return { ok: false, problems: doc.errors.map((e) => at(e.pos[0], e.message.split("\n")[0])) };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 10 });
  } catch (e) {
    return { ok: false, problems: [{ file, line: 1, column: 1, message: String((e as Error).message) }] };
  }
  const parsed = lessonSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const path = i.path as Path;
      // An unknown key is reported where it is written; a missing one where its parent starts.
      if (i.code === "unrecognized_keys") return at(offsetOf(doc, [...path, i.keys[0]]), `${where(path)}unknown key ${i.keys.map((k) => JSON.stringify(k)).join(", ")}`);
      const message = /received undefined$/.test(i.message) ? "is missing" : i.message;
      return at(offsetOf(doc, path), `${where(path)}${message}`);
    });
    return { ok: false, problems: dedupe(problems) };
  }
  if (specs) {
    const problems = checkStates(parsed.data, specs).map(([path, message]) => at(offsetOf(doc, path), `${where(path)}${message}`));
    if (problems.length) return { ok: false, problems };
  }
  return { ok: true, lesson: parsed.data };
}

type Path = (string | number)[];

/** What the model checks need: answers for many settings at once, and memo datasets. */
export interface ModelAccess {
  evaluateMany(asks: [string, Record<string, string | number>][]): Promise<Record<string, number | null>[]>;
  dataset(id: string): Promise<Dataset | null>;
}

/** checkLesson, then the lesson against the models as they are: each step's `checks` (its
 * claims) and each point question's y axis against the model's and the memo's values at its
 * x. Used by the build, the tests and the browser (a teacher's own file). */
export async function checkLessonWithModels(file: string, source: string, specs: Record<string, SystemSpec>, models: ModelAccess): Promise<Checked> {
  const r = checkLesson(file, source, specs);
  if (!r.ok) return r;
  const found = await checkModels(r.lesson, specs, models);
  if (!found.length) return r;
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
  return {
    ok: false,
    problems: found.map(([path, message]) => {
      const p = lines.linePos(offsetOf(doc, path));
      return { file, line: p.line, column: p.col, message: `${where(path)}${message}` };
    }),
  };
}

const short = (v: number) => String(Number(v.toPrecision(4)));

export async function checkModels(lesson: Lesson, specs: Record<string, SystemSpec>, models: ModelAccess): Promise<[Path, string][]> {
  const asks: [string, Record<string, string | number>][] = [];
  const ask = (system: string, knobs: Record<string, string | number>) => asks.push([system, knobs]) - 1;
  const plan = lesson.steps.map((s) => {
    const spec = specs[s.state.system];
    const x = s.state.x ?? spec.x_default;
    return {
      checks: (s.checks ?? []).map((c) => [ask(s.state.system, { ...s.state.knobs, ...c.at }), c.vs ? ask(s.state.system, { ...s.state.knobs, ...c.vs }) : -1]),
      at: s.question?.predict === "point" ? ask(s.state.system, { ...s.state.knobs, [x]: s.question.at }) : -1,
    };
  });
  const answers = await models.evaluateMany(asks);
  const out: [Path, string][] = [];
  for (const [i, s] of lesson.steps.entries()) {
    const spec = specs[s.state.system];
    for (const [j, c] of (s.checks ?? []).entries()) {
      const [at, vs] = plan[i].checks[j];
      const v = answers[at][c.metric] ?? Number.NaN;
      if (c.range) {
        const [lo, hi] = c.range;
        const slack = 1e-9 * Math.max(Math.abs(lo), Math.abs(hi), 1);
        if (!(v >= lo - slack && v <= hi + slack)) out.push([["steps", i, "checks", j], `the model now gives ${c.metric} = ${short(v)}, outside ${lo} to ${hi}`]);
      } else {
        const ratio = v / (answers[vs][c.metric] ?? Number.NaN);
        if (!(ratio >= c.ratio![0] && ratio <= c.ratio![1])) out.push([["steps", i, "checks", j], `the model now gives a ratio of ${short(ratio)} for ${c.metric}, outside ${c.ratio![0]} to ${c.ratio![1]}`]);
      }
    }
    const q = s.question;
    if (q?.predict !== "point") continue;
    const x = s.state.x ?? spec.x_default;
    const y = s.state.y ?? spec.y_default;
    const knobs = { ...Object.fromEntries(spec.knobs.map((k) => [k.name, k.default])), ...s.state.knobs };
    const model = answers[plan[i].at][y] ?? Number.NaN;
    const path: Path = ["steps", i, "question", q.y_max ? "y_max" : "at"];
    if (!Number.isFinite(model)) {
      out.push([path, `the model gives no value of ${y} at ${q.at}`]);
      continue;
    }
    const ds = spec.overlay?.dataset ? await models.dataset(spec.overlay.dataset) : null;
    const memo = memoPoints(ds, spec, curveKnobsOf(spec, knobs, x), x, y).filter((m) => m.x === q.at).map((m) => m.y);
    const unit = spec.metrics.find((m) => m.name === y)?.unit ?? "";
    const figureSet = q.memo ? await models.dataset(q.memo.dataset) : null;
    const figure = q.memo && figureSet ? findFigure(figureSet, q.memo) : null;
    const values = [model, ...memo, ...(figure && figure.unit === unit ? [figure.value] : [])];
    const top = questionTop(q, { atValues: values, drawn: [], capacity: [] });
    const problem = top === undefined ? null : axisProblem(top, values);
    if (problem) out.push([path, `${problem}: set y_max between ${short(Math.max(...values))} and ${short(2 * Math.max(...values))}, or leave it out`]);
  }
  return out;
}

/** Every explorer state names a system, knobs with allowed values, a numeric x and a metric y. */
export function checkStates(lesson: Lesson, specs: Record<string, SystemSpec>): [Path, string][] {
  const out: [Path, string][] = [];
  lesson.steps.forEach((s, i) => {
    const base: Path = ["steps", i, "state"];
    const spec = specs[s.state.system];
    if (!spec) {
      out.push([[...base, "system"], `is not a system of Memo Lab (${Object.keys(specs).join(", ")})`]);
      return;
    }
    const checkKnobs = (set: Record<string, string | number>, key: string) => {
      for (const [k, v] of Object.entries(set)) {
        const knob = spec.knobs.find((kk) => kk.name === k);
        if (!knob) out.push([[...base, key, k], `is not a knob of ${spec.id} (${spec.knobs.map((kk) => kk.name).join(", ")})`]);
        else if (coerce(knob, String(v)) === null) {
          out.push([[...base, key, k], `must be ${allowed(knob)}`]);
        }
      }
    };
    checkKnobs(s.state.knobs, "knobs");
    if (s.state.baseline) checkKnobs(s.state.baseline, "baseline");
    const x = s.state.x ?? spec.x_default;
    const xKnob = spec.knobs.find((k) => k.name === x);
    if (!xKnob || isChoice(xKnob)) out.push([[...base, "x"], `must be a numeric knob of ${spec.id}`]);
    if (s.state.y !== undefined && !spec.metrics.some((m) => m.name === s.state.y))
      out.push([[...base, "y"], `must be a metric of ${spec.id} (${spec.metrics.map((m) => m.name).join(", ")})`]);
    const q = s.question;
    if (q?.predict === "point" && xKnob && !isChoice(xKnob)) {
      if (q.at < xKnob.min || q.at > xKnob.max)
        out.push([["steps", i, "question", "at"], `must lie on the x axis, from ${xKnob.min} to ${xKnob.max}`]);
      // The marker, the readouts and the reveal all show the step's own setting: ask about it.
      const own = s.state.knobs[x] ?? xKnob.default;
      if (Number(own) !== q.at)
        out.push([["steps", i, "question", "at"], `must be the step's own ${x} (${own}${s.state.knobs[x] === undefined ? ", its default" : ""}): set state.knobs.${x} to ${q.at}, or ask at ${own}`]);
    }
    (s.checks ?? []).forEach((c, j) => {
      const path: Path = ["steps", i, "checks", j];
      if (!spec.metrics.some((m) => m.name === c.metric)) out.push([[...path, "metric"], `must be a metric of ${spec.id}`]);
      for (const key of ["at", "vs"] as const) {
        for (const k of Object.keys(c[key] ?? {})) {
          if (!spec.knobs.some((kk) => kk.name === k)) out.push([[...path, key, k], `is not a knob of ${spec.id}`]);
        }
      }
    });
    for (const [key, words] of [["text", s.text], ["after", s.after], ["question", q?.prompt]] as const) {
      const asked = words ? unofferedAction(words) : null;
      if (asked) out.push([["steps", i, key], `asks for a control a lesson step does not offer ("${asked}"): the step sets the chart itself; show the setting with state or a baseline, or send the reader to the explorer`]);
    }
  });
  return out;
}

// A lesson step offers its chart, its question (dragging the prediction, picking a choice) and,
// after the reveal, a link to the explorer: no knobs, axis menus or baseline button.
const ACTION = /(?:^|[.!?:;]\s+|\n\s*)((?:Pin|Unpin|Raise|Lower|Move|Turn|Set|Switch|Select|Change|Increase|Decrease|Slide|Click|Press|Toggle|Clear)\b[^.!?\n]*)/;

/** The first instruction in `text` to use a control the step does not offer, or null. */
export function unofferedAction(text: string): string | null {
  const m = ACTION.exec(text);
  return m ? m[1].trim().slice(0, 60) : null;
}

/** The offset in the file of the deepest node the path reaches. */
function offsetOf(doc: Document, path: Path): number {
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

function where(path: Path): string {
  if (!path.length) return "";
  return `${path.map((p) => (typeof p === "number" ? `[${p + 1}]` : `.${p}`)).join("").replace(/^\./, "")}: `;
}

function dedupe(ps: LessonProblem[]): LessonProblem[] {
  const seen = new Set<string>();
  return ps.filter((p) => !seen.has(`${p.line}:${p.message}`) && seen.add(`${p.line}:${p.message}`));
}

/** "file:line:column: reason", the form a build log and an editor understand. */
export const formatProblem = (p: LessonProblem) => `${p.file}:${p.line}:${p.column}: ${p.message}`;
