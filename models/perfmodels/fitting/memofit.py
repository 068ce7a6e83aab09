"""A model judged against its memo: fitted to the memo's figures, its error on each, and the error
of each figure with its configuration left out of the fit (leave one configuration out).

The calibration's report (calibration/report.py) and the browser's sandbox for edited models
(editbridge.py, one configuration a call) both judge a model with these.
"""

from __future__ import annotations

from ..system import System, predict
from ..types import Observation, Params
from . import error_percent, fit


def input_groups(model: System, obs: list[Observation], params: Params) -> dict[str, str]:
    """config_id -> the model's distinct input it is: configurations the model cannot tell
    apart (it predicts the same value of every measured metric for them) form one group."""
    groups: dict[str, str] = {}
    seen: dict[tuple[tuple[str, float | None], ...], str] = {}
    full = {**model.FIXED_DEFAULTS, **params}
    measured = sorted({o["metric"] for o in obs})
    for o in obs:
        if o["config_id"] in groups:
            continue
        m = predict(model, o["config"], full)
        key = tuple((k, None if m[k] is None else float(f"{m[k]:.12g}")) for k in measured)
        groups[o["config_id"]] = seen.setdefault(key, o["config_id"])
    return groups


def errors(model: System, obs: list[Observation], params: Params | None) -> list[float]:
    """Each figure's error (%) with these parameters (the model's fixed ones beside them), or
    (None) with those the model runs with when given none (an edited model's own defaults)."""
    full = None if params is None else {**model.FIXED_DEFAULTS, **params}
    return [round(error_percent(predict(model, o["config"], full)[o["metric"]], o["value"]), 3) for o in obs]


def left_out(model: System, obs: list[Observation], groups: dict[str, str], group: str) -> dict[int, float]:
    """Leave out one distinct input, with every row the model cannot tell from it: fitted to the
    rest, the error (%) of each of its figures, by its place in `obs`."""
    rest = [o for o in obs if groups[o["config_id"]] != group]
    p = {**model.FIXED_DEFAULTS, **fit(model, rest, restarts=3)}
    return {
        i: round(error_percent(predict(model, o["config"], p)[o["metric"]], o["value"]), 3)
        for i, o in enumerate(obs)
        if groups[o["config_id"]] == group
    }
