"""What a page is told about a system: its description (knobs, metrics, memo overlay and
refittable parameters, read from specs/{system}.toml by knobs.py, with the memo points on its
charts) and its model card."""

from typing import NotRequired, TypedDict

from .answers import KnobValue
from .memo import FitFigure, FitSummary, MemoPoint


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
    # the metrics the knob never changes in the model (the explorer says so when one is plotted)
    leaves: NotRequired[list[str]]


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


class Simulated(TypedDict):
    """Whether the model's mechanism is simulated (the explorer's Simulate), and in words what of
    it, or why not."""

    simulated: bool
    words: str


class SystemDescription(SpecDescription):
    memo_points: list[MemoPoint]
    simulation: Simulated


class ValidationLine(TypedDict):
    """How the model fares on one outside source's rows (rows it never saw), beside
    copying the memo's nearest figure: absolute errors in percent."""

    source: str
    citation: str
    caveat: str  # what the source does not describe, or how it differs from the memo's system
    metric: str  # or "all": the source's rows together, a quantity each
    rows: int
    model_median_abs: float
    model_max_abs: float
    # the rows whose quantity the memo gives a figure of, and the baseline's errors on them
    baseline_rows: int
    baseline_median_abs: float | None
    baseline_max_abs: float | None


class HardwareFigure(TypedDict):
    figure: str
    value: float | str  # a number, or "calibrated", "cpu", "typical" (perfmodels/hardware)
    source: str


class HardwarePart(TypedDict):
    """A part a hardware knob names, and where each of its figures comes from."""

    knob: str
    name: str
    label: str
    figures: list[HardwareFigure]


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
    # memo figures missed by more than 15 %, each with the mechanism the model lacks
    missed_figures: dict[str, str]
    # judged on outside measurements (python -m validation --write), and the hardware it names
    validation: list[ValidationLine]
    hardware: list[HardwarePart]
    # what of the mechanism is simulated, or why it is not
    simulation: str
