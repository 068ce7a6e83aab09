// Lesson files: every shipped lesson passes the schema and names valid explorer states against
// the real models; bad files are reported with their file, line and reason.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { findFigure } from "../../src/lesson/memoFigure";
import { checkLesson, formatProblem, MAX_LESSON_BYTES, type Lesson } from "../../src/lesson/checkLesson";
import { MAX_CHECK, MAX_CHOICES, MAX_SKETCH_POINTS, MAX_STEPS, MIN_CHECK, MIN_SKETCH_POINTS } from "../../src/lesson/format";
import { dataset, python, ROOT } from "../fixtures/python";

const specs = python<Record<string, SystemSpec>>(
  "import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))",
);
const dir = `${ROOT}lessons`;
const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));
const shipped = files.map((f) => {
  const r = checkLesson(`lessons/${f}`, readFileSync(`${dir}/${f}`, "utf8"), specs);
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
  return [f, r.lesson] as [string, Lesson];
});
const fixture = (name: string) => readFileSync(`${ROOT}frontend/tests/lesson/fixtures/${name}`, "utf8");

describe("shipped lessons", () => {
  it("cover every memo, with 5 to 10 steps each and ids that match their files", () => {
    const memos = new Set(shipped.map(([, l]) => l.memo));
    for (const m of ["tops20-decnet", "rsx11m-tuning", "bsd-ffs", "lavc", "openafs-chunksize"]) expect(memos).toContain(m);
    for (const [f, l] of shipped) {
      expect(`${l.id}.yaml`).toBe(f);
      expect(l.steps.length).toBeGreaterThanOrEqual(5);
      expect(l.steps.length).toBeLessThanOrEqual(10);
    }
  });

  it("ask questions, at least two per lesson, including a prediction on the chart", () => {
    for (const [, l] of shipped) {
      const qs = l.steps.flatMap((s) => (s.question ? [s.question] : []));
      expect(qs.length, l.id).toBeGreaterThanOrEqual(2);
      expect(qs.some((q) => q.predict === "point"), l.id).toBe(true);
    }
  });

  it("ask for the whole curve, sketched, in at least two lessons, each at five values of the step's x", () => {
    const asking = shipped.flatMap(([, l]) => l.steps.flatMap((s) => (s.question?.predict === "curve" ? [[l.id, s.question.at.length]] : [])));
    expect(new Set(asking.map(([id]) => id)).size).toBeGreaterThanOrEqual(2);
    expect(asking.every(([, n]) => n === 5)).toBe(true);
  });

  it("ask which knob matters most in at least three lessons, and draw the knee N* in the LAVC lesson", () => {
    const asking = shipped.filter(([, l]) => l.steps.some((s) => s.question?.predict === "knob"));
    expect(asking.length).toBeGreaterThanOrEqual(3);
    const lavc = shipped.find(([, l]) => l.id === "lavc-capacity")![1];
    expect(lavc.steps.some((s) => s.state.bounds === true && (s.state.x ?? "users") === "users" && /N\*/.test(s.text))).toBe(true);
  });

  it("refuses a knob question whose answer is not among its knobs, or that names a knob twice", () => {
    const base = readFileSync(`${dir}/decnet-link-quota.yaml`, "utf8");
    for (const [bad, said] of [
      ["answer: link_quota", /question.answer: must be one of the knobs in among/],
      ["among: [link_quota, buffer_size, copy_us_per_byte]", /question.among: names a knob twice/],
    ] as const) {
      const text = bad.startsWith("answer")
        ? base.replace("answer: link_quota", "answer: circuit")
        : base.replace("among: [link_quota, buffer_size, copy_us_per_byte]", "among: [link_quota, buffer_size, buffer_size]");
      const r = checkLesson("d.yaml", text, specs);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems.map(formatProblem).join("\n")).toMatch(said);
    }
  });

  it("name memo figures that exist, as numbers with a citation", () => {
    const refs = shipped.flatMap(([, l]) => l.steps.flatMap((s) => (s.question?.memo ? [s.question.memo] : [])));
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const fig = findFigure(dataset(ref.dataset), ref);
      expect(fig, JSON.stringify(ref)).not.toBeNull();
      expect(fig!.citation).toMatch(/RSX|:/);
    }
  });
});

