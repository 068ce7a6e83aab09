"""The worker's bridge: the one function the browser's Web Worker calls, JSON in and JSON out.

`call(op, payload, progress)` answers any operation of the table (ops.py: "evaluate", "sweep",
"band", "describe", "sensitivity", and a user's own "table", "fit" and "left_out"; `progress` is
told the share of a fit done now and then), payload the operation's request as a JSON object,
with {"result": ...}, or {"error": message} for bad input (ValueError, a missing field) and for
a model bug (anything else), so the page never waits on an exception.
Results are strict JSON: a non-finite number is reported as a model error, never sent.
"""

from __future__ import annotations

import json

from . import ops
from .types.requests import Progress


def call(op: str, payload: str, progress: Progress | None = None) -> str:
    try:
        a = json.loads(payload)
        if not isinstance(a, dict):
            raise ValueError("the request must be a JSON object")
        r = ops.run(op, a, progress)
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
