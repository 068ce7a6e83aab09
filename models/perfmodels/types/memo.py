"""What the memos measured and how a model meets it: an observation (a memo figure the model is
judged against), a memo point on a chart, and the calibration report a model card shows."""

from typing import NotRequired, TypedDict

from .answers import KnobValue


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
