"""The fitted parameters each model ships with (params/{system}.json, written by the calibration)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def fitted(system: str) -> dict:
    """The system's fitted parameters (cached; callers must not modify the dict)."""
    path = resources.files(__package__) / "params" / f"{system}.json"
    return json.loads(path.read_text(encoding="utf-8"))["params"]
