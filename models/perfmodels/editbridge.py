"""The bridge of the browser's sandbox for edited models (frontend/src/workbench/sandboxWorker.ts):
JSON in, JSON out, like bridge.py, with the workbench's own requests beside the table's.

- "source": the original source of one of the model's files (edits.files: the system's module
  by default); "edit": run the edited files (`files`, each path's text) in place of the
  originals (`files` null: the original back);
- "memo_fit": the model (edited or not) fitted to the memo's figures, its in-sample error and the
  configurations to leave out; "memo_left_out": one of them left out of the fit, the errors so far;
- "laws": the laws (laws.py) at a few hundred random settings;
- "fit_memo": the edit's parameters fitted to the memo's figures, as the calibration fits, with
  their ranges and the error before (the parameters the edit runs with) and after;
- "fit_own": the edit fitted to a user's own table (the "fit" operation, own.py), with the error
  on its rows before; its rows left out are the "left_out" operation's;
- any operation of the table (ops.py), which finds the edited module in the registry.

`progress` is told the share of a fit done now and then (the page shows it).

It is not part of the table itself: no server route can reach it, so the server never runs
edited code. An error names the file of the model and its line it came from where it did; a
KeyboardInterrupt (the page's time limit, through Pyodide's interrupt buffer) says where it stopped.
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

from . import edits, laws, memofit, ops, own, registry
from .fitted import report
from .fitting import fit, ranges, summarize
from .types import ErrorSummary, Observation
from .types.requests import Progress


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
        system = str(a["system"])
        r = _run(op, system, a, progress)
    except KeyboardInterrupt as e:
        return json.dumps({"error": "stopped: it ran past the time limit", **_where(system, e), "stopped": True})
    except BaseException as e:  # noqa: BLE001 - an edit may raise anything, SystemExit included
        if type(e).__name__ == "StdlibTrimmed":
            raise  # the browser's trimmed standard library lacks a module: the worker widens it and asks again
        said = e.msg if isinstance(e, SyntaxError) else str(e)
        return json.dumps({"error": f"{type(e).__name__}: {said}", **_where(system, e)})
    try:
        return json.dumps({"result": r}, allow_nan=False)
    except ValueError:
        return json.dumps({"error": "a result was not a finite number", "line": None})


def _where(system: str, e: BaseException) -> dict[str, object]:
    """The file of the model and the line an error came from, where one of them was on its way."""
    at = edits.line_of(system, e) if system else None
    return {"line": at[1], "file": at[0]} if at else {"line": None, "file": None}


def _run(op: str, system: str, a: dict[str, Any], progress: Progress | None = None) -> object:
    if op == "source":
        path = str(a.get("path") or edits.module_path(system))
        return {"path": path, "text": edits.source(system, path)}
    if op == "edit":
        _judging.pop(system, None)
        files = a.get("files")
        if not files:
            edits.restore(system)
        elif not isinstance(files, dict) or not all(isinstance(t, str) for t in files.values()):
            raise ValueError("files must map each edited file's path to its text")
        else:
            edits.install(system, {str(p): t for p, t in files.items()})
        return None
    if op == "memo_fit":
        return _memo_fit(system)
    if op == "memo_left_out":
        return _memo_left_out(system, str(a["group"]))
    if op == "laws":
        return laws.check(system, int(a.get("n", 300)), int(a.get("seed", 1)))
    if op == "fit_memo":
        return _fit_memo(system, progress)
    if op == "fit_own":
        return _fit_own(system, a, progress)
    return ops.run(op, a, progress)


def _primary(obs: list[Observation], errors: list[float]) -> ErrorSummary:
    return summarize([e for o, e in zip(obs, errors, strict=True) if not o["secondary"]])


def _observations(system: str) -> list[Observation]:
    """The memo's figures as the calibration report ships them (the browser has no data files;
    and an edit cannot change what was measured)."""
    keys = Observation.__annotations__
    return [{k: v for k, v in f.items() if k in keys} for f in report(system).get("figures", [])]  # type: ignore[misc]


def _memo_fit(system: str) -> dict[str, Any]:
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


def _memo_left_out(system: str, group: str) -> dict[str, Any]:
    j = _judging[system]
    j["left_out"].update(memofit.left_out(registry.system(system), j["obs"], j["groups"], group))
    done = sorted(j["left_out"])
    return {
        "left_out": summarize([j["left_out"][i] for i in done if not j["obs"][i]["secondary"]]),
        "figures": len(done),
    }


def _fit_memo(system: str, progress: Progress | None) -> dict[str, Any]:
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


def _fit_own(system: str, a: dict[str, Any], progress: Progress | None) -> dict[str, Any]:
    """The "fit" operation on the edited module (its rows left out apart, as the page asks them),
    and the error on the table's rows with the parameters the edit runs with."""
    result = ops.run("fit", {**a, "left_out": False}, progress)
    table = own.own_table(system, a.get("text"), a.get("rows"), a.get("knobs"))
    from .ownfit import observations

    before = summarize(memofit.errors(registry.system(system), observations(table), None))
    return {"fit": result, "before": before}
