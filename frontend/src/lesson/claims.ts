// A lesson against the models as they are: each step's `checks` (the claims its text makes)
// recomputed, and each question's y axis (the chart the explorer would draw, axis.ts) checked
// to hold what the step promises a student can place: the answer (a sketched curve's at each of
// its x values), the memo's values and the value a common intuition expects; a choice's key
// against the model's bottleneck or the simulator (lands.ts). Used by the build, the tests and the browser.
import type { Dataset, KnobValues, Sensitivity, Simulation, SweepResult, SystemSpec } from "../api/types.ts";
import { bandOf, curveKnobsOf, curveOf, limitOf } from "../chart/curves.ts";
import { memoPoints } from "../chart/memoPoints.ts";
import { axisProblems, type Promised, stepTop } from "./axis.ts";
import type { LessonStep } from "./format.ts";
import { landsAnswer, type LessonService } from "./lands.ts";
import { findFigure } from "./memoFigure.ts";
import type { Path } from "./places.ts";

/** What the model checks need: answers and curves for many settings at once, and memo datasets. */
export interface ModelAccess {
  evaluateMany(asks: [string, KnobValues][]): Promise<Record<string, number | null>[]>;
  sweepMany(asks: [string, KnobValues, string][]): Promise<SweepResult[]>;
  /** every knob's effect on a metric at a setting (perfmodels.sensitivity), for knob questions */
  sensitivityMany(asks: [string, KnobValues, string][]): Promise<Sensitivity[]>;
  /** the model's bottleneck at each setting (perfmodels' evaluate), for choice questions */
  bottleneckMany(asks: [string, KnobValues][]): Promise<(string | null)[]>;
  /** the simulator at each setting, with a lesson's seed and bounds (lands.ts lessonAsk), for
   * choice questions judged by where the simulation lands */
  simulateMany(asks: [string, KnobValues, LessonService][]): Promise<Simulation[]>;
  dataset(id: string): Promise<Dataset | null>;
}

const short = (v: number) => String(Number(v.toPrecision(4)));

/** The values a step's chart draws once revealed, and its axis top (the same as StepView's). */
export function stepAxis(s: LessonStep, spec: SystemSpec, sweep: SweepResult, baseSweep: SweepResult | null, ds: Dataset | null): { top: number | undefined; memoAt: (x: number) => number[] } {
  const x = s.state.x ?? spec.x_default;
  const y = s.state.y ?? spec.y_default;
  const knobs = { ...defaultsOf(spec), ...s.state.knobs };
  const memo = memoPoints(ds, spec, curveKnobsOf(spec, knobs, x), x, y, sweep.memo_models);
  const q = s.question;
  const top = stepTop(
    {
      curve: curveOf(sweep, x, y).map((p) => p.y),
      baseline: baseSweep ? curveOf(baseSweep, x, y).map((p) => p.y) : [],
      band: bandOf(sweep, x, y).map((p) => p.y1),
      capacity: limitOf(sweep, x, y).map((p) => p.y),
      memo: memo.map((m) => m.y),
    },
    { yMax: q?.y_max, share: spec.metrics.find((m) => m.name === y)?.share },
  );
  return { top, memoAt: (at) => memo.filter((m) => m.x === at).map((m) => m.y) };
}

export const defaultsOf = (spec: SystemSpec): KnobValues => Object.fromEntries(spec.knobs.map((k) => [k.name, k.default]));

