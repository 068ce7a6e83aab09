// A lesson's concept check (`check:`): every shipped lesson has one, its questions are checked
// like steps (the schema, the systems, the models: a claim the model no longer supports fails
// at its line under check[i]), a choice must carry a claim, and the server reads the same
// questions with the same right answers (backend/app/lessons.py).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Dataset, SystemSpec } from "../../src/api/types";
import { checkLesson, checkLessonWithModels, formatProblem, type ModelAccess, picking } from "../../src/lesson/checkLesson";
import { checkQuestionSchema, MAX_CHECK, MIN_CHECK } from "../../src/lesson/format";
import { lessonAsk } from "../../src/lesson/lands";
import { simulateCode } from "../../build/modelsPackage";
import { python, ROOT } from "../fixtures/python";

const specs = python<Record<string, SystemSpec>>(
  "import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))",
);
const asked = <T>(code: string, asks: unknown) => python<T>(code.replace("ASKS", JSON.stringify(JSON.stringify(asks))));
const models: ModelAccess = {
  evaluateMany: async (asks) => asked("import json, perfmodels; print(json.dumps([perfmodels.evaluate(s, k)['metrics'] for s, k in json.loads(ASKS)]))", asks),
  sweepMany: async (asks) => asked("import json, perfmodels; print(json.dumps([perfmodels.sweep(s, k, x) for s, k, x in json.loads(ASKS)]))", asks),
  sensitivityMany: async (asks) => asked("import json, perfmodels; print(json.dumps([perfmodels.sensitivity(s, k, m) for s, k, m in json.loads(ASKS)]))", asks),
  bottleneckMany: async (asks) => asked("import json, perfmodels; print(json.dumps([perfmodels.evaluate(s, k)['bottleneck'] for s, k in json.loads(ASKS)]))", asks),
  simulateMany: async (asks) => python(simulateCode(JSON.stringify(JSON.stringify(asks.map(([s, k, service]) => lessonAsk(s, k, service)))))),
  dataset: async (id) => python<Dataset>(`import json; from perfmodels import datasets; print(json.dumps(datasets.load(${JSON.stringify(id)})))`),
};
const files = readdirSync(`${ROOT}lessons`).filter((f) => f.endsWith(".yaml"));
const source = (f: string) => readFileSync(`${ROOT}lessons/${f}`, "utf8");
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("concept checks", () => {
  it("every shipped lesson has one of 3 to 5 questions, each choice backed by a claim, read alike by the server", () => {
    const server = python<Record<string, { predict: string; answer: number; choices: number }[]>>(
      "import json; from pathlib import Path; from app import lessons; print(json.dumps({k: [{'predict': q.predict, 'answer': q.answer, 'choices': q.choices} for q in v] for k, v in lessons.builtin_checks(Path('lessons')).items()}))",
    );
    for (const f of files) {
      const r = checkLesson(f, source(f), specs);
      expect(r.ok ? [] : r.problems.map(formatProblem), f).toEqual([]);
      if (!r.ok) continue;
      const check = r.lesson.check ?? [];
      expect(check.length, f).toBeGreaterThanOrEqual(MIN_CHECK);
      expect(check.length, f).toBeLessThanOrEqual(MAX_CHECK);
      for (const q of check) if (q.question.predict === "choice") expect((q.checks ?? []).length, `${f}: ${q.question.prompt}`).toBeGreaterThan(0);
      // the server's questions: the same kinds, a choice's right answer and its number of choices
      expect(server[r.lesson.id]).toEqual(check.map((q) => {
        const pick = picking(q.question);
        return { predict: pick ? "choice" : "point", answer: pick?.answer ?? 0, choices: pick?.choices.length ?? 0 };
      }));
    }
  });

  it("a check question's claim the model no longer supports is reported at its line, under check", async () => {
    const f = "decnet-link-quota.yaml";
    const text = source(f);
    // the DTE question's second claim: two buffers keep about half the line's rate
    const broken = text.replace("at: { link_quota: 2 }\n        vs: {}\n        ratio: [0.4, 0.7]", "at: { link_quota: 2 }\n        vs: {}\n        ratio: [0.9, 1.1]");
    expect(broken).not.toBe(text);
    const r = await checkLessonWithModels(f, broken, specs, models);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/check\[3\]\.checks\[2\]: the model now gives a ratio of 0\.5\d* for throughput_bps, outside 0\.9 to 1\.1/)]);
    expect(broken.split("\n")[r.problems[0].line - 1]).toContain("- metric: throughput_bps");
    expect(r.problems[0].line).toBeGreaterThan(lineOf(broken, "check:"));
  }, 60_000);

  it("a knob question in a check is judged by the model's sensitivity, at its line", async () => {
    const f = "decnet-link-quota.yaml";
    const knob = `
  - state:
      system: decnet
      knobs: { circuit: CI, test: SENDER/SERVER, link_quota: 16 }
    question:
      predict: knob
      prompt: Which of these changes the CI's throughput the most here?
      among: [link_quota, copy_us_per_byte]
      answer: copy_us_per_byte
      explain: The copy cost, claimed wrongly.
`;
    const r = await checkLessonWithModels(f, source(f) + knob, specs, models);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/check\[4\]\.question\.answer: the model says link_quota matters most here/)]);
    }
  }, 60_000);

  it("the schema's and the systems' problems are named under check, and a choice without a claim is refused", () => {
    const base = source("ffs-block-size.yaml");
    const three = base.replace(/\n {2}- text: \|\n {6}The new file system writing on the MASSBUS[\s\S]*$/, "\n");
    const two = base.replace(/\n {2}- text: \|\n {6}The same read with 8192-byte blocks[\s\S]*$/, "\n");
    const noClaim = three.replace(/(explain: >-\n {8}The UNIBUS controller[^\n]*\n[^\n]*\n)\s+checks:\n\s+- metric: throughput_kBps\n\s+vs: \{ bus: MASSBUS \}\n\s+ratio: \[0.45, 0.6\]\n/, "$1");
    const bad = noClaim.replace("knobs: { layout: old, block_size: 1024, operation: write, bus: UNIBUS, cpu_speed: 1 }", "knobs: { layout: old, block_sise: 1024 }").replace("      predict: choice\n      prompt: What share", "      predict: choise\n      prompt: What share");
    let r = checkLesson("ffs.yaml", bad, specs);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const said = r.problems.map((p) => p.message);
      expect(said).toContainEqual(expect.stringMatching(/^check\[1\]\.question\.predict: .*'point' \| 'choice' \| 'knob'/));
      expect(said).toContainEqual(expect.stringMatching(/^check\[3\]\.question\.answer: a concept check's choice is judged against the model: add checks/));
    }
    // too few questions; a stray key in a question; a knob that the system does not have
    r = checkLesson("ffs.yaml", two.replace("  - text: |\n      The new file system reads", "  - txt: |\n      The new file system reads"), specs);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const said = r.problems.map((p) => p.message).join("\n");
      expect(said).toMatch(/^check: needs at least 3 questions/m);
      expect(said).toMatch(/check\[2\]: unknown key "txt": did you mean text\?/);
    }
    const typo = base.replace("knobs: { layout: new, operation: read, bus: UNIBUS, block_size: 8192 }", "knobs: { layout: new, operation: read, bus: UNIBUS, block_sise: 8192 }");
    r = checkLesson("ffs.yaml", typo, specs);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^check\[3\]\.state\.knobs\.block_sise: is not a knob of ffs/)]);
      expect(typo.split("\n")[r.problems[0].line - 1]).toContain("block_sise");
    }
  });
});

