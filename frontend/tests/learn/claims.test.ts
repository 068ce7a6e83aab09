// Every lesson re-run against the models as they are now (the checker the build and the
// browser use): each claim a step makes (its `checks`) and each point question's axis against
// the model's and the memo's values at its x. A model change that breaks a lesson fails here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Dataset, SystemSpec } from "../../src/api/types";
import { checkLesson, checkLessonWithModels, checkModels, formatProblem, type Lesson, type ModelAccess } from "../../src/learn/schema";
import { python, ROOT } from "../fixtures/python";

const specs = python<Record<string, SystemSpec>>(
  "import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))",
);
const models: ModelAccess = {
  evaluateMany: async (asks) =>
    python(`import json, perfmodels; print(json.dumps([perfmodels.evaluate(s, k)['metrics'] for s, k in json.loads(${JSON.stringify(JSON.stringify(asks))})]))`),
  dataset: async (id) => python<Dataset>(`import json; from perfmodels import datasets; print(json.dumps(datasets.load(${JSON.stringify(id)})))`),
};
const files = readdirSync(`${ROOT}lessons`).filter((f) => f.endsWith(".yaml"));
const source = (f: string) => readFileSync(`${ROOT}lessons/${f}`, "utf8");
const lessons: Lesson[] = files.map((f) => {
  const r = checkLesson(f, source(f), specs);
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
  return r.lesson;
});

describe("lessons against today's models", () => {
  it("every claim still holds and every point question's axis fits its answers", async () => {
    for (const f of files) {
      const r = await checkLessonWithModels(`lessons/${f}`, source(f), specs, models);
      expect(r.ok ? [] : r.problems.map(formatProblem), f).toEqual([]);
    }
    // and the lessons do make claims for it to check
    expect(lessons.flatMap((l) => l.steps.flatMap((s) => s.checks ?? [])).length).toBeGreaterThanOrEqual(15);
  }, 60_000);

  it("the lesson template offered on /learn is a good lesson, its claims included", async () => {
    const text = readFileSync(`${ROOT}public/lesson-template.yaml`, "utf8");
    const r = await checkLessonWithModels("lesson-template.yaml", text, specs, models);
    expect(r.ok ? [] : r.problems.map(formatProblem)).toEqual([]);
    expect(r.ok && r.lesson.steps.flatMap((x) => x.checks ?? []).length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it("a claim the model no longer supports is reported at its line", async () => {
    const f = "decnet-link-quota.yaml";
    const broken = source(f).replace("ratio: [0.98, 1.02]", "ratio: [1.5, 2.5]");
    const r = await checkLessonWithModels(f, broken, specs, models);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0].message).toMatch(/checks\[1\]: the model now gives a ratio of 1 for throughput_bps, outside 1.5 to 2.5/);
    expect(broken.split("\n")[r.problems[0].line - 1]).toContain("- metric: throughput_bps");
  }, 30_000);

  it("an axis far above the answers is reported", async () => {
    const lesson = structuredClone(lessons.find((l) => l.id === "lavc-capacity")!);
    const q = lesson.steps[0].question!;
    if (q.predict === "point") q.y_max = 200; // the boot CPU at 50 users is about 41 %
    const found = await checkModels(lesson, specs, models);
    expect(found.map(([, m]) => m).join()).toMatch(/more than 2 times the largest value/);
  }, 30_000);

  it("each lesson has at least two predictions where a common intuition is wrong, told only after the reveal", () => {
    for (const l of lessons) expect(l.steps.filter((s) => s.question?.intuition).length, l.id).toBeGreaterThanOrEqual(2);
  });
});
