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


class OwnFitMiss(TypedDict):
    """Why the fit misses a value by more than 15 %: the model's limit that holds it there
    ("limit": a bound at that row's settings, its name and value) or, where none does, what the
    model leaves out ("mechanism")."""

    kind: str
    limit: str | None
    value: float | None
    message: str


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
    # why the fit misses it, where it does by more than 15 % (None: it does not)
    missing: OwnFitMiss | None


class OwnFitUnpinned(TypedDict):
    """A parameter the table cannot pin, so not fitted: it keeps the memo's value. `reason`:
    "no effect" (it moves no row) or "collinear" (it moves the rows only together with
    `partners`, so the rows cannot tell them apart)."""

    name: str
    reason: str
    partners: list[str]
    value: float
    message: str


class OwnFitPrior(TypedDict):
    """The pull toward the memo's values: the weight chosen by leaving each row out, and each
    weight tried with the mean square of its rows' log errors when left out."""

    weight: float
    tried: list[list[float]]


class OwnFitComparison(TypedDict):
    """Each configuration left out of the fit in turn (the error a linear step from the fit
    predicts for it) beside the memo's parameters on the same rows (fitted to none of them):
    whether the fit predicts rows it has not seen better than the memo's values do."""

    fitted_left_out: ErrorSummary
    memo: ErrorSummary
    better: bool


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
    # each fitted value's profile range: the values (the others refitted) whose loss stays
    # within 1 % of the best
    ranges: dict[str, list[float]]
    loss: float
    rows: list[OwnFitRow]
    summary: OwnFitSummary
    warnings: list[OwnFitWarning]
    # the candidates the rows cannot pin: not fitted, at the memo's values
    unpinned: list[OwnFitUnpinned]
    prior: OwnFitPrior
    comparison: OwnFitComparison
    held: NotRequired[dict[str, Any]]