describe("a concept check's kinds of question", () => {
  it("leave out a sketched curve: the gain judges one value a question (the server refuses it too)", () => {
    const q = (question: object) => checkQuestionSchema.safeParse({ state: { system: "lavc" }, question }).success;
    expect(q({ predict: "point", prompt: "P?", at: 50 })).toBe(true);
    expect(q({ predict: "curve", prompt: "Sketch it.", at: [50, 100, 150] })).toBe(false);
  });
});

describe("a concept check's parallel form B (check_b)", () => {
  const f = "afs-chunksize.yaml";
  it("afs-chunksize has one that pairs with form A question by question, its claims held by the models, read alike by the server", async () => {
    const r = await checkLessonWithModels(f, source(f), specs, models);
    expect(r.ok ? [] : r.problems.map(formatProblem)).toEqual([]);
    if (!r.ok) return;
    const a = r.lesson.check ?? [];
    const b = r.lesson.check_b ?? [];
    expect(b.length).toBe(a.length);
    expect(b.map((q) => q.question.predict)).toEqual(a.map((q) => q.question.predict));
    const server = python<{ predict: string; answer: number }[]>(
      "import json; from pathlib import Path; from app import lessons; print(json.dumps([{'predict': q.predict, 'answer': q.answer} for q in lessons.builtin_checks_b(Path('lessons'))['afs-chunksize']]))",
    );
    expect(server).toEqual(b.map((q) => ({ predict: q.question.predict, answer: picking(q.question)?.answer ?? 0 })));
  }, 60_000);

  it("a form B claim the model does not support is reported at its line, under check_b", async () => {
    const text = source(f);
    const broken = text.replace("at: { chunksize: 19 }\n        vs: {}\n        ratio: [1.15, 1.25]", "at: { chunksize: 19 }\n        vs: {}\n        ratio: [3.5, 4.5]");
    expect(broken).not.toBe(text);
    const r = await checkLessonWithModels(f, broken, specs, models);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/check_b\[3\]\.checks\[1\]: the model now gives a ratio of 1\.19\d* for read_kBps, outside 3\.5 to 4\.5/)]);
  }, 60_000);

  it("a form B that does not pair with form A is refused, and one without form A", () => {
    const text = source(f);
    const head = text.slice(0, text.indexOf("\ncheck_b:"));
    const formB = text.slice(text.indexOf("\ncheck_b:"));
    // question 1 of B asks for a choice where A's asks for a point
    const swapped = head + formB.replace("    question:\n      predict: point\n      prompt: Predict block read throughput at chunksize 12 (4 KB chunks).\n      at: 12", "    question:\n      predict: choice\n      prompt: Which?\n      choices: [a, b]\n      answer: 1\n      explain: The first.\n    checks:\n      - metric: read_kBps\n        range: [0, 1e9]");
    expect(swapped).not.toBe(text);
    let r = checkLesson(f, swapped, specs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^check_b\[1\]\.question: question 1 of form B asks for another kind of answer/)]);
    const noA = head.slice(0, head.indexOf("\ncheck:")) + formB;
    r = checkLesson(f, noA, specs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/^check_b: a second form of the concept check \(check_b\) needs the first/));
  });
});
