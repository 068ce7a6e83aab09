// A lesson step's chart as marks (chart/marks/): until the answer is out, only the axes, a pinned
// baseline, the learner's prediction or sketch and the class's predictions; then the model's
// curve and all it brings (with a class's sketches, and a simulation step's simulated points).
import type { BoundView, KneePoint, KneeView, SaturationPoint } from "../chart/curves";
import type { BandPoint, SeriesPoint } from "../chart/geometry";
import { bandMark } from "../chart/marks/band";
import { baselineMark } from "../chart/marks/baseline";
import { boundsMark } from "../chart/marks/bounds";
import { capacityMark } from "../chart/marks/capacity";
import { kneeMark } from "../chart/marks/knee";
import { crowdMark } from "../chart/marks/crowd";
import { currentMark } from "../chart/marks/current";
import type { Axes, Mark } from "../chart/marks/mark";
import { memoMark } from "../chart/marks/memo";
import { modelMark } from "../chart/marks/model";
import { type Prediction, predictionMark } from "../chart/marks/prediction";
import { type Sketch, sketchMark } from "../chart/marks/sketch";
import { type ClassSketch, classSketchMark } from "../chart/marks/classSketch";
import { regionsMark } from "../chart/marks/regions";
import { saturationMark } from "../chart/marks/saturation";
import { type SimulatedView, simulatedMark } from "../chart/marks/simulated";
import type { MemoPoint } from "../chart/memoPoints";

export interface StepChart {
  revealed: boolean;
  curve: SeriesPoint[];
  band: BandPoint[];
  bandNames: string[];
  limit: SeriesPoint[];
  /** where the pace setter turns into a resource (curves.ts kneeOf) */
  knee: KneePoint | null;
  /** where a resource saturates, >= 95 % busy (curves.ts saturationOf) */
  saturation: SaturationPoint | null;
  /** drawn on a step about them, once revealed */
  bounds: { lines: BoundView[]; knee: KneeView | null } | null;
  baseline: SeriesPoint[] | null;
  memo: MemoPoint[];
  currentX: number;
  currentY: number;
  prediction?: Prediction;
  /** a class's predictions at one x */
  crowd?: { x: number; ys: number[] };
  /** the learner's sketch of the whole curve */
  sketch?: Sketch;
  /** a class's sketches, once revealed: their median and middle half */
  classSketch?: ClassSketch;
  /** a simulation step's runs beside the curve, once revealed (useStepSimulation.ts) */
  simulated?: SimulatedView | null;
}

export function stepMarks(a: Axes, c: StepChart): Mark[] {
  const shown = c.revealed;
  const curve = shown ? c.curve : [];
  const limit = shown ? c.limit : [];
  const sat = shown ? c.saturation : null;
  const knee = shown ? c.knee : null;
  return [
    regionsMark(a, curve, knee),
    bandMark(a, shown ? c.band : [], c.bandNames),
    ...(shown && c.classSketch ? [classSketchMark(a, c.classSketch)] : []),
    capacityMark(a, { limit, curve, saturation: sat }),
    ...(shown && c.bounds ? [boundsMark(a, { ...c.bounds, currentX: c.currentX, kneeMarked: !!knee?.nStar })] : []),
    modelMark(a, { points: curve }),
    ...(c.baseline ? [baselineMark(a, { points: c.baseline, curve, currentX: c.currentX })] : []),
    currentMark(c.currentX, shown ? c.currentY : Number.NaN),
    ...(knee ? [kneeMark(a, knee, sat)] : []),
    ...(sat ? [saturationMark(a, sat)] : []),
    ...(c.crowd ? [crowdMark(a, c.crowd.x, c.crowd.ys, shown)] : []),
    ...(c.prediction ? [predictionMark(a, c.prediction)] : []),
    ...(c.sketch ? [sketchMark(c.sketch)] : []),
    memoMark(a, shown ? c.memo : [], curve),
    ...(shown && c.simulated ? [simulatedMark(a, c.simulated)] : []),
  ];
}
