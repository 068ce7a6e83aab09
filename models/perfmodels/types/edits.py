"""What the workbench's own operations answer (ops.py's sandbox rows): an edited model's files,
its fit to the memo's figures and to a user's table, and the laws it keeps."""

from typing import TypedDict

from .answers import Knobs, Params
from .memo import ErrorSummary
from .own import OwnFit


class ModelSource(TypedDict):
    """One of a model's files as the editor shows it: its path in the package and its text."""

    path: str
    text: str


class MemoFit(TypedDict):
    """The model fitted to every figure of the memo, as the calibration fits; its configurations,
    each of which can be left out in turn (MemoLeftOut)."""

    params: Params
    in_sample: ErrorSummary
    groups: list[str]


class MemoLeftOut(TypedDict):
    """The error on the figures of the configurations left out so far, each predicted by a fit
    that never saw it."""

    left_out: ErrorSummary
    figures: int


class EditFit(TypedDict):
    """The edit's parameters fitted to the memo's figures, each one's range of equally good
    values, and the error before (the values the edit runs with) and after."""

    params: Params
    # each parameter's [low, high]
    ranges: dict[str, list[float]]
    before: ErrorSummary
    after: ErrorSummary


class EditOwnFit(TypedDict):
    """The edit fitted to a user's table, and the error on its rows before."""

    fit: OwnFit
    before: ErrorSummary


class Violation(TypedDict):
    """A law the model broke, and the setting where it did."""

    knobs: Knobs
    law: str


class LawCheck(TypedDict):
    checked: int
    violations: list[Violation]
