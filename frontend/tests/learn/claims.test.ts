// Every lesson re-run against the models as they are now: each claim a step makes (its
// `checks`), each point question's axis against the model's and the memo's values at its x,
// and the answers its reveal will show. A model change that breaks a lesson fails here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Dataset, SystemSpec } from "../../src/api/types";
import { memoPoints } from "../../src/chart/memoPoints";
import { curveKnobsOf } from "../../src/chart/curves";
import { axisProblem, questionTop } from "../../src/learn/axis";
import { findFigure } from "../../src/learn/memoFigure";
import { checkLesson, type Lesson } from "../../src/learn/schema";
import { python, ROOT } from "../fixtures/python";

type Metrics = Record<string, number | null>;

const specs = python<Record<string, SystemSpec>>(
  "import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))",
);
const lessons: Lesson[] = readdirSync(`${ROOT}lessons`)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => {
    const r = checkLesson(f, readFileSync(`${ROOT}lessons/${f}`, "utf8"), specs);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    return r.lesson;
  });

// Every evaluation the lessons need, in one Python call.
const asks: [string, Record<string, string | number>][] = [];
const ask = (system: string, knobs: Record<string, string | number>) => {
  asks.push([system, knobs]);
  return asks.length - 1;
};
const plan = lessons.map((l) =>
  l.steps.map((s) => {
    const base = { ...s.state.knobs };
    const x = s.state.x ?? specs[s.state.system].x_default;
    return {
      checks: (s.checks ?? []).map((c) => [ask(s.state.system, { ...base, ...c.at }), c.vs ? ask(s.state.system, { ...base, ...c.vs }) : -1]),
      at: s.question?.predict === "point" ? ask(s.state.system, { ...base, [x]: s.question.at }) : -1,
    };
  }),
);
const answers = python<Metrics[]>(
  `import json, perfmodels; asks = json.loads(${JSON.stringify(JSON.stringify(asks))}); ` +
    "print(json.dumps([perfmodels.evaluate(s, k)['metrics'] for s, k in asks]))",
);
const datasets = new Map<string, Dataset>();
const datasetOf = (id: string) => {
  if (!datasets.has(id)) datasets.set(id, python<Dataset>(`import json; from perfmodels import datasets; print(json.dumps(datasets.load(${JSON.stringify(id)})))`));
  return datasets.get(id)!;
};

describe("lessons against today's models", () => {
  it("every claim a step makes still holds", () => {
    let n = 0;
    for (const [li, l] of lessons.entries()) {
      for (const [si, s] of l.steps.entries()) {
        for (const [ci, c] of (s.checks ?? []).entries()) {
          const [at, vs] = plan[li][si].checks[ci];
          const v = answers[at][c.metric] ?? Number.NaN;
          const where = `${l.id} step ${si + 1} check ${ci + 1} (${c.metric})`;
          if (c.range) {
            expect(v, where).toBeGreaterThanOrEqual(c.range[0] - 1e-9 * Math.abs(c.range[0]));
            expect(v, where).toBeLessThanOrEqual(c.range[1] + 1e-9 * Math.abs(c.range[1]));
          } else {
            const ratio = v / (answers[vs][c.metric] ?? Number.NaN);
            expect(ratio, where).toBeGreaterThanOrEqual(c.ratio![0]);
            expect(ratio, where).toBeLessThanOrEqual(c.ratio![1]);
          }
          n++;
        }
      }
    }
    expect(n).toBeGreaterThanOrEqual(15);
  });

  it("every point question's axis fits the model's and the memo's values at its x", () => {
    for (const [li, l] of lessons.entries()) {
      for (const [si, s] of l.steps.entries()) {
        const q = s.question;
        if (q?.predict !== "point") continue;
        const spec = specs[s.state.system];
        const x = s.state.x ?? spec.x_default;
        const y = s.state.y ?? spec.y_default;
        const knobs = { ...Object.fromEntries(spec.knobs.map((k) => [k.name, k.default])), ...s.state.knobs };
        const model = answers[plan[li][si].at][y] ?? Number.NaN;
        const ds = spec.overlay?.dataset ? datasetOf(spec.overlay.dataset) : null;
        const memo = memoPoints(ds, spec, curveKnobsOf(spec, knobs, x), x, y).filter((m) => m.x === q.at).map((m) => m.y);
        const unit = spec.metrics.find((m) => m.name === y)!.unit;
        const figure = q.memo ? findFigure(datasetOf(q.memo.dataset), q.memo) : null;
        const figures = figure && (figure.unit === unit || (figure.unit === "%" && unit === "%")) ? [figure.value] : [];
        const at = [model, ...memo, ...figures];
        const top = questionTop(q, { atValues: at, drawn: [], capacity: [] })!;
        expect.soft(axisProblem(top, at), `${l.id} step ${si + 1}`).toBeNull();
        expect(Number.isFinite(model), `${l.id} step ${si + 1}: the model answers at ${q.at}`).toBe(true);
      }
    }
  });

  it("each lesson has at least two predictions where a common intuition is wrong, told only after the reveal", () => {
    for (const l of lessons) {
      const told = l.steps.filter((s) => s.question?.intuition);
      expect(told.length, l.id).toBeGreaterThanOrEqual(2);
    }
  });
});
