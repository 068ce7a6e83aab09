"""The shapes every system's answers take: one evaluation, a stage of its path, a sweep, a band,
a memo figure. TypedDicts, so the results stay plain JSON-able dicts (the worker's bridge and the
API send them as they are) while mypy checks every place that builds or reads them."""

from typing import Any, NotRequired, TypedDict

KnobValue = float | int | str
# A validated knob set: Spec.validate gives every knob its spec's type (a number or a choice),
# so a model reads k["rpm"] as the number it is.
Knobs = dict[str, Any]
Params = dict[str, float]
Metrics = dict[str, float | None]


class StagePart(TypedDict):
    """One kind of occupancy within a stage's busy share."""

    label: str
    utilization: float


class Stage(TypedDict):
    """One step of the path a unit of work takes, and how busy it keeps its resource."""

    name: str
    label: str
    demand: float
    unit: str
    resource: str
    # busy share of the resource in [0, 1], or None where a stage is not a queue (a lookup count)
    utilization: float | None
    bottleneck: bool
    # the kinds of occupancy the busy share adds up (FFS's disk: transferring, waiting for the
    # block), each a share in [0, 1], where a stage has more than one
    parts: NotRequired[list[StagePart]]


def stage(
    name: str,
    label: str,
    demand: float,
    unit: str,
    *,
    resource: str,
    utilization: float | None,
    bottleneck: bool = False,
    parts: list[tuple[str, float]] | None = None,
) -> Stage:
    """A Stage from its parts, so a model names each field once and mypy checks them."""
    out: Stage = {
        "name": name,
        "label": label,
        "demand": demand,
        "unit": unit,
        "resource": resource,
        "utilization": utilization,
        "bottleneck": bottleneck,
    }
    if parts:
        out["parts"] = [{"label": lb, "utilization": u} for lb, u in parts]
    return out


class Network(TypedDict):
    """A closed queueing network's state at one population (for the queueing laws)."""

    population: int
    throughput: float
    think_s: float
    demands_s: dict[str, float]
    queues: dict[str, float]


class Bound(TypedDict):
    """A bound on one metric at one setting (bounds.py): a closed network's asymptotic or
    balanced job bound, or an open path's term alone ("if only this mattered")."""

    metric: str
    name: str
    side: str  # "upper" or "lower"
    value: float


class BoundLine(TypedDict):
    """A bound along a sweep's x."""

    metric: str
    name: str
    side: str
    values: list[float | None]


class BoundsKnee(TypedDict):
    """A closed network's knee N* = (D + Z) / D_max in the x knob's unit, and the station with D_max."""

    x: float
    station: str


class Evaluation(TypedDict):
    """A model's answer at one setting. `limits`: the capacity of each metric's resource;
    `bounds`: the textbook bounds on its metrics there (bounds.py)."""

    metrics: Metrics
    bottleneck: str | None
    limits: NotRequired[dict[str, float]]
    bounds: NotRequired[list[Bound]]
    stages: NotRequired[list[Stage]]
    network: NotRequired[Network]


class EvaluateResult(Evaluation):
    system: str
    knobs: dict[str, KnobValue]


class Band(TypedDict):
    """Outcomes at both ends of an undetermined knob or fitted parameter, along x."""

    x: list[KnobValue]
    low: dict[str, list[float | None]]
    high: dict[str, list[float | None]]
    parameter: NotRequired[bool]
    label: NotRequired[str]


class Knee(TypedDict):
    """Where along a sweep's x the pace setter turns from a window or the users to a resource
    (pace.py): the curve's one saturation point, from the model, not from the sweep's grid."""

    x: float
    resource: str


class SweepResult(TypedDict):
    system: str
    knobs: dict[str, KnobValue]
    x_knob: str
    x: list[KnobValue]
    metrics: dict[str, list[float | None]]
    bottleneck: list[str | None]
    limits: dict[str, list[float | None]]
    band: dict[str, Band]
    knee: Knee | None
    bounds: list[BoundLine]
    bounds_knee: BoundsKnee | None


class Observation(TypedDict):
    """A memo figure the model is judged against: where it was measured and what it says."""

    config: dict[str, KnobValue]
    config_id: str
    metric: str
    value: float
    secondary: bool
    dataset: str
    figure: str
    # where the memo does not say exactly where it measured: a knob's range it lies in
    x_range: NotRequired[dict[str, list[float]]]


class MemoPoint(TypedDict):
    knobs: dict[str, KnobValue]
    metric: str
    value: float
    printed: str
    citation: str
    x_range: NotRequired[dict[str, list[float]]]


class KnobDescription(TypedDict):
    """A knob as a user interface needs it: a choice (choices) or a number (min to max)."""

    name: str
    label: str
    unit: str
    default: KnobValue
    meaning: str
    # what values are allowed, in words (every interface shows this same text)
    allowed: str
    choices: NotRequired[list[str]]
    min: NotRequired[float | None]
    max: NotRequired[float | None]
    step: NotRequired[float | None]
    scale: NotRequired[str]
    integer: NotRequired[bool]
    active_when: NotRequired[dict[str, list[str]]]
    inactive_reason: NotRequired[str]


class MetricDescription(TypedDict):
    name: str
    label: str
    unit: str
    share: bool


class OverlayMetric(TypedDict):
    field: str
    scale: float
    note: NotRequired[str]


class Overlay(TypedDict):
    """How a memo dataset's rows sit on a system's charts."""

    dataset: str
    knobs: dict[str, str]
    metrics: dict[str, OverlayMetric]


