"""The worker's bridge: the one function the browser's Web Worker calls, JSON in and JSON out.

`call(op, payload, progress)` answers "evaluate", "sweep", "band" and "describe" requests
(payload: a JSON object with the system, knobs, x, values, params and, for a sweep, whether to
include its band), and a user's own table: "table" (read it), "fit" (fit it; `progress` is
told the share done now and then) and "left_out" (its rows left out of a fit already made),
with {"result": ...}, or {"error": message} for bad input (ValueError) and for a model bug
(anything else), so the page never waits on an exception.
Results are strict JSON: a non-finite number is reported as a model error, never sent.
"""

from __future__ import annotations

import json
from typing import Any

from . import registry
from .fitting import Progress


def _answer(op: str, a: dict[str, Any], progress: Progress | None) -> object:
    if op == "evaluate":
        return registry.evaluate(a["system"], a.get("knobs"), a.get("params"))
    if op == "sweep":
        band = a.get("band", True)
        if not isinstance(band, bool):
            raise ValueError("band must be true or false")
        return registry.sweep(
            a["system"], a.get("knobs"), a["x"], a.get("values"), band, a.get("params"), a.get("spread")
        )
    if op == "band":
        return registry.band(a["system"], a.get("knobs"), a["x"], a.get("values"), a.get("params"), a.get("spread"))
    if op == "describe":
        return registry.describe(a["system"])
    if op == "sensitivity":
        from .sensitivity import sensitivity

        return sensitivity(a["system"], a.get("knobs"), a["metric"], a.get("params"))
    if op == "table":
        return registry.read_table(a["system"], a["text"], a.get("knobs"))
    if op == "fit":
        return registry.fit(
            a["system"], text=a["text"], knobs=a.get("knobs"), fit=a.get("fit"), progress=progress, left_out=False
        )
    if op == "left_out":
        return registry.fit_left_out(
            a["system"], a["best"], text=a["text"], knobs=a.get("knobs"), fit=a.get("fit"), progress=progress
        )
    raise ValueError("unknown operation " + repr(op))


def call(op: str, payload: str, progress: Progress | None = None) -> str:
    try:
        a = json.loads(payload)
        if not isinstance(a, dict):
            raise ValueError("the request must be a JSON object")
        r = _answer(op, a, progress)
    except (ValueError, KeyError) as e:
        return json.dumps({"error": str(e) if isinstance(e, ValueError) else f"missing field {e}"})
    except KeyboardInterrupt:  # the page stopped a fit (Pyodide's interrupt buffer)
        return json.dumps({"error": "stopped"})
    except Exception as e:  # a model bug must answer, never leave the page waiting
        return json.dumps({"error": f"model error: {type(e).__name__}: {e}"})
    try:
        return json.dumps({"result": r}, allow_nan=False)
    except ValueError:
        return json.dumps({"error": "model error: a result was not a finite number"})
