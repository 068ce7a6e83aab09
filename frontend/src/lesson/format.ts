// The lesson file format: the zod schema every lesson is parsed with, its limits, and what each
// field is for (the hints a teacher sees beside a missing or wrong field).
import { z } from "zod";
import { LANDS, type Lands, SERVICES } from "./lands.ts";

// The format's limits, the same as the server's (backend/app/lessons.py; a test holds them equal).
export const MAX_LESSON_BYTES = 64 * 1024;
export const MAX_STEPS = 20;
export const MAX_CHOICES = 6;
/** A sketched curve is sampled at 3 to 8 x values (the server's limits too). */
export const MIN_SKETCH_POINTS = 3;
export const MAX_SKETCH_POINTS = 8;
/** a concept check's questions (`check:`), as the server reads them (backend/app/lessons.py) */
export const MIN_CHECK = 3;
export const MAX_CHECK = 5;

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

/** What every kind of question may add: the axis while it is open, and what the reveal says. */
const aroundQuestion = {
  /** top of the y axis while predicting, where the chart's own (1.5 times what it draws) is too low */
  y_max: z.number().positive().finite().optional(),
  /** the memo's figure to reveal, for systems whose chart has no memo points */
  memo: memoFigure.optional(),
  /** what a common intuition expects here, and why it is wrong: said only after the reveal */
  intuition: text(600).optional(),
  /** the value that intuition expects: the axis must hold it, so a student can place it */
  intuition_value: z.number().finite().optional(),
};

const pointQuestion = z
  .object({
    predict: z.literal("point"),
    prompt: text(400),
    /** the x value at which the learner places the curve */
    at: z.number().finite(),
    ...aroundQuestion,
  })
  .strict();

const choiceQuestion = z
  .object({
    predict: z.literal("choice"),
    prompt: text(400),
    choices: z.array(text(200)).min(2, "needs at least 2 choices").max(MAX_CHOICES, `has at most ${MAX_CHOICES} choices`),
    /** the right choice, counted from 1 */
    answer: z.number().int().min(1),
    /** what each choice says the bottleneck is, as the model names it (null: no resource), so
     * that the answer is judged by the model (claims.ts); without it the model cannot judge it */
    bottlenecks: z.array(z.string().min(1).max(80).nullable()).optional(),
    /** run the simulator at the step's setting with this spread of service times (a fixed seed):
     * the answer is judged by where it lands (`lands`), and the reveal draws its points (lands.ts) */
    simulate: z.enum(SERVICES).optional(),
    /** what each choice says of the simulation: above, on or below the model's curve */
    lands: z.array(z.enum(LANDS as [Lands, ...Lands[]])).optional(),
    explain: text(1200),
    ...aroundQuestion,
  })
  .strict()
  .refine((q) => !q.bottlenecks || q.bottlenecks.length === q.choices.length, { message: "must name one bottleneck (or null) for each choice, in the choices' order", path: ["bottlenecks"] })
  .refine((q) => q.answer <= q.choices.length, { message: "must name one of the choices (counted from 1)", path: ["answer"] })
  .refine((q) => !q.lands || q.lands.length === q.choices.length, { message: "must say for each choice where the simulation lands (above, on or below), in the choices' order", path: ["lands"] })
  .refine((q) => !q.lands === !q.simulate, { message: "simulate and lands go together: the spread simulated, and where each choice says it lands", path: ["lands"] })
  .refine((q) => !(q.lands && q.bottlenecks), { message: "judge a choice by the simulation or by the bottleneck, not both", path: ["bottlenecks"] });

/** The whole curve over the step's x axis: the learner draws it (or sets a point at each x by
 * keyboard), and the sketch is sent as its values at the x values `at`, in increasing order. */
const curveQuestion = z
  .object({
    predict: z.literal("curve"),
    prompt: text(400),
    at: z.array(z.number().finite()).min(MIN_SKETCH_POINTS, `needs at least ${MIN_SKETCH_POINTS} x values`).max(MAX_SKETCH_POINTS, `has at most ${MAX_SKETCH_POINTS} x values`),
    ...aroundQuestion,
  })
  .strict()
  .refine((q) => q.at.every((x, i) => i === 0 || x > q.at[i - 1]), { message: "must list the x values in increasing order, each once", path: ["at"] });

/** Which knob matters most here: the learner picks one of `among`; the model's sensitivity at
 * the step's setting (perfmodels.sensitivity) must agree with `answer` (claims.ts). */
