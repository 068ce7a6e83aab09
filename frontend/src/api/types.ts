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

export interface SystemSpec {
  id: string;
  title: string;
  question: string;
  knobs: KnobSpec[];
  metrics: MetricSpec[];
  x_default: string;
  y_default: string;
  dataset: string | null;
  stages: string[];
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

export interface DatasetRecord {
  column: string;
  value: number;
  unit: string;
  citation: string;
  run: string;
  [knob: string]: string | number;
}

export interface MetricMapping {
  metric: string;
  scale: number;
  note?: string;
}

export interface Dataset {
  id: string;
  title: string;
  document: string;
  records: DatasetRecord[];
  metric_map?: Record<string, MetricMapping>;
}