/** Problems of the given steps (each with its index in the file) against the models, as [path, reason]. */
export async function checkModels(steps: [number, LessonStep][], specs: Record<string, SystemSpec>, models: ModelAccess): Promise<[Path, string][]> {
  const evals: [string, KnobValues][] = [];
  const sweeps: [string, KnobValues, string][] = [];
  const ev = (system: string, knobs: KnobValues) => evals.push([system, knobs]) - 1;
  const sw = (system: string, knobs: KnobValues, x: string) => sweeps.push([system, knobs, x]) - 1;
  const senses: [string, KnobValues, string][] = [];
  const necks: [string, KnobValues][] = [];
  const sims: [string, KnobValues, LessonService][] = [];
  const plan = steps.map(([, s]) => {
    const spec = specs[s.state.system];
    const x = s.state.x ?? spec.x_default;
    const knobs = { ...defaultsOf(spec), ...s.state.knobs };
    return {
      checks: (s.checks ?? []).map((c) => {
        if (c.point) {
          const along = c.along ?? x;
          return [sw(s.state.system, curveKnobsOf(spec, { ...knobs, ...c.at }, along), along), -1];
        }
        return [ev(s.state.system, { ...s.state.knobs, ...c.at }), c.vs ? ev(s.state.system, { ...s.state.knobs, ...c.vs }) : -1];
      }),
      at: s.question?.predict === "point" ? ev(s.state.system, { ...s.state.knobs, [x]: s.question.at }) : -1,
      // a sketched curve is compared with the model at each of its x values
      curveAt: s.question?.predict === "curve" ? s.question.at.map((v) => ev(s.state.system, { ...s.state.knobs, [x]: v })) : [],
      sweep: s.question ? sw(s.state.system, curveKnobsOf(spec, knobs, x), x) : -1,
      neck: s.question?.predict === "choice" && s.question.bottlenecks ? necks.push([s.state.system, s.state.knobs]) - 1 : -1,
      sim: s.question?.predict === "choice" && s.question.simulate && spec.simulation.simulated ? sims.push([s.state.system, s.state.knobs, s.question.simulate]) - 1 : -1,
      sense: s.question?.predict === "knob" ? senses.push([s.state.system, s.state.knobs, s.state.y ?? spec.y_default]) - 1 : -1,
      base: s.question && s.state.baseline ? sw(s.state.system, curveKnobsOf(spec, { ...defaultsOf(spec), ...s.state.baseline }, x), x) : -1,
    };
  });
  const [answers, curves, sensed, bottlenecks, simulated] = await Promise.all([
    models.evaluateMany(evals),
    sweeps.length ? models.sweepMany(sweeps) : Promise.resolve([]),
    senses.length ? models.sensitivityMany(senses) : Promise.resolve([]),
    necks.length ? models.bottleneckMany(necks) : Promise.resolve([]),
    sims.length ? models.simulateMany(sims) : Promise.resolve([]),
  ]);
  const out: [Path, string][] = [];
  for (const [k, [i, s]] of steps.entries()) {
    const spec = specs[s.state.system];
    out.push(...unchecked(s).map((m): [Path, string] => [["steps", i, "checks"], m]));
    for (const [j, c] of (s.checks ?? []).entries()) {
      const [at, vs] = plan[k].checks[j];
      if (c.point) {
        out.push(...pointProblems(c.point, c.along ?? s.state.x ?? spec.x_default, c.range!, curves[at]).map((m): [Path, string] => [["steps", i, "checks", j], m]));
        continue;
      }
      const metric = c.metric!;
      const v = answers[at][metric] ?? Number.NaN;
      if (c.range) {
        const [lo, hi] = c.range;
        const slack = 1e-9 * Math.max(Math.abs(lo), Math.abs(hi), 1);
        if (!(v >= lo - slack && v <= hi + slack)) out.push([["steps", i, "checks", j], `the model now gives ${metric} = ${short(v)}, outside ${lo} to ${hi}: correct the range, or the text that relies on it`]);
      } else {
        const ratio = v / (answers[vs][metric] ?? Number.NaN);
        if (!(ratio >= c.ratio![0] && ratio <= c.ratio![1])) out.push([["steps", i, "checks", j], `the model now gives a ratio of ${short(ratio)} for ${metric}, outside ${c.ratio![0]} to ${c.ratio![1]}: correct the ratio, or the text that relies on it`]);
      }
    }
    const q = s.question;
    if (!q) continue;
    const y = s.state.y ?? spec.y_default;
    const unit = spec.metrics.find((m) => m.name === y)?.unit ?? "";
    const ds = spec.overlay?.dataset ? await models.dataset(spec.overlay.dataset) : null;
    const { top, memoAt } = stepAxis(s, spec, curves[plan[k].sweep], plan[k].base >= 0 ? curves[plan[k].base] : null, ds);
    if (top === undefined) {
      out.push([["steps", i, "state"], `the model draws no curve of ${y} here`]);
      continue;
    }
    if (q.predict === "choice" && q.bottlenecks) out.push(...choiceAnswer(bottlenecks[plan[k].neck], q.bottlenecks, q.choices, q.answer).map((m): [Path, string] => [["steps", i, "question", m.key], m.message]));
    if (q.predict === "choice" && q.simulate && q.lands) {
      const said = spec.simulation.simulated
        ? landsAnswer(simulated[plan[k].sim], y, q.lands, q.choices, q.answer)
        : [{ key: "simulate", message: `the ${spec.id} model is not simulated (${spec.simulation.words}): judge this choice another way` }];
      out.push(...said.map((m): [Path, string] => [["steps", i, "question", m.key], m.message]));
    }
    if (q.predict === "knob") out.push(...knobAnswer(sensed[plan[k].sense], q.among, q.answer).map((m): [Path, string] => [["steps", i, "question", m.key], m.message]));
    const promised: Promised[] = [];
    if (q.predict === "point") {
      const model = answers[plan[k].at][y] ?? Number.NaN;
      if (!Number.isFinite(model)) {
        out.push([["steps", i, "question", "at"], `the model gives no value of ${y} at ${q.at}`]);
        continue;
      }
      promised.push({ what: "the model's answer", value: model }, ...memoAt(q.at).map((v) => ({ what: "the memo's measurement", value: v })));
    }
    if (q.predict === "curve") {
      const models = plan[k].curveAt.map((e) => answers[e][y] ?? Number.NaN);
      const missing = q.at.filter((_, j) => !Number.isFinite(models[j]));
      if (missing.length) {
        out.push([["steps", i, "question", "at"], `the model gives no value of ${y} at ${missing.join(", ")}`]);
        continue;
      }
      for (const [j, v] of q.at.entries()) promised.push({ what: `the model's value at ${v}`, value: models[j] }, ...memoAt(v).map((m) => ({ what: `the memo's measurement at ${v}`, value: m })));
    }
    const figureSet = q.memo ? await models.dataset(q.memo.dataset) : null;
    const figure = q.memo && figureSet ? findFigure(figureSet, q.memo) : null;
    if (q.memo && !figure) out.push([["steps", i, "question", "memo"], "names no single figure of a memo dataset: check dataset, where and field against /data"]);
    if (figure && figure.unit === unit) promised.push({ what: "the memo's figure", value: figure.value });
    if (q.intuition_value !== undefined) promised.push({ what: "intuition_value", value: q.intuition_value });
    for (const p of axisProblems(top, promised)) {
      const key = p.startsWith("intuition_value") ? "intuition_value" : q.y_max ? "y_max" : "question";
      out.push([["steps", i, "question", key], `${p}: set y_max to a round number above it${key === "intuition_value" ? ", or correct the value" : ""}`]);
    }
  }
  return out;
}