const knobQuestion = z
  .object({
    predict: z.literal("knob"),
    prompt: text(400),
    among: z.array(name).min(2, "needs at least 2 knobs").max(MAX_CHOICES, `has at most ${MAX_CHOICES} knobs`),
    answer: name,
    explain: text(1200),
    ...aroundQuestion,
  })
  .strict()
  .refine((q) => q.among.includes(q.answer), { message: "must be one of the knobs in among", path: ["answer"] })
  .refine((q) => new Set(q.among).size === q.among.length, { message: "names a knob twice", path: ["among"] });

const state = z
  .object({
    system: name,
    knobs: knobSet.default({}),
    x: name.optional(),
    y: name.optional(),
    baseline: knobSet.optional(),
    /** draw the textbook bounds (and a closed network's knee) beside the curve */
    bounds: z.boolean().optional(),
  })
  .strict();

/** A claim the step's text or answer makes about the model, recomputed by the tests: the
 * metric at the step's setting changed by `at`, either inside `range` or, against the same
 * metric at `vs`, in the ratio `ratio` (low, high); or (`point`) where along a knob (`along`,
 * the step's x by default) the model puts the knee N* or a resource's saturation (at least
 * 95 % busy), inside `range`. A step whose words name the knee or saturation must check it
 * (claims.ts). A model change that breaks a check fails them. */
const check = z
  .object({
    metric: name.optional(),
    point: z.enum(["knee", "saturation"]).optional(),
    along: name.optional(),
    at: knobSet.default({}),
    vs: knobSet.optional(),
    range: z.tuple([z.number().finite(), z.number().finite()]).optional(),
    ratio: z.tuple([z.number().finite(), z.number().finite()]).optional(),
  })
  .strict()
  .refine((c) => (c.metric !== undefined) !== (c.point !== undefined), { message: "needs either metric or point (one of them, not both)" })
  .refine((c) => (c.range !== undefined) !== (c.ratio !== undefined), { message: "needs either range or ratio (one of them, not both)" })
  .refine((c) => (c.ratio === undefined) === (c.vs === undefined), { message: "ratio needs vs, and vs needs ratio" })
  .refine((c) => c.point !== undefined || c.along === undefined, { message: "along goes with point: the knob along which the knee or saturation lies" })
  .refine((c) => c.point === undefined || c.range !== undefined, { message: "a point is checked with range: where along the knob it must lie" });

export const stepSchema = z
  .object({
    title: text(120),
    text: text(2000),
    state,
    question: z.discriminatedUnion("predict", [pointQuestion, choiceQuestion, knobQuestion, curveQuestion]).optional(),
    /** said after the reveal (or under a step without a question) */
    after: text(1200).optional(),
    checks: z.array(check).max(8).optional(),
  })
  .strict();

/** A question of the lesson's concept check (`check:`), which a class answers before the lesson
 * and again after it (the report's gain): shaped as a step whose question is required and whose
 * title and text may be left out; no `after`, since the check is never revealed in class. Its
 * claims (`checks`) are recomputed like a step's, and a choice must carry one (checkLesson.ts):
 * every check question is judged against the model. A sketch of the whole curve is not among
 * its kinds: the gain counts answers right or wrong against one value (backend/app/classes/gain.py). */
export const checkQuestionSchema = stepSchema
  .extend({ title: text(120).optional(), text: text(2000).optional(), question: z.discriminatedUnion("predict", [pointQuestion, choiceQuestion, knobQuestion]) })
  .omit({ after: true });

const checkList = z.array(z.unknown()).min(MIN_CHECK, `needs at least ${MIN_CHECK} questions`).max(MAX_CHECK, `has at most ${MAX_CHECK} questions`);

/** The lesson around its steps; each step is checked on its own, so one bad step hides no other problem. */
export const lessonHead = z
  .object({
    id: name,
    title: text(120),
    memo: name,
    summary: text(300),
    steps: z.array(z.unknown()).min(1, "needs at least one step").max(MAX_STEPS, `has at most ${MAX_STEPS} steps`),
    /** optional: the concept check, 3 to 5 questions (checkQuestionSchema) */
    check: checkList.optional(),
    /** optional: the check's parallel form B, question n pairing with question n of `check` */
    check_b: checkList.optional(),
  })
  .strict();

export const lessonSchema = lessonHead.extend({
  steps: z.array(stepSchema).min(1).max(MAX_STEPS),
  check: z.array(checkQuestionSchema).min(MIN_CHECK).max(MAX_CHECK).optional(),
  check_b: z.array(checkQuestionSchema).min(MIN_CHECK).max(MAX_CHECK).optional(),
});

