// Shapes of what perfmodels returns (describe, evaluate, sweep) and of the memo datasets.

export interface ChoiceKnob {
  name: string;
  label: string;
  unit: string;
  default: string;
  meaning: string;
  choices: string[];
}

export interface NumberKnob {
  name: string;
  label: string;
  unit: string;
  default: number;
  meaning: string;
  min: number;
  max: number;
  step: number;
  scale: "linear" | "log2";
  integer: boolean;
}

export type KnobSpec = ChoiceKnob | NumberKnob;

export const isChoice = (k: KnobSpec): k is ChoiceKnob => "choices" in k;

export interface MetricSpec {
  name: string;
  label: string;
  unit: string;
}

/** How a memo dataset's rows sit on a system's charts (perfmodels Spec.overlay). */
export interface Overlay {
  dataset: string;
  /** knob name -> dataset field holding that knob's setting */
  knobs: Record<string, string>;
  /** metric name -> dataset field measuring it, times scale */
  metrics: Record<string, { field: string; scale: number; note?: string }>;
}

export interface SystemSpec {
  id: string;
  title: string;
  question: string;
  knobs: KnobSpec[];
  metrics: MetricSpec[];
  x_default: string;
  y_default: string;
  stages: string[];
  overlay: Overlay | null;
}

export type KnobValues = Record<string, string | number>;

export interface Stage {
  name: string;
  demand_ms: number;
  utilization: number;
  station_utilization: number;
  bottleneck: boolean;
}

/** A model's answer at one setting (a sweep's points carry just this). */
export interface Evaluation {
  metrics: Record<string, number>;
  bottleneck: string;
}

export interface EvaluateResult extends Evaluation {
  system: string;
  knobs: KnobValues;
  stages: Stage[];
}

export interface SweepResult {
  system: string;
  knobs: KnobValues;
  x: string;
  points: (Evaluation & { x: number | string })[];
}

export interface Source {
  id: string;
  title: string;
  authors: string;
  date: string;
  archive: string;
  memo_file: string;
}

export interface Field {
  name: string;
  title: string;
  type: "string" | "integer" | "number";
  unit: string | null;
  /** false when printed in the memo; otherwise how the value was obtained */
  derived: string | false;
  description: string;
}

export type Cell = string | number | null;

export interface Dataset {
  id: string;
  title: string;
  description: string;
  source: Source;
  fields: Field[];
  rows: Record<string, Cell>[];
}

export interface DatasetSummary {
  id: string;
  title: string;
  source: string;
  figures: number;
  rows: number;
}
