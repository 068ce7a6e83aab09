"""The fitted parameters each model ships with (params/{system}.json, written by the calibration)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def fitted(system: str) -> dict[str, float]:
    """The system's fitted parameters (cached; callers must not modify the dict)."""
    path = resources.files(__package__) / "params" / f"{system}.json"
    params: dict[str, float] = json.loads(path.read_text(encoding="utf-8"))["params"]
    return params
