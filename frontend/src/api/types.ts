// Shapes of what perfmodels returns (describe, evaluate, sweep) and of the memo datasets.

/** A knob that matters only under other settings: {other knob: values where it matters}. */
interface Conditional {
  active_when?: Record<string, string[]>;
  /** why it does nothing elsewhere */
  inactive_reason?: string;
}

export interface ChoiceKnob extends Conditional {
  name: string;
  label: string;
  unit: string;
  default: string;
  meaning: string;
  choices: string[];
}

export interface NumberKnob extends Conditional {
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

/** Whether a knob can change anything under these settings (see Conditional). */
export const isActive = (k: KnobSpec, values: KnobValues): boolean =>
  !k.active_when || Object.entries(k.active_when).every(([other, vs]) => vs.includes(String(values[other])));

/** A memo figure the model is judged against, placed on the charts of its metric. */
export interface MemoFigure {
  /** the full setting it was measured at */
  knobs: KnobValues;
  metric: string;
  value: number;
  printed: string;
  citation: string;
  /** where the memo does not say exactly where it measured: a knob's range it lies in */
  x_range?: Record<string, [number, number]>;
}

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
  unknowns: string[];
  overlay: Overlay | null;
  /** memo figures for the metrics the overlay does not draw */
  memo_points?: MemoFigure[];
}

export type KnobValues = Record<string, string | number>;

export interface Stage {
  name: string;
  label: string;
  demand: number;
  unit: string;
  resource: string;
  /** busy share of the resource, or null where a stage is not a queue (a lookup count, say) */
  utilization: number | null;
  bottleneck: boolean;
}

/** A model's answer at one setting (a sweep's points carry just this). */
export interface Evaluation {
  metrics: Record<string, number | null>;
  bottleneck: string | null;
}

export interface EvaluateResult extends Evaluation {
  system: string;
  knobs: KnobValues;
  stages: Stage[];
}

export interface SweepResult {
  system: string;
  knobs: KnobValues;
  x_knob: string;
  x: (number | string)[];
  /** null where a metric has no finite value (a saturated server, say) */
  metrics: Record<string, (number | null)[]>;
  bottleneck: (string | null)[];
  /** outcomes at both ends of each knob the memo leaves undetermined, and of each fitted
   * parameter it does not pin down (`parameter: true`) */
  band: Record<string, { x: (number | string)[]; low: Record<string, (number | null)[]>; high: Record<string, (number | null)[]>; parameter?: boolean; label?: string }>;
  /** what a resource can carry, per metric that has a capacity, at each x */
  limits?: Record<string, (number | null)[]>;
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

export interface CardFigure {
  config: KnobValues;
  config_id: string;
  metric: string;
  value: number;
  secondary: boolean;
  figure: string;
  model: number;
  error_percent: number;
  baseline_error_percent: number | null;
  loco_error_percent?: number;
}

interface ErrorSummary {
  n: number;
  median_abs: number | null;
  max_abs: number | null;
}

export interface ModelCardData {
  system: string;
  title: string;
  doc: string;
  fitted: string[];
  params: Record<string, number>;
  /** per fitted parameter, the values whose fit is as good (within 1 %) */
  ranges?: Record<string, [number, number]>;
  /** fitted parameters the memo does not pin down: drawn as bands */
  undetermined?: string[];
  fixed: Record<string, number>;
  unknowns: string[];
  /** why the model makes no prediction for a second quantity the memo gives, if it does not */
  secondary_note: string | null;
  /** fidelity bars the model does not reach, with the reason */
  known_misses: Record<string, string>;
  summary: {
    configurations: number;
    distinct_inputs?: number;
    distinct_figures?: number;
    fitted_parameters: number;
    in_sample: ErrorSummary;
    secondary: ErrorSummary;
    leave_one_configuration_out: ErrorSummary | null;
    baseline_nearest_figure: ErrorSummary;
  } | null;
  figures: CardFigure[];
}

/** What "Save & share" sends (POST /api/scenarios). */
export interface ScenarioDraft {
  system: string;
  knobs: KnobValues;
  x: string;
  y: string;
  baseline: KnobValues | null;
  title: string;
  notes: string;
  public: boolean;
}

export interface SavedScenario extends ScenarioDraft {
  slug: string;
  models_version: string;
  created_at: string;
  models_version_now?: string;
  models_changed?: boolean;
}

export interface CreatedScenario {
  slug: string;
  url: string;
  delete_token: string;
  scenario: SavedScenario;
}
