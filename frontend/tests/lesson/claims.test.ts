// Every lesson re-run against the models as they are now (the checker the build and the
// browser use): each claim a step makes (its `checks`) and each point question's axis against
// the model's and the memo's values at its x. A model change that breaks a lesson fails here.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Sensitivity } from "../../src/api/types";
import { checkModels, knobAnswer } from "../../src/lesson/claims";
import { checkLesson, checkLessonWithModels, formatProblem, type Lesson } from "../../src/lesson/checkLesson";
import { modelsPackage } from "../../build/modelsPackage";
import { ROOT } from "../fixtures/python";

// one Python answers the whole file's questions (frontend/build/modelsPackage.ts, as the build's check)
const pkg = modelsPackage(`${ROOT}.venv/bin/python`)!;
const { specs, models } = pkg;
afterAll(() => pkg.close());
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

  it("a step that names the knee or saturation must check it, and the check is the model's point, never the knee for saturation", async () => {
    const f = "lavc-capacity.yaml";
    // today's wording: "saturates" at the users at full demand, where the boot CPU is 89 % busy
    const knee = 113.66;
    const wrong = source(f).replace("- point: saturation\n        range: [120, 140]", `- point: saturation\n        range: [${knee - 1}, ${knee + 1}]`);
    const r = await checkLessonWithModels(f, wrong, specs, models);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.message).join("\n")).toMatch(/the model now puts the saturation point at users = 124, outside 112.66 to 114.66/);
    // words that name saturation (or the knee) without a check of it are refused, with the fix
    const unchecked = source(f).replace("      - point: saturation\n        range: [120, 140]\n", "").replace("      - point: knee\n        range: [115, 123]\n", "");
    const u = await checkLessonWithModels(f, unchecked, specs, models);
    expect(u.ok).toBe(false);
    if (u.ok) return;
    const said = u.problems.map((p) => p.message).join("\n");
    expect(said).toMatch(/name the saturation point: add a check with point: saturation/);
    expect(said).toMatch(/name the knee: add a check with point: knee/);
  }, 30_000);

  it("a step with a mistake of its own and a wrong claim has both reported in one pass", async () => {
    const f = "decnet-link-quota.yaml";
    const broken = source(f)
      .replace("ratio: [0.98, 1.02]", "ratio: [1.5, 2.5]")
      .replace("  - title: A slow wire caps everything", "  - titel: A slow wire caps everything");
    const r = await checkLessonWithModels(f, broken, specs, models);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const said = r.problems.map(formatProblem).join("\n");
    expect(said).toMatch(/unknown key "titel": did you mean title\?/);
    expect(said).toMatch(/checks\[1\]: the model now gives a ratio of 1 for throughput_bps, outside 1.5 to 2.5/);
  }, 30_000);

  it("a knob question's answer is the model's: a wrong one and a misspelt knob are each reported at their line", async () => {
    const f = "decnet-link-quota.yaml";
    const at = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;
    // the model says the quota matters most at the memo's setting: claim the copy cost instead
    const wrong = source(f).replace("answer: link_quota", "answer: copy_us_per_byte");
    let r = await checkLessonWithModels(f, wrong, specs, models);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/question.answer: the model says link_quota matters most here \(span [\d.e+]+, against [\d.e+]+ for copy_us_per_byte\)/)]);
      expect(r.problems[0].line).toBe(at(wrong, "answer: copy_us_per_byte"));
    }
    const typo = source(f).replace("among: [link_quota, buffer_size, copy_us_per_byte]", "among: [link_quota, buffer_sise, copy_us_per_byte]");
    r = await checkLessonWithModels(f, typo, specs, models);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      // counted from 1, as a teacher reads the list; the column is the misspelt knob's
      expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/question.among\[2\]: is not a knob of decnet: its knobs are circuit, link_quota, buffer_size/)]);
      expect(typo.split("\n")[r.problems[0].line - 1].slice(r.problems[0].column - 1)).toMatch(/^buffer_sise/);
    }
  }, 60_000);

  it("a knob that does nothing at a step's setting is refused as an option, and a near tie is too close to ask", () => {
    const r = { system: "lavc", metric: "boot_cpu_percent", value: 50, knobs: [
      { name: "ios_per_user_s", label: "I/Os per user", active: false, reason: "with local disks no I/O reaches the boot member" },
      { name: "users", label: "Users", active: true, low: 1, high: 100, elasticity: 1 },
    ] } as unknown as Sensitivity;
    expect(knobAnswer(r, ["ios_per_user_s", "users"], "users")).toEqual([{ key: "among", message: expect.stringMatching(/^ios_per_user_s does nothing at this step's setting \(with local disks/) }]);
    const acting = (span: number) => ({ ...r, knobs: [{ ...r.knobs[0], active: true, low: 10, high: 10 + span }, r.knobs[1]] }) as Sensitivity;
    expect(knobAnswer(acting(40), ["ios_per_user_s", "users"], "users")).toEqual([]);
    // users spans 99: a rival spanning 95 is within 10 % of it
    expect(knobAnswer(acting(95), ["ios_per_user_s", "users"], "users")).toEqual([{ key: "answer", message: expect.stringMatching(/^users leads ios_per_user_s by less than 10 % \(99 against 95\): too close to ask/) }]);
    expect(knobAnswer(acting(120), ["ios_per_user_s", "users"], "users")[0].message).toMatch(/^the model says ios_per_user_s matters most here \(span 120, against 99 for users\)/);
  });

  it("an intuition's value the axis cannot hold is reported at its line, with the fix", async () => {
    const lesson = structuredClone(lessons.find((l) => l.id === "lavc-capacity")!);
    const q = lesson.steps[0].question!;
    q.intuition_value = 1e6;
    const found = await checkModels([[0, lesson.steps[0]]], specs, models);
    expect(found.map(([p, m]) => `${p.join(".")}: ${m}`)).toEqual([expect.stringMatching(/^steps.0.question.intuition_value: intuition_value \(1000000\) lies outside the y axis, 0 to \d+: set y_max/)]);
    q.y_max = 2e6; // the teacher's fix
    expect(await checkModels([[0, lesson.steps[0]]], specs, models)).toEqual([]);
  }, 30_000);

  it("lists every problem of a file at once, each at its line with what to do, whatever kind it is", async () => {
    const text = readFileSync(`${ROOT}frontend/tests/lesson/fixtures/five-problems.yaml`, "utf8");
    const r = await checkLessonWithModels("five.yaml", text, specs, models);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const lines = text.split("\n");
    const found = r.problems.map((p) => [formatProblem(p), lines[p.line - 1]]);
    expect(found).toEqual([
      [expect.stringMatching(/^five.yaml:9:5: steps\[1\].question.explain: is missing \(required\): a sentence or two, said after the reveal/), "    question:"],
      [expect.stringMatching(/^five.yaml:17:\d+: steps\[2\].question: unknown key "promt": did you mean prompt\? The keys allowed here are predict, prompt, at, /), expect.stringContaining("promt")],
      [expect.stringMatching(/^five.yaml:20:\d+: steps\[3\].state.knobs.speed: is not a knob of decnet: its knobs are circuit, link_quota/), expect.stringContaining("speed")],
      [expect.stringMatching(/^five.yaml:24:\d+: steps\[4\].question.at: must be the step's own link_quota \(16\): set state.knobs.link_quota to 8, or ask at 16/), expect.stringContaining("at: 8")],
      [expect.stringMatching(/^five.yaml:29:\d+: steps\[5\].checks\[1\]: the model now gives a ratio of \d(\.\d+)? for throughput_bps, outside 3.5 to 4.5: correct the ratio/), expect.stringContaining("metric")],
    ]);
  }, 30_000);

  it("each lesson has at least two predictions where a common intuition is wrong, told only after the reveal", () => {
    for (const l of lessons) expect(l.steps.filter((s) => s.question?.intuition).length, l.id).toBeGreaterThanOrEqual(2);
  });
});
