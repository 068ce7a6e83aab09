"""A user's own measurements: the table read against a system (owndata.py) and the model fitted
to it (ownfit.py)."""

from typing import Any, NotRequired, TypedDict

from .memo import ErrorSummary


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