class ParamDescription(TypedDict):
    """A parameter calibration fits, as a page offers it to fit to a user's own table."""

    name: str
    label: str
    min: float
    max: float


class SpecDescription(TypedDict):
    id: str
    title: str
    question: str
    knobs: list[KnobDescription]
    metrics: list[MetricDescription]
    x_default: str
    y_default: str
    stages: list[str]
    unknowns: list[str]
    overlay: Overlay | None
    per_default: str | None
    # the parameters a user's own measurements may refit (the memo's calibration fits them)
    params: list[ParamDescription]


class SystemDescription(SpecDescription):
    memo_points: list[MemoPoint]


class FitFigure(Observation):
    """One memo figure in a calibration report: what the model gives there and how far off."""

    model: float | None
    error_percent: float
    baseline_error_percent: float | None
    # the distinct input this figure belongs to (rows the model cannot tell apart share it)
    input: str
    loco_error_percent: NotRequired[float]


class ErrorSummary(TypedDict):
    n: int
    median_abs: float | None
    max_abs: float | None


class FitSummary(TypedDict):
    configurations: int
    distinct_inputs: int
    distinct_figures: int
    fitted_parameters: int
    in_sample: ErrorSummary
    secondary: ErrorSummary
    leave_one_configuration_out: ErrorSummary | None
    leave_one_configuration_out_secondary: ErrorSummary | None
    baseline_nearest_figure: ErrorSummary


class Card(TypedDict):
    """What a model card shows: the mechanism, the parameters and the calibration report."""

    system: str
    title: str
    doc: str
    fitted: list[str]
    # each fitted parameter in plain words, with its unit
    parameter_labels: dict[str, str]
    params: dict[str, float]
    ranges: dict[str, list[float]]
    undetermined: list[str]
    fixed: dict[str, float]
    summary: FitSummary | None
    figures: list[FitFigure]
    unknowns: list[str]
    secondary_note: str | None
    known_misses: dict[str, str]


class TableColumn(TypedDict):
    """A column of a user's own table: what its header names (None: neither a knob nor a
    metric), the unit it was given in and the factor to the declared unit."""

    header: str
    name: str | None
    kind: str | None  # "knob" or "metric"
    unit: str
    factor: float


class TableRow(TypedDict):
    line: int  # its line in the text (its place, for JSON rows)
    knobs: dict[str, Any]
    metrics: dict[str, float]


class TableProblem(TypedDict):
    line: int  # 1-based line of the text; 0 for the whole table
    column: int | None  # 0-based column; None for the whole line
    message: str


class Table(TypedDict):
    """A user's own table read against a system (owndata.py): only a table with no problems is fitted."""

    columns: list[TableColumn]
    rows: list[TableRow]
    problems: list[TableProblem]
    # the knobs no column gives, at the setting on screen
    held: dict[str, Any]


class OwnFitRow(TypedDict):
    """One measured value of a user's table, and how the fit and the memo's model meet it."""

    line: int
    metric: str
    measured: float
    fitted: float | None
    memo_model: float | None
    error_percent: float | None
    baseline_percent: float | None
    left_out_percent: NotRequired[float | None]


class OwnFitWarning(TypedDict):
    kind: str  # "undetermined" (a value the table cannot pin) or "unreached" (data beyond the model)
    name: str | None
    message: str


class OwnFitSummary(TypedDict):
    in_sample: ErrorSummary
    baseline: ErrorSummary
    leave_one_out: NotRequired[ErrorSummary]


class OwnFit(TypedDict):
    """A model fitted to a user's own table (ownfit.py)."""

    system: str
    # what was fitted (parameters and knobs), and the values found
    fitted: list[str]
    best: dict[str, float]
    # every parameter the model runs with (the memo's where not fitted), and fitted knobs
    params: dict[str, float]
    knobs: dict[str, float]
    # each fitted value's range of equally good values (loss within 1 % of the best)
    ranges: dict[str, list[float]]
    loss: float
    rows: list[OwnFitRow]
    summary: OwnFitSummary
    warnings: list[OwnFitWarning]
    held: NotRequired[dict[str, Any]]


class KnobEffect(TypedDict):
    """One knob's effect on a metric at a setting (sensitivity.py)."""

    name: str
    label: str
    # whether the knob matters at this setting; if not, why (and nothing else is given)
    active: bool
    reason: NotRequired[str]
    # d ln metric / d ln knob at the setting (numeric knobs; None where it has no meaning)
    elasticity: NotRequired[float | None]
    # the metric at the knob's two ends (or the least and most over the choices), others held
    low: NotRequired[float | None]
    high: NotRequired[float | None]
    choices: NotRequired[dict[str, float | None]]


class Sensitivity(TypedDict):
    system: str
    metric: str
    value: float | None
    knobs: list[KnobEffect]
    # what sets the pace here (pace.py), and the knob that moves it most (None: nothing limits)
    bottleneck: str | None
    cause: str | None


def observation(
    config: dict[str, KnobValue],
    config_id: str,
    metric: str,
    value: float,
    *,
    dataset: str,
    figure: str,
    secondary: bool = False,
    x_range: dict[str, list[float]] | None = None,
) -> Observation:
    """An Observation from its parts: where the memo measured (`config`, named `config_id`),
    which metric and what it printed, and where in the memo (`dataset`, `figure`)."""
    out: Observation = {
        "config": config,
        "config_id": config_id,
        "metric": metric,
        "value": value,
        "secondary": secondary,
        "dataset": dataset,
        "figure": figure,
    }
    if x_range is not None:
        out["x_range"] = x_range
    return out