/** The words that name the knee or saturation, each a claim a `point` check must re-verify:
 * a lesson may not say "saturates" of a point the model has short of 95 % busy. */
const NAMES: [RegExp, "knee" | "saturation"][] = [[/\bknees?\b|N\*/i, "knee"], [/\bsaturat/i, "saturation"]];

/** The step's words that name the knee or saturation without a check of that point. */
export function unchecked(s: LessonStep): string[] {
  const q = s.question;
  const words = [s.title, s.text, s.after, q?.prompt, q && "explain" in q ? q.explain : undefined, q?.intuition, ...(q?.predict === "choice" ? q.choices : [])]
    .filter((w): w is string => !!w).join("\n");
  return NAMES.filter(([re, point]) => re.test(words) && !(s.checks ?? []).some((c) => c.point === point))
    .map(([, point]) => `the step's words name the ${point === "knee" ? "knee" : "saturation point"}: add a check with point: ${point} and the range along the knob where the model puts it`);
}

/** A point check against the sweep along its knob: the knee N* (the textbook's, where the
 * asymptotes meet) or where a resource saturates (at least 95 % busy, the model's own point). */
export function pointProblems(point: "knee" | "saturation", along: string, range: [number, number], sweep: SweepResult): string[] {
  const v = point === "knee" ? sweep.bounds_knee?.x : sweep.saturation?.x;
  const [lo, hi] = range;
  if (v === undefined || v === null) {
    return [point === "knee" ? `the model has no knee N* along ${along} at this setting: correct the check, or the text that relies on it` : `no resource saturates (95 % busy) along ${along} at this setting: correct the check, or the text that relies on it`];
  }
  return v >= lo && v <= hi ? [] : [`the model now puts the ${point === "knee" ? "knee N*" : "saturation point"} at ${along} = ${short(v)}, outside ${lo} to ${hi}: correct the range, or the text that relies on it`];
}

