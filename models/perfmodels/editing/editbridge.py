"""The bridge of the browser's sandbox for edited models (frontend/src/workbench/sandboxWorker.ts):
JSON in, JSON out, like ../bridge.py, answering every row of the operations table (../ops.py), the
workbench's own rows among them: an edited model's source and its installation ("source",
"edit"), its fit to the memo's figures ("memo_fit", "memo_left_out", "fit_memo"), to a user's
table ("fit_own") and the laws ("laws"). The table's other rows find the edited module in the
registry. This module holds what those rows do with an edit; their requests and answers are the
table's (../types/requests.py, ../types/edits.py).

`progress` is told the share of a fit done now and then (the page shows it).

Only the sandbox asks the table with sandbox=True, so the server never runs edited code. An error
names the file of the model and its line it came from where it did; a KeyboardInterrupt (the
page's time limit, through Pyodide's interrupt buffer) says where it stopped.
"""

from __future__ import annotations

import json
from typing import TypedDict, cast

from .. import ops, registry
from ..fitted import report
from ..fitting import fit, memofit, own, ranges, summarize
from ..types import ErrorSummary, Observation, OwnFit
from ..types.edits import EditFit, EditOwnFit, MemoFit, MemoLeftOut
from ..types.requests import FitRequest, Progress
from . import edits


class _Judging(TypedDict):
    obs: list[Observation]
    groups: dict[str, str]
    left_out: dict[int, float]


# the memo fit under way, a system at a time (a new edit starts it afresh)
_judging: dict[str, _Judging] = {}


def call(op: str, payload: str, progress: Progress | None = None) -> str:
    system = ""
    try:
        a = json.loads(payload)
        if not isinstance(a, dict):
            raise ValueError("the request must be a JSON object")
        system = str(a["system"])
        r = ops.run(op, a, progress, sandbox=True)
    except KeyboardInterrupt as e:
        return json.dumps({"error": "stopped: it ran past the time limit", **_where(system, e), "stopped": True})
    except BaseException as e:  # noqa: BLE001 - an edit may raise anything, SystemExit included
        if type(e).__name__ == "StdlibTrimmed":
            raise  # the browser's trimmed standard library lacks a module: the worker widens it and asks again
        said = e.msg if isinstance(e, SyntaxError) else str(e)
        return json.dumps({"error": f"{type(e).__name__}: {said}{_missing(system, e)}", **_where(system, e)})
    try:
        return json.dumps({"result": r}, allow_nan=False)
    except ValueError:
        return json.dumps({"error": "a result was not a finite number", "line": None})


def _missing(system: str, e: BaseException) -> str:
    """What a KeyError that names one of the system's metrics means: the edit's solve left it out
    of its answer, and the code after it (the sweep, the bounds) looked it up."""
    if not isinstance(e, KeyError) or not system or not e.args:
        return ""
    try:
        metrics = {m.name for m in registry.spec(system).metrics}
    except ValueError:
        return ""
    name = e.args[0]
    if name not in metrics:
        return ""
    return f" (the answer of solve has no metric {name}, which every answer of this model gives)"


def _where(system: str, e: BaseException) -> dict[str, object]:
    """The file of the model and the line an error came from, where one of them was on its way."""
    at = edits.line_of(system, e) if system else None
    return {"line": at[1], "file": at[0]} if at else {"line": None, "file": None}


def edit(system: str, files: object) -> None:
    """Run the edited files (each path's text) in place of the originals; none: the originals back.
    A new edit starts the memo fit afresh."""
    _judging.pop(system, None)
    if not files:
        edits.restore(system)
        return
    if not isinstance(files, dict) or not all(isinstance(t, str) for t in files.values()):
        raise ValueError("files must map each edited file's path to its text")
    edits.install(system, {str(p): t for p, t in files.items()})


def _primary(obs: list[Observation], errors: list[float]) -> ErrorSummary:
    return summarize([e for o, e in zip(obs, errors, strict=True) if not o["secondary"]])


def _observations(system: str) -> list[Observation]:
    """The memo's figures as the calibration report ships them (the browser has no data files;
    and an edit cannot change what was measured)."""
    keys = Observation.__annotations__
    return [{k: v for k, v in f.items() if k in keys} for f in report(system).get("figures", [])]  # type: ignore[misc]


def memo_fit(system: str) -> MemoFit:
    """Fitted to every figure of the memo, as the calibration fits (memofit.py)."""
    model = registry.system(system)
    obs = _observations(system)
    params = fit(model, obs)
    groups = memofit.input_groups(model, obs, params)
    _judging[system] = {"obs": obs, "groups": groups, "left_out": {}}
    return {
        "params": params,
        "in_sample": _primary(obs, memofit.errors(model, obs, params)),
        "groups": sorted(set(groups.values())),
    }


def memo_left_out(system: str, group: str) -> MemoLeftOut:
    j = _judging[system]
    j["left_out"].update(memofit.left_out(registry.system(system), j["obs"], j["groups"], group))
    done = sorted(j["left_out"])
    return {
        "left_out": summarize([j["left_out"][i] for i in done if not j["obs"][i]["secondary"]]),
        "figures": len(done),
    }


def fit_memo(system: str, progress: Progress | None) -> EditFit:
    """The edit's parameters fitted to the memo's figures from the calibration's start (never from
    the values the edit runs with), their ranges, and the error before and after."""
    model = registry.system(system)
    obs = _observations(system)
    params = fit(model, obs, progress=progress)
    return {
        "params": params,
        "ranges": ranges(model, obs, params),
        "before": _primary(obs, memofit.errors(model, obs, None)),
        "after": _primary(obs, memofit.errors(model, obs, params)),
    }


def fit_own(a: FitRequest, progress: Progress | None) -> EditOwnFit:
    """The "fit" operation on the edited module (its rows left out apart, as the page asks them),
    and the error on the table's rows with the parameters the edit runs with."""
    system = a["system"]
    result = cast(OwnFit, ops.run("fit", {**a, "left_out": False}, progress))
    table = own.own_table(system, a.get("text"), a.get("rows"), a.get("knobs"))
    from ..fitting.ownfit import observations

    before = summarize(memofit.errors(registry.system(system), observations(table), None))
    return {"fit": result, "before": before}
