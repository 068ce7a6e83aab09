// A choice judged by the simulator (lesson/lands.ts): the shipped DECnet step passes, a wrong key
// or a choice list that does not say where the run lands is refused at its line, and the format
// keeps `simulate` and `lands` together and one per choice.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Simulation } from "../../src/api/types";
import { modelsPackage } from "../../build/modelsPackage";
import { checkLesson, checkLessonWithModels, formatProblem } from "../../src/lesson/checkLesson";
import { landsAnswer, landsOf } from "../../src/lesson/lands";
import { ROOT } from "../fixtures/python";

const pkg = modelsPackage(`${ROOT}.venv/bin/python`)!;
const { specs, models } = pkg;
afterAll(() => pkg.close());
const f = "decnet-link-quota.yaml";
const text = readFileSync(`${ROOT}lessons/${f}`, "utf8");
const lineOf = (t: string, needle: string) => t.split("\n").findIndex((l) => l.includes(needle)) + 1;
const KEY = "      answer: 1\n      simulate: constant";

describe("a choice judged by where the simulation lands", () => {
  it("the shipped step is right: DECnet's CI at quota 16 with constant times lands above exact MVA's curve", async () => {
    const r = await checkLessonWithModels(f, text, specs, models);
    expect(r.ok ? [] : r.problems.map(formatProblem)).toEqual([]);
    const [sim] = await models.simulateMany([["decnet", { circuit: "CI", test: "SENDER/SERVER", link_quota: 16 }, "constant"]]);
    expect(landsOf(sim, "throughput_bps")?.side).toBe("above");
  }, 60_000);

  it("the step's words give the gap the simulation shows: at the step's quota of 16, and at its largest, toward the knee", async () => {
    const r = checkLesson(f, text, specs);
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
    const q = r.lesson.steps[7].question;
    const explain = q && "explain" in q ? (q.explain ?? "") : "";
    const ci = (link_quota: number) => ["decnet", { circuit: "CI", test: "SENDER/SERVER", link_quota }, "constant"] as [string, Record<string, string | number>, "constant"];
    // the settings the page's reveal simulates along the curve include 34 buffers, where it parts most (16.8 %)
    const [at16, at34] = await models.simulateMany([ci(16), ci(34)]);
    const gap = (sim: Simulation) => {
      const l = landsOf(sim, "throughput_bps")!;
      return Math.round((100 * (l.mean - l.model)) / l.model);
    };
    expect([gap(at16), gap(at34)]).toEqual([6, 17]);
    expect(explain).toContain(`At a quota of 16 it moves about ${gap(at16)} per cent more data`);
    expect(explain).toContain(`at 34 buffers it is about ${gap(at34)} per cent`);
    expect(explain).not.toContain("a few per cent");
  }, 60_000);

  it("a wrong key is refused at the answer's line, saying where the simulation lands", async () => {
    expect(text).toContain(KEY);
    const wrong = text.replace(KEY, "      answer: 2\n      simulate: constant");
    const r = await checkLessonWithModels(f, wrong, specs, models);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/steps\[8\]\.question\.answer: the simulation \(constant service times, seed 1\) lands above the model's curve here .*choice 1 \("Above the curve"\), not choice 2/)]);
    // the key's own line, just above `simulate`
    expect(r.problems[0].line).toBe(lineOf(wrong, "simulate: constant") - 1);
    expect(wrong.split("\n")[r.problems[0].line - 1].trim()).toBe("answer: 2");
  }, 60_000);

  it("exponential times, the model's own assumption, land on the curve: a key of 'above' is refused", async () => {
    const exp = text.replace(KEY, "      answer: 1\n      simulate: exponential");
    const r = await checkLessonWithModels(f, exp, specs, models);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/question\.answer: the simulation \(exponential service times, seed 1\) lands on the model's curve here .*choice 2/)]);
  }, 60_000);

  it("choices that do not say where the run lands are refused at lands", async () => {
    const none = text.replace("lands: [above, on, below]", "lands: [below, on, on]");
    const r = await checkLessonWithModels(f, none, specs, models);
    expect(r.ok ? [] : r.problems.map(formatProblem)).toEqual([expect.stringMatching(/question\.lands: .* lands above the model's curve here .*which no choice says/)]);
  }, 60_000);

  it("the format keeps simulate and lands together, one place a choice", () => {
    const alone = checkLesson(f, text.replace("      lands: [above, on, below]\n", ""), specs);
    expect(alone.ok ? [] : alone.problems.map(formatProblem)).toEqual([expect.stringMatching(/simulate and lands go together/)]);
    const short = checkLesson(f, text.replace("lands: [above, on, below]", "lands: [above, on]"), specs);
    expect(short.ok ? [] : short.problems.map(formatProblem)).toEqual([expect.stringMatching(/must say for each choice where the simulation lands/)]);
    const odd = checkLesson(f, text.replace("simulate: constant", "simulate: lognormal"), specs);
    expect(odd.ok).toBe(false);
  });
});

describe("landsOf", () => {
  const sim = (mean: number, low: number, high: number, model: number) =>
    ({ metrics: { y: { mean, ci95: [low, high] } }, analytic: { y: model }, drew: "d", seed: 1 }) as unknown as Simulation;
  it("says above or below only when the interval clears the model by 1 %, on when it holds it, close between", () => {
    expect(landsOf(sim(110, 105, 115, 100), "y")?.side).toBe("above");
    expect(landsOf(sim(90, 85, 95, 100), "y")?.side).toBe("below");
    expect(landsOf(sim(100, 98, 102, 100), "y")?.side).toBe("on");
    expect(landsOf(sim(100.5, 100.5, 100.5, 100), "y")?.side).toBe("close");
    expect(landsOf(sim(1, 1, 1, 1), "z")).toBeNull();
    expect(landsAnswer(sim(100.5, 100.5, 100.5, 100), "y", ["above", "on", "below"], ["a", "b", "c"], 1)[0].key).toBe("simulate");
  });
});