/** A knob question's answer must lie above doubt: the model's largest effect (the metric's span
 * over the knob's whole range, the others held) among the knobs offered, by a clear margin. */
export const CLEAR_MARGIN = 1.1;

export function knobAnswer(r: Sensitivity, among: string[], answer: string): { key: "answer" | "among"; message: string }[] {
  const rows = among.map((name) => r.knobs.find((k) => k.name === name));
  const out: { key: "answer" | "among"; message: string }[] = [];
  rows.forEach((row, j) => {
    if (row && !row.active) out.push({ key: "among", message: `${among[j]} does nothing at this step's setting (${row.reason}): offer knobs that act here` });
  });
  if (out.length) return out;
  const span = (name: string) => {
    const row = r.knobs.find((k) => k.name === name);
    // the span over the knob's range (its least to its most), as the explorer's tornado draws it
    const [lo, hi] = [row?.least ?? row?.low, row?.most ?? row?.high];
    return lo != null && hi != null ? Math.abs(hi - lo) : 0;
  };
  const order = [...among].sort((a, b) => span(b) - span(a));
  const [top, next] = order;
  if (top !== answer) return [{ key: "answer", message: `the model says ${top} matters most here (span ${short(span(top))}, against ${short(span(answer))} for ${answer}): correct the answer, or the setting` }];
  if (span(top) < CLEAR_MARGIN * span(next)) return [{ key: "answer", message: `${top} leads ${next} by less than ${Math.round(100 * (CLEAR_MARGIN - 1))} % (${short(span(top))} against ${short(span(next))}): too close to ask; offer other knobs or another setting` }];
  return [];
}

/** A choice question's key against the model: the right choice is the one naming the model's
 * bottleneck at the step's setting (its `bottlenecks`), so a wrong key is caught, not taught. */
export function choiceAnswer(model: string | null, named: (string | null)[], choices: string[], answer: number): { key: "answer" | "bottlenecks"; message: string }[] {
  const right = named.indexOf(model) + 1;
  const said = model ?? "nothing (no resource limits)";
  if (!right) return [{ key: "bottlenecks", message: `the model's bottleneck here is ${said}, which no choice names: name it as the model does (${JSON.stringify(model)}), or change the setting` }];
  if (right !== answer) return [{ key: "answer", message: `the model's bottleneck here is ${said}: choice ${right} ("${choices[right - 1]}"), not choice ${answer}: correct the answer, or the setting` }];
  return [];
}
