"""What each model operation is asked (ops.py): a JSON object, as the page's worker, the server's
model workers and the page's protocol (generated from these: scripts/ops_types.py) send it. A
field the caller may leave out is NotRequired; None, where allowed, means the same as absent."""

from collections.abc import Callable
from typing import NotRequired, TypedDict

from .answers import KnobValue, Params

# A long operation's report of the share done (0 to 1), now and then: a fit's, to the page.
Progress = Callable[[float], None]


class SystemRequest(TypedDict):
    system: str


class EvaluateRequest(SystemRequest):
    """One setting: the knobs given (the others at their defaults)."""

    knobs: NotRequired[dict[str, KnobValue]]
    # a user's own fit of some of the model's parameters (absent: the memo's calibration)
    params: NotRequired[Params | None]


class BandRequest(EvaluateRequest):
    """A curve along knob x (at `values`, or the knob's grid)."""

    x: str
    values: NotRequired[list[KnobValue] | None]
    # with params: the fitted parameters a user's table leaves open, {name: [low, high]}, as a band
    spread: NotRequired[dict[str, tuple[float, float]] | None]


class SweepRequest(BandRequest):
    # false: the curve without its band (which costs several curves), asked apart ("band")
    band: NotRequired[bool]


class AtlasRequest(SystemRequest):
    """The system's main curve for the atlas, at the knobs given (the others at their defaults)."""

    knobs: NotRequired[dict[str, KnobValue]]


class SensitivityRequest(EvaluateRequest):
    metric: str


class OwnRow(TypedDict):
    """A row of a user's own measurements, in the units the system declares."""

    knobs: dict[str, KnobValue]
    metrics: dict[str, float]


class TableRequest(SystemRequest):
    """A pasted table as text (CSV, TSV or semicolons; a header naming knobs and metrics, with
    units), the knobs no column gives held at `knobs`."""

    text: str
    knobs: NotRequired[dict[str, KnobValue]]


class OwnRequest(SystemRequest):
    """A user's own table, as text or as rows, and what to fit (default: the model's parameters
    the rows can move)."""

    text: NotRequired[str]
    rows: NotRequired[list[OwnRow]]
    knobs: NotRequired[dict[str, KnobValue]]
    fit: NotRequired[list[str] | None]


class FitRequest(OwnRequest):
    # with each row's error when left out of the fit (several fits more: the page asks apart)
    left_out: NotRequired[bool]


class LeftOutRequest(OwnRequest):
    # the fitted values of the fit already made
    best: Params
    # the memo's pull the fit chose (its prior.weight; absent: chosen again)
    weight: NotRequired[float]


class SimulateRequest(EvaluateRequest):
    """A simulation of the model's mechanism at one setting: the spread of its service times
    ("exponential", "constant", "mechanism": the model's own, or "cv" with `cv`), the seed, and
    when to stop: every 95 % interval within `target` of its mean (relative), `max_events`
    events or `time_limit_s` seconds, whichever comes first."""

    service: NotRequired[str]
    cv: NotRequired[float | None]
    seed: NotRequired[int]
    target: NotRequired[float]
    max_events: NotRequired[int]
    time_limit_s: NotRequired[float]


# The workbench's own operations (ops.py's sandbox rows): an edited model, in the browser's sandbox.


class SourceRequest(SystemRequest):
    # one of the model's files (edits.files), as the page names it; absent: the system's module
    path: NotRequired[str | None]


class EditRequest(SystemRequest):
    # each edited file's path and its text, run in place of the originals; absent or null: the
    # originals back
    files: NotRequired[dict[str, str] | None]


class MemoLeftOutRequest(SystemRequest):
    # one of the memo fit's configurations (its `groups`), left out of the fit
    group: str


class LawsRequest(SystemRequest):
    # how many random settings, and the seed that draws them
    n: NotRequired[int]
    seed: NotRequired[int]
