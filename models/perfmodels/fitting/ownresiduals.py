"""The residuals of a user's rows (ownfit.py) at a point of the search (leastsq.py): log(model /
measured) of each measured value, as fitting.loss counts them.

Each distinct setting is validated once and solved once for every metric measured there (as
fitting.objective). Where the model answers along one of its knobs in one pass (system.Along:
a closed network's MVA recursion gives every smaller population on its way to the largest), the
settings that differ only in that knob are solved together: a table of LAVC's rows at seven
user counts and three I/O sizes is three recursions a point, not twenty.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..system import System
from ..types import Evaluation, Knobs, KnobValue, Observation, Params
from . import MISS_COST, Unknown, split
from .leastsq import Residuals, Vector

MISS = math.sqrt(MISS_COST)  # a value the model cannot predict: as in fitting.loss

Measured = list[tuple[int, str, float]]  # (observation's index, metric, value)


def residuals(model: System, obs: list[Observation], unknowns: Sequence[Unknown], base: Params) -> Residuals:
    """log(model / measured) of each observation at a point of the search."""
    settings: dict[str, tuple[Knobs, Measured]] = {}
    for i, o in enumerate(obs):
        key = repr(sorted(o["config"].items()))
        if key not in settings:
            settings[key] = (model.SPEC.validate(o["config"]), [])
        settings[key][1].append((i, o["metric"], o["value"]))
    held = {**model.FIXED_DEFAULTS, **base}
    along = _along(model, [k for k, _ in settings.values()], held)
    runs: dict[str, tuple[Knobs, list[KnobValue], list[Measured]]] = {}
    for config, measured in settings.values():
        key = repr(sorted((n, v) for n, v in config.items() if n != along))
        run = runs.setdefault(key, (config, [], []))
        run[1].append(config[along] if along else 0)
        run[2].append(measured)

    def at(x: Sequence[float]) -> Vector:
        p, k = split(unknowns, [u.from_search(v)[0] for u, v in zip(unknowns, x, strict=True)])
        full = {**held, **p}
        out = [0.0] * len(obs)
        for config, values, measured in runs.values():
            c = {**config, **k} if k else config
            points: list[Evaluation] | None = None
            if along and len(values) > 1:
                points = model.ALONG.points(c, along, values, full)
            if points is None:
                points = [model.solve({**c, along: v} if along else c, full, detail=False) for v in values]
            for got, each in zip(points, measured, strict=True):
                for i, metric, value in each:
                    m = got["metrics"][metric]
                    out[i] = math.log(m / value) if m is not None and m > 0 else MISS
        return out

    return at


def _along(model: System, configs: list[Knobs], held: Params) -> str | None:
    """The knob the model answers along in one pass, if the settings vary it (else None)."""
    for name in configs[0]:
        if len({c[name] for c in configs}) > 1 and model.ALONG.points(configs[0], name, [configs[0][name]], held):
            return name
    return None


def group_residuals(
    model: System, obs: list[Observation], unknowns: Sequence[Unknown], base: Params, groups: list[list[int]]
) -> Callable[[int, Vector], Vector]:
    """The residuals of one group of observations (by its index) at a point: a left-out row's."""
    each = [residuals(model, [obs[i] for i in g], unknowns, base) for g in groups]
    return lambda gi, x: each[gi](x)
