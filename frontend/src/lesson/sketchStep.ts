// What a curve question (`predict: curve`) adds to a step: the model's values where the sketch is
// read, the learner's sketch on the chart, and a class's sketches once revealed (their median and
// middle half, lesson/sketch.ts).
import type { KnobValues } from "../api/types";
import type { ClassSketch } from "../chart/marks/classSketch";
import type { Sketch } from "../chart/marks/sketch";
import type { ModelClient } from "../runtime/ModelClient";
import { useLatest } from "../view/useLatest";
import type { Question } from "./format";
import type { StepAnswer } from "./progress";
import { sketchBand, snap } from "./sketch";

/** The model's values of `y` at the sketch's x values (null until known, or without a sketch),
 * in one request in a background lane: a sweep at those values, each equal to the model's
 * value there as the server judges a sketch by it (classes/report.py). */
export function useCurveModel(client: ModelClient, system: string, xs: number[] | null, knobs: KnobValues, x: string, y: string): number[] | null {
  const key = xs ? `${system}|curve|${JSON.stringify(knobs)}|${x}|${xs.join(",")}` : null;
  const got = useLatest(key, () => client.at(system, knobs, x, xs!, "sketch"));
  return xs && got.value ? xs.map((_, i) => got.value!.metrics[y]?.[i] ?? Number.NaN) : null;
}

/** The learner's sketch to draw: the answer shown (a draft while open), editable while they may
 * answer; none on the teacher's projector or for another kind of question. */
export function sketchOf(q: Question | undefined, shown: StepAnswer | null, onChange: ((ys: number[]) => void) | undefined, teacher: boolean, top: number | undefined): Sketch | undefined {
  if (q?.predict !== "curve" || teacher) return undefined;
  const ys = shown?.kind === "curve" ? shown.ys : q.at.map(() => Number.NaN);
  // each value drawn put on the sliders' grid (sketch.ts snap), as a slider sets it
  return { xs: q.at, ys, onChange: onChange && top !== undefined ? (v) => onChange(v.map((y, i) => (y === ys[i] ? y : snap(y, top)))) : undefined };
}

/** The class's sketches as drawn once revealed: `perX`, each x's values (the server's spread, or
 * the teacher's room's answers: sketch.ts byX). */
export function classSketchOf(q: Question | undefined, revealed: boolean, sketches: { perX: number[][]; count: number } | undefined): ClassSketch | undefined {
  if (q?.predict !== "curve" || !revealed || !sketches?.count || sketches.perX.length !== q.at.length) return undefined;
  return { xs: q.at, ...sketchBand(sketches.perX), count: sketches.count };
}

/** A sketch in words, for what is said when it is sent. */
export const sketchWords = (ys: number[]) => `your sketch through ${ys.length} points`;
