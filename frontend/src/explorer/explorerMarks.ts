// The explorer's chart as marks (chart/marks/): what it draws, back to front, from the model's
// answers, the memo, a pinned baseline and the user's own table. The chart, its legend, its
// description, its table, its sound and the exports all read this one list.
import type { KnobSpec, KnobValues } from "../api/types";
import type { BoundView, KneePoint, KneeView, SaturationPoint } from "../chart/curves";
import type { BandPoint, SeriesPoint } from "../chart/geometry";
import { bandMark } from "../chart/marks/band";
import { baselineMark } from "../chart/marks/baseline";
import { boundsMark } from "../chart/marks/bounds";
import { capacityMark } from "../chart/marks/capacity";
import { kneeMark } from "../chart/marks/knee";
import { currentMark } from "../chart/marks/current";
import type { Axes, Mark } from "../chart/marks/mark";
import { memoMark } from "../chart/marks/memo";
import { modelMark } from "../chart/marks/model";
import { originalMark } from "../chart/marks/original";
import { outsideMark } from "../chart/marks/outside";
import { type OwnPoint, ownMark } from "../chart/marks/own";
import { regionsMark } from "../chart/marks/regions";
import { saturationMark } from "../chart/marks/saturation";
import { seriesMark } from "../chart/marks/series";
import { type SimulatedView, simulatedMark } from "../chart/marks/simulated";
import type { MemoPoint } from "../chart/memoPoints";
import type { OutsidePoint } from "../chart/outsidePoints";
import type { NamedSeries } from "../chart/readout";
import { formatSetting } from "../format";

export interface ExplorerChart {
  curve: SeriesPoint[];
  /** the model curve's name beside others (a choice's value, "your fit") */
  curveLabel: string | null;
  fitted: boolean;
  band: BandPoint[];
  bandNames: string[];
  limit: SeriesPoint[];
  /** where the pace setter turns into a resource (curves.ts kneeOf) */
  knee: KneePoint | null;
  /** where a resource saturates, >= 95 % busy (curves.ts saturationOf) */
  saturation: SaturationPoint | null;
  /** drawn only when asked for and known */
  bounds: { lines: BoundView[]; knee: KneeView | null } | null;
  /** "one curve per": the knob's label and its other values' curves */
  per: { knob: string; series: NamedSeries[] } | null;
  /** the memo's calibration beside a user's own fit */
  calibration: SeriesPoint[];
  baseline: { knobs: KnobValues; points: SeriesPoint[]; at: { x: number; y: number } | null } | null;
  /** with an edited model (the workbench's): the original's curve, dashed under the edit's */
  original: SeriesPoint[] | null;
  knobs: KnobSpec[];
  values: KnobValues;
  currentX: number;
  currentY: number;
  memo: MemoPoint[];
  own: { points: OwnPoint[]; elsewhere: number | null };
  /** other studies' measurements at this setting, and how many at others (null: none exist) */
  outside: { points: OutsidePoint[]; elsewhere: number | null };
  /** the simulation's points, with their intervals (explorer/useSimulation.ts) */
  simulated: SimulatedView | null;
}

export function explorerMarks(a: Axes, c: ExplorerChart): Mark[] {
  const perSeries = c.per?.series ?? [];
  const beside = perSeries.length > 0 || c.calibration.length > 0;
  const { knee, saturation: sat } = c;
  return [
    regionsMark(a, c.curve, knee),
    bandMark(a, c.band, c.bandNames),
    capacityMark(a, { limit: c.limit, curve: c.curve, saturation: sat }),
    ...(c.bounds ? [boundsMark(a, { ...c.bounds, currentX: c.currentX, kneeMarked: !!knee?.nStar })] : []),
    seriesMark(a, { id: "per", series: perSeries, per: c.per && c.curveLabel !== null ? { knob: c.per.knob, curveLabel: c.curveLabel } : undefined }),
    ...(c.calibration.length ? [seriesMark(a, { id: "calibration", series: [{ label: "memo's calibration", points: c.calibration }], from: perSeries.length })] : []),
    ...(c.original ? [originalMark(a, { points: c.original, edited: c.curve, currentX: c.currentX })] : []),
    modelMark(a, { points: c.curve, label: c.curveLabel, fitted: c.fitted, beside }),
    ...(c.baseline ? [baselineMark(a, { ...c.baseline, settings: baselineDifferences(c.knobs, c.values, c.baseline.knobs).join(", "), curve: c.curve, currentX: c.currentX })] : []),
    currentMark(c.currentX, c.currentY),
    ...(knee ? [kneeMark(a, knee, sat)] : []),
    ...(sat ? [saturationMark(a, sat)] : []),
    memoMark(a, c.memo, c.curve),
    outsideMark(a, c.outside.points, c.outside.elsewhere),
    simulatedMark(a, c.simulated),
    ownMark(a, c.own.points, c.own.elsewhere),
  ];
}

/** The baseline's settings that differ from the current ones (all of them would be noise). */
export function baselineDifferences(knobs: KnobSpec[], now: KnobValues, base: KnobValues): string[] {
  return knobs.filter((k) => base[k.name] !== now[k.name]).map((k) => formatSetting(k.label, base[k.name], k.unit));
}