export type Lesson = z.infer<typeof lessonSchema>;
export type LessonStep = Lesson["steps"][number];
export type Question = NonNullable<LessonStep["question"]>;
export type MemoFigure = z.infer<typeof memoFigure>;
export type Check = z.infer<typeof check>;
export type CheckQuestion = z.infer<typeof checkQuestionSchema>;

/** Each field's purpose, and what it takes: said beside a field that is missing or wrong. */
export const FIELDS: Record<string, string> = {
  id: "a name for the lesson: letters, digits, - and _",
  title: "the lesson's or step's heading, as text",
  memo: "the memo the lesson is about, as its source id on /data (for example tops20-decnet)",
  summary: "one or two sentences for the lesson list",
  steps: "the list of steps, each starting with '- title:'",
  text: "what the step says, as text",
  state: "the chart the step shows: system, and optionally knobs, x, y and baseline",
  system: "a system id from /models (decnet, ofn, rsx-swap, rsx-qio, ffs, lavc, afs)",
  knobs: "knob settings, as { name: value }",
  x: "the knob along the x axis (a numeric knob's id)",
  y: "the metric on the y axis (a metric's id)",
  baseline: "knob settings for a dashed comparison curve, as { name: value }",
  bounds: "true to draw the textbook bounds beside the curve (on population axes, the knee N* too)",
  question: "predict: point (place a point on the chart), predict: choice (pick one answer), predict: knob (pick the knob that matters most) or predict: curve (sketch the whole curve)",
  predict: "point, choice, knob or curve",
  among: "a list of 2 to 6 knob ids the learner picks from",
  prompt: "the question, as text",
  at: "a number: the x value where the learner places the point (the step's own setting of x); for predict: curve, a list of 3 to 8 x values, increasing, where the sketch is read",
  y_max: "a positive number: the top of the y axis",
  choices: "a list of 2 to 6 answers, as text",
  answer: "the number of the right choice, counted from 1 (predict: choice), or the knob that matters most (predict: knob)",
  explain: "a sentence or two, said after the reveal, on why the answer is right",
  simulate: "exponential, constant or mechanism: the spread of service times the step's setting is simulated with (a fixed seed); the answer is judged by where the simulation lands, and the reveal draws it",
  lands: "for each choice, where it says the simulation lands against the model's curve: above, on or below",
  bottlenecks: "for each choice, the bottleneck it names as the model words it (the explorer's readout), or null: the answer is then checked against the model",
  intuition: "the common wrong expectation and why it is wrong, said after the reveal",
  intuition_value: "a number: the value that intuition expects (it must fit on the y axis)",
  after: "text shown after the reveal",
  checks: "claims recomputed from the models: metric, then range or vs with ratio; or point (knee or saturation) with range",
  check: `the concept check a class answers before the lesson and after it: ${MIN_CHECK} to ${MAX_CHECK} questions, each with state and question (and optionally text and checks), as a step`,
  check_b: "the concept check's parallel form B: as many questions as check, question n asking check's question n's idea at other settings, for the same kind of answer (half the class takes form A before the lesson and B after, the other half the reverse)",
  metric: "a metric's id",
  point: "knee (the textbook's N*) or saturation (where a resource is at least 95 % busy): where along the knob it lies",
  along: "the knob along which the point lies (the step's x by default)",
  range: "[low, high]: the metric's value must lie here",
  ratio: "[low, high]: the metric at `at` over the metric at `vs` must lie here",
  vs: "knob settings to compare with, as { name: value }",
  dataset: "a memo dataset's id, as on /data",
  where: "the fields that pick the figure's row, as { field: value }",
  field: "the field that holds the figure",
};

/** The keys an object at this place in a lesson may have (for "unknown key" problems). */
export function keysAt(path: (string | number)[], data: unknown): string[] {
  const keys = (s: z.ZodObject) => Object.keys(s.shape);
  const last = path[path.length - 1];
  if (path.length === 0) return keys(lessonHead);
  if (path.length === 2 && path[0] === "steps") return keys(stepSchema);
  if (path.length === 2 && (path[0] === "check" || path[0] === "check_b")) return keys(checkQuestionSchema);
  if (last === "state") return keys(state);
  if (last === "memo") return keys(memoFigure);
  if (path.length === 4 && path[2] === "checks") return keys(check);
  if (last === "question") {
    const q = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown> | undefined)?.[k], data) as { predict?: string } | undefined;
    const kinds: Record<string, z.ZodObject> = { choice: choiceQuestion, knob: knobQuestion, curve: curveQuestion };
    return keys(kinds[q?.predict ?? ""] ?? pointQuestion);
  }
  return [];
}
