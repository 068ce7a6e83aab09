// The API's shapes, generated from the backend's OpenAPI schema (schema.gen.ts: `npm run
// api-types`; its model answers are perfmodels' own result types). Narrowed here only where
// Python's types say less than the page needs: a knob is either a choice or a number.
import type { components } from "./schema.gen";

type S = components["schemas"];

type KnobBase = Pick<S["KnobDescription"], "name" | "label" | "unit" | "meaning" | "allowed" | "active_when" | "inactive_reason" | "leaves">;

export type ChoiceKnob = KnobBase & { default: string; choices: string[] };

export type NumberKnob = KnobBase & {
  default: number;
  min: number;
  max: number;
  step: number;
  scale: "linear" | "log2";
  integer: boolean;
};

export type KnobSpec = ChoiceKnob | NumberKnob;

export const isChoice = (k: KnobSpec): k is ChoiceKnob => "choices" in k;

/** Whether a knob can change anything under these settings (`active_when`). */
export const isActive = (k: KnobSpec, values: KnobValues): boolean =>
  !k.active_when || Object.entries(k.active_when).every(([other, vs]) => vs.includes(String(values[other])));

/** Other studies' measurements of a system (/api/validation): what judges the model, never fits it. */
export type OutsideMeasurements = S["OutsideMeasurements"];
/** A memo figure the model is judged against, placed on the charts of its metric. */
export type MemoFigure = S["MemoPoint"];
export type MetricSpec = S["MetricDescription"];
/** How a memo dataset's rows sit on a system's charts (perfmodels Spec.overlay). */
export type Overlay = S["Overlay"];
export type SystemSpec = Omit<S["SystemDescription"], "knobs"> & { knobs: KnobSpec[] };

export type KnobValues = Record<string, string | number>;

export type Stage = S["Stage"];
/** A model's answer at one setting (a sweep's points carry just this). */
export type Evaluation = Pick<S["EvaluateResult"], "metrics" | "bottleneck">;
/** `evaluate` always sends the stages of the path. */
export type EvaluateResult = S["EvaluateResult"] & { stages: Stage[] };
export type SweepResult = S["SweepResult"];
export type Simulation = S["Simulation"];
/** A fit of some of a model's parameters (a user's own): name -> value, within its bounds. */
export type Params = Record<string, number>;
/** The fitted parameters a user's table leaves open: name -> [low, high], drawn as a band. */
export type Spread = Record<string, [number, number]>;
/** A user's own table read against a system, and a model fitted to it (perfmodels/fitting/owndata.py, ownfit.py). */
export type OwnTable = S["Table"];
export type OwnFit = S["OwnFit"];
export type OwnFitRow = S["OwnFitRow"];
export type TableProblem = S["TableProblem"];
/** Every knob's effect on a metric at a setting (perfmodels/sensitivity.py). */
export type Sensitivity = S["Sensitivity"];
/** A system's main curve made dimensionless, for the atlas (perfmodels/atlas.py). */
export type AtlasCurve = S["AtlasCurve"];
export type KnobEffect = S["KnobEffect"];

export type Source = S["Source"];
export type Field = S["DatasetField"];
export type Cell = string | number | null;
export type Dataset = S["Dataset"];
export type DatasetSummary = S["DatasetSummary"];

export type CardFigure = S["FitFigure"];
export type ModelCardData = S["Card"];

/** What "Save & share" sends (POST /api/scenarios). */
export type ScenarioDraft = S["ScenarioIn"];

export type SavedScenario = S["SavedScenario"];
export type CreatedScenario = S["CreatedScenario"];
