"""The one table of model operations (as marimo's typed RPC): each operation's name and its
function, which takes what the operation is asked (a request, types/requests.py) and a progress
report, and returns its answer; the types of both are the function's own annotations.

The worker's bridge (bridge.py), the server's model workers (backend/app/compute.py) and so its
HTTP routes dispatch through `run`; the page's protocol (frontend/src/runtime/ops.gen.ts) is
generated from the table (scripts/ops_types.py). A new operation is one function here, then
`npm run api-types`.

The workbench's rows (an edited model's source, its installation, its fits and its laws) run
only in the browser's sandbox (editbridge.py asks `run` with sandbox=True): the server and the
page's worker never run edited code, so `run` refuses those rows to them as unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import registry
from .fitting import own
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
from .types.edits import EditFit, EditOwnFit, LawCheck, MemoFit, MemoLeftOut, ModelSource
from .types.requests import (
    AtlasRequest,
    BandRequest,
    EditRequest,
    EvaluateRequest,
    FitRequest,
    LawsRequest,
    LeftOutRequest,
    MemoLeftOutRequest,
    OwnRequest,
    Progress,
    SensitivityRequest,
    SimulateRequest,
    SourceRequest,
    SweepRequest,
    SystemRequest,
    TableRequest,
)

Operation = Callable[[Any, Progress | None], object]
OPS: dict[str, Operation] = {}
# the rows only the sandbox runs (the workbench's: they run or judge edited code)
SANDBOX_ONLY: set[str] = set()


def _op(name: str, sandbox: bool = False) -> Callable[[Operation], Operation]:
    def add(fn: Operation) -> Operation:
        OPS[name] = fn
        if sandbox:
            SANDBOX_ONLY.add(name)
        return fn

    return add


def run(op: str, a: dict[str, Any], progress: Progress | None = None, *, sandbox: bool = False) -> object:
    """The answer to operation `op` asked `a`; ValueError for an unknown operation (a sandbox
    row, outside the sandbox) or bad input (KeyError for a missing field)."""
    if op not in OPS or (op in SANDBOX_ONLY and not sandbox):
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


@_op("source", sandbox=True)
def _source(a: SourceRequest, progress: Progress | None) -> ModelSource:
    """One of the model's files as the editor shows it (its module by default)."""
    from .editing import edits

    path = a.get("path") or edits.module_path(a["system"])
    return {"path": path, "text": edits.source(a["system"], path)}


@_op("edit", sandbox=True)
def _edit(a: EditRequest, progress: Progress | None) -> None:
    """Run the edited files in place of the originals (no files: the originals back)."""
    from .editing import editbridge

    editbridge.edit(a["system"], a.get("files"))


@_op("memo_fit", sandbox=True)
def _memo_fit(a: SystemRequest, progress: Progress | None) -> MemoFit:
    from .editing import editbridge

    return editbridge.memo_fit(a["system"])


@_op("memo_left_out", sandbox=True)
def _memo_left_out(a: MemoLeftOutRequest, progress: Progress | None) -> MemoLeftOut:
    from .editing import editbridge

    return editbridge.memo_left_out(a["system"], str(a["group"]))


@_op("laws", sandbox=True)
def _laws(a: LawsRequest, progress: Progress | None) -> LawCheck:
    """The laws (laws.py) at `n` random settings."""
    from . import laws

    return laws.check(a["system"], int(a.get("n", 300)), int(a.get("seed", 1)))


@_op("fit_memo", sandbox=True)
def _fit_memo(a: SystemRequest, progress: Progress | None) -> EditFit:
    from .editing import editbridge

    return editbridge.fit_memo(a["system"], progress)


@_op("fit_own", sandbox=True)
def _fit_own(a: FitRequest, progress: Progress | None) -> EditOwnFit:
    from .editing import editbridge

    return editbridge.fit_own(a, progress)


def _own_table(a: OwnRequest) -> dict[str, Any]:
    """A user's table (text or rows) and what to fit, as own.fit and own.fit_left_out take them."""
    return {"text": a.get("text"), "rows": a.get("rows"), "knobs": a.get("knobs"), "fit": a.get("fit")}