describe("checking a lesson file", () => {
  it("reports a YAML syntax error at its line", () => {
    const r = checkLesson("syntax-error.yaml", fixture("syntax-error.yaml"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0].file).toBe("syntax-error.yaml");
    expect(r.problems[0].line).toBeGreaterThanOrEqual(7);
  });

  it("reports each schema problem at the line of the key", () => {
    const r = checkLesson("schema-errors.yaml", fixture("schema-errors.yaml"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.problems.map(formatProblem);
    expect(text).toContainEqual(expect.stringMatching(/^schema-errors.yaml:8:5: steps\[1\]: unknown key "colour". The keys allowed here are title, text, state, question, after, checks$/));
    expect(text).toContainEqual(expect.stringMatching(/^schema-errors.yaml:17:7: steps\[2\].question.answer: must name one of the choices/));
    expect(text).toContainEqual(expect.stringMatching(/^schema-errors.yaml:19:5: steps\[3\].text: is missing \(required\): what the step says/));
  });

  it("checks explorer states against the systems: knob names, values, axes and the predicted x", () => {
    const base = readFileSync(`${dir}/decnet-link-quota.yaml`, "utf8");
    const bad = base.replace("knobs: { circuit: CI, test: SENDER/SERVER, link_quota: 4 }", "knobs: { circuit: CI, link_quota: 3, speed: 9 }")
      .replace("      at: 4\n", "      at: 400\n")
      .replace(/y: throughput_bps/, "y: goodput");
    const r = checkLesson("d.yaml", bad, specs);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.problems.map(formatProblem).join("\n");
    expect(text).toMatch(/steps\[1\]\.state\.y: must be a metric of decnet/);
    expect(text).toMatch(/steps\[2\]\.state\.knobs\.link_quota: must be an integer from 2 to 64 in steps of 2/);
    expect(text).toMatch(/steps\[2\]\.state\.knobs\.speed: is not a knob of decnet/);
    expect(text).toMatch(/steps\[2\]\.question\.at: must lie on the x axis, from 2 to 64/);
  });

  it("refuses files that are too large, duplicate keys, and an unknown system", () => {
    const big = checkLesson("big.yaml", `id: x\n# ${"x".repeat(MAX_LESSON_BYTES)}\n`);
    expect(big.ok || big.problems[0].message).toMatch(/larger than 64 KB/);
    const dup = checkLesson("dup.yaml", "id: a\nid: b\n");
    expect(dup.ok || dup.problems[0].line).toBe(2);
    const sys = checkLesson("sys.yaml", fixture("schema-errors.yaml").replace(/system: lavc/g, "system: vax").replace("    colour: red\n", "").replace("answer: 4", "answer: 3").replace("  - title: No text\n    state: { system: vax }\n", ""), specs);
    expect(sys.ok || formatProblem(sys.problems[0])).toMatch(/^sys.yaml:8:\d+: steps\[1\]\.state\.system: is not a system of Memo Lab/);
  });
});

describe("what a step may ask", () => {
  const lesson = (step: string) => `id: t
title: T
memo: tops20-decnet
summary: S
steps:
${step}`;
  const point = (knobs: string, text = "Look at the chart.") => `  - title: A
    text: ${text}
    state: { system: decnet, knobs: { ${knobs} }, x: link_quota, y: throughput_bps }
    question: { predict: point, prompt: Predict it., at: 32 }
`;

  it("a point question asks about the step's own setting of x", () => {
    const wrong = checkLesson("t.yaml", lesson(point("circuit: CI")), specs);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.problems[0].message).toContain("must be the step's own link_quota (16, its default)");
    expect(checkLesson("t.yaml", lesson(point("circuit: CI, link_quota: 32")), specs).ok).toBe(true);
  });

  it("a curve question is read at 3 to 8 values of the step's x, in increasing order", () => {
    const curve = (at: string) => `  - title: A
    text: Look at the chart.
    state: { system: decnet, knobs: { circuit: CI }, x: link_quota, y: throughput_bps }
    question: { predict: curve, prompt: Sketch it., at: ${at} }
`;
    expect(checkLesson("t.yaml", lesson(curve("[4, 16, 32, 48, 64]")), specs).ok).toBe(true);
    for (const [at, said] of [
      ["[4, 16]", /question.at: needs at least 3 x values/],
      ["[2, 4, 6, 8, 10, 12, 14, 16, 18]", /question.at: has at most 8 x values/],
      ["[4, 32, 16]", /question.at: must list the x values in increasing order, each once/],
      ["[4, 16, 16]", /question.at: must list the x values in increasing order, each once/],
      ["[4, 17, 32]", /question.at\[2\]: must be a value of link_quota: an integer from 2 to 64 in steps of 2/],
      ["[4, 16, 96]", /question.at\[3\]: must be a value of link_quota/],
      ["12", /question.at: must be a list/],
    ] as const) {
      const r = checkLesson("t.yaml", lesson(curve(at)), specs);
      expect(r.ok, at).toBe(false);
      if (!r.ok) expect(r.problems.map(formatProblem).join("\n"), at).toMatch(said);
    }
  });

  it("the text asks for no control the step does not offer", () => {
    for (const text of ["Pin the CI as a baseline.", "The CI is fast. Raise the quota and watch.", "Switch the y axis to CPU."]) {
      const r = checkLesson("t.yaml", lesson(point("link_quota: 32", JSON.stringify(text))), specs);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.problems[0].message).toContain("a control a lesson step does not offer");
    }
    expect(checkLesson("t.yaml", lesson(point("link_quota: 32", "The dashed curve is the CI; raise your hand if unsure.")), specs).ok).toBe(true);
  });
});

describe("the lesson format's limits", () => {
  it("are the server's: file size, steps, choices, a concept check's questions and a sketch's points", () => {
    const server = python<Record<string, number>>(
      "import json; from app import lessons; print(json.dumps({k: getattr(lessons, k) for k in ('MAX_LESSON_BYTES', 'MAX_STEPS', 'MAX_CHOICES', 'MIN_CHECK', 'MAX_CHECK', 'MIN_SKETCH_POINTS', 'MAX_SKETCH_POINTS')}))",
    );
    expect(server).toEqual({ MAX_LESSON_BYTES, MAX_STEPS, MAX_CHOICES, MIN_CHECK, MAX_CHECK, MIN_SKETCH_POINTS, MAX_SKETCH_POINTS });
  });
});
