"""The one table of model operations (as marimo's typed RPC): each operation's name and its
function, which takes what the operation is asked (a request, types/requests.py) and a progress
report, and returns its answer; the types of both are the function's own annotations.

The worker's bridge (bridge.py), the server's model workers (backend/app/compute.py) and so its
HTTP routes dispatch through `run`; the page's protocol (frontend/src/runtime/ops.gen.ts) is
generated from the table (scripts/ops_types.py). A new operation is one function here, then
`npm run api-types`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import own, registry
from .sweep import band, sweep
from .types import (
    AtlasCurve,
    Band,
    EvaluateResult,
    OwnFit,
    Sensitivity,
    Simulation,
    SweepResult,
    SystemDescription,
    Table,
)
from .types.requests import (
    AtlasRequest,
    BandRequest,
    EvaluateRequest,
    FitRequest,
    LeftOutRequest,
    OwnRequest,
    Progress,
    SensitivityRequest,
    SimulateRequest,
    SweepRequest,
    SystemRequest,
    TableRequest,
)

Operation = Callable[[Any, Progress | None], object]
OPS: dict[str, Operation] = {}


def _op(name: str) -> Callable[[Operation], Operation]:
    def add(fn: Operation) -> Operation:
        OPS[name] = fn
        return fn

    return add


def run(op: str, a: dict[str, Any], progress: Progress | None = None) -> object:
    """The answer to operation `op` asked `a`; ValueError for an unknown operation or bad input
    (KeyError for a missing field)."""
    if op not in OPS:
        raise ValueError("unknown operation " + repr(op))
    return OPS[op](a, progress)


@_op("evaluate")
def _evaluate(a: EvaluateRequest, progress: Progress | None) -> EvaluateResult:
    return registry.evaluate(a["system"], a.get("knobs"), a.get("params"))


@_op("sweep")
def _sweep(a: SweepRequest, progress: Progress | None) -> SweepResult:
    with_band = a.get("band", True)
    if not isinstance(with_band, bool):
        raise ValueError("band must be true or false")
    return sweep(a["system"], a.get("knobs"), a["x"], a.get("values"), with_band, a.get("params"), a.get("spread"))


@_op("band")
def _band(a: BandRequest, progress: Progress | None) -> dict[str, Band]:
    return band(a["system"], a.get("knobs"), a["x"], a.get("values"), a.get("params"), a.get("spread"))


@_op("describe")
def _describe(a: SystemRequest, progress: Progress | None) -> SystemDescription:
    return registry.describe(a["system"])


@_op("atlas")
def _atlas(a: AtlasRequest, progress: Progress | None) -> AtlasCurve:
    from .atlas import curve

    return curve(a["system"], a.get("knobs"))


@_op("sensitivity")
def _sensitivity(a: SensitivityRequest, progress: Progress | None) -> Sensitivity:
    from .sensitivity import sensitivity

    return sensitivity(a["system"], a.get("knobs"), a["metric"], a.get("params"))


@_op("table")
def _table(a: TableRequest, progress: Progress | None) -> Table:
    return own.read_table(a["system"], a["text"], a.get("knobs"))


@_op("fit")
def _fit(a: FitRequest, progress: Progress | None) -> OwnFit:
    return own.fit(a["system"], **_own_table(a), progress=progress, left_out=a.get("left_out", False))


@_op("left_out")
def _left_out(a: LeftOutRequest, progress: Progress | None) -> dict[str, float | None]:
    """ "{line} {metric}" -> the error (%) of that value with its row left out of the fit."""
    return own.fit_left_out(a["system"], a["best"], **_own_table(a), weight=a.get("weight"), progress=progress)


@_op("simulate")
def _simulate(a: SimulateRequest, progress: Progress | None) -> Simulation:
    """The model's mechanism simulated at one setting: each metric's mean and 95 % interval."""
    from .simulation import simulate

    return simulate(
        a["system"],
        a.get("knobs"),
        a.get("params"),
        a.get("service", "exponential"),
        a.get("cv"),
        a.get("seed", 1),
        a.get("target", 0.02),
        a.get("max_events", 2_000_000),
        a.get("time_limit_s", 10.0),
        progress,
    )


def _own_table(a: OwnRequest) -> dict[str, Any]:
    """A user's table (text or rows) and what to fit, as own.fit and own.fit_left_out take them."""
    return {"text": a.get("text"), "rows": a.get("rows"), "knobs": a.get("knobs"), "fit": a.get("fit")}
