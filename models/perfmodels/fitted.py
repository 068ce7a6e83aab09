"""What the calibration wrote for each model (params/{system}.json): the fitted parameters the
model ships with, and the report they came with (figures, ranges, summary). The one reader of
those files; `python -m calibration` is their one writer."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def report(system: str) -> dict[str, Any]:
    """The system's whole calibration report, or {} if it has none (cached: sweeps consult it
    on every call; callers must not modify it)."""
    path = resources.files(__package__) / "params" / f"{system}.json"
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return doc


def fitted(system: str) -> dict[str, float]:
    """The system's fitted parameters (callers must not modify the dict)."""
    doc = report(system)
    if "params" not in doc:
        raise LookupError(f"no calibration for {system}: run `python -m calibration {system}`")
    params: dict[str, float] = doc["params"]
    return params
