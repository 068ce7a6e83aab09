"""Which knob matters most here: every knob's effect on one metric at one setting.

For a numeric knob, the elasticity at the setting (the per cent change of the metric per per
cent change of the knob: d ln y / d ln x, by a central difference, a thousandth either side on a
continuous knob and the neighbouring settings on an integer one), and the metric at the knob's
two ends with every other knob held (its span). For a choice knob, the metric under each choice.
A knob that matters only under other settings says so, with the reason, and is not moved.
Sorted by span, largest first: the order of a tornado chart.

The bottleneck's cause. Where a knob is itself the limit (DECnet's link quota below its knee),
that knob. Where a resource is (pace.py), the knob that moves what it allows the most over the
knob's range, relative to here: on an open path the term's own limit on the metric (bounds.py),
on a closed network the bottleneck station's demand. The knob to turn to relieve it. None
where nothing limits (a cluster below saturation).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from .knobs import Knob
from .registry import model_params, system
from .types import KnobEffect, Knobs, Sensitivity

# The relative step of a central difference on a continuous knob.
STEP = 1e-3


def sensitivity(name: str, knobs: Mapping[str, object] | None, metric: str, params: object = None) -> Sensitivity:
    """{"metric", "value", "knobs": [{"name", "label", "active", "reason"?, "elasticity"?,
    "low"?, "high"?, "choices"?}]} for `metric` at the setting `knobs` (validated)."""
    m = system(name)
    s = m.SPEC
    if metric not in [mt.name for mt in s.metrics]:
        raise ValueError(
            f"unknown metric '{metric}' for system '{name}'; metrics are " + ", ".join(mt.name for mt in s.metrics)
        )
    base = s.validate(knobs)
    p = model_params(name, params)

    here = m.solve(base, p, detail=True)
    limit = here["bottleneck"]
    busy = {st["name"] for st in here.get("stages", []) if st["bottleneck"]}
    # What the bottleneck allows on this metric: an open path's term alone (bounds.py), or else
    # (a closed network's station, whose cap on its own utilization is always 100 %) the
    # demand of the stages that set the pace, which needs each setting's stages.
    by_bound = "network" not in here and _term_alone(here, metric, limit) is not None
    limits: dict[str, list[float]] = {}

    def held(r: Any) -> float | None:
        if by_bound:
            return _term_alone(r, metric, limit)
        d = sum(st["demand"] for st in r.get("stages", []) if st["name"] in busy)
        return 1.0 / d if d > 0 else None  # the larger the demand, the less it allows

    def at(k: Knobs, knob: str | None = None) -> float | None:
        r = m.solve(k, p, detail=knob is not None and not by_bound and bool(busy))
        if knob is not None and limit is not None:
            h = held(r)
            if h is not None:
                limits.setdefault(knob, []).append(h)
        v = r["metrics"][metric]
        return None if v is None else float(v)

    got = here["metrics"][metric]
    value = None if got is None else float(got)
    rows: list[KnobEffect] = []
    for k in s.knobs:
        row: KnobEffect = {"name": k.name, "label": k.label, "active": k.active(base)}
        if not row["active"]:
            row["reason"] = k.inactive_reason
        elif k.choices is not None:
            row["choices"] = {c: at({**base, k.name: c}, k.name) for c in k.choices}
            seen = [v for v in row["choices"].values() if v is not None]
            row["low"], row["high"] = (min(seen), max(seen)) if seen else (None, None)
        else:
            assert k.min is not None and k.max is not None
            row["low"] = at({**base, k.name: _end(k, k.min)}, k.name)
            row["high"] = at({**base, k.name: _end(k, k.max)}, k.name)
            row["elasticity"] = _elasticity(k, base, at, value)
        rows.append(row)
    rows.sort(key=_span, reverse=True)
    return {
        "system": name,
        "metric": metric,
        "value": value,
        "knobs": rows,
        "bottleneck": limit,
        "cause": _cause(s.knobs, base, limit, held(here), limits),
    }


def _cause(
    knobs: Sequence[Knob], base: Knobs, limit: str | None, now: float | None, limits: dict[str, list[float]]
) -> str | None:
    """The knob behind the bottleneck (see the module's docstring), or None."""
    if limit is None:
        return None
    for k in knobs:  # a window or a population that is itself a knob
        if k.label.lower() == limit.lower() and k.active(base):
            return k.name
    if not now or now <= 0:
        return None
    moved = {n: (max(v) - min(v)) / now for n, v in limits.items() if v}
    best = max(moved, key=moved.__getitem__, default=None)
    return best if best is not None and moved[best] > 1e-9 else None


def _term_alone(r: Any, metric: str, limit: str | None) -> float | None:
    """An open path's bottleneck term's own limit on the metric, where the model gives one."""
    for b in r.get("bounds", []):
        if b["metric"] == metric and b["name"] == limit and b["side"] == "upper":
            return float(b["value"])
    return None


def _end(k: Knob, v: float) -> float | int:
    return int(v) if k.integer else v


def _elasticity(k: Knob, base: Knobs, at: Any, value: float | None) -> float | None:
    """d ln y / d ln x at the setting, or None where it has no meaning (x or y not positive, or
    the knob at an end with no neighbour on one side: then a one-sided difference)."""
    x = float(base[k.name])
    if x <= 0 or value is None or value <= 0:
        return None
    assert k.min is not None and k.max is not None
    lo_x: float | int
    hi_x: float | int
    if k.integer:
        up = x * 2 if k.scale == "log2" else x + (k.step or 1)
        down = x / 2 if k.scale == "log2" else x - (k.step or 1)
        pts = [v for v in (down, x, up) if k.min <= v <= k.max]
        lo_x, hi_x = int(pts[0]), int(pts[-1])
    else:
        lo_x, hi_x = max(k.min, x * (1 - STEP)), min(k.max, x * (1 + STEP))
    if lo_x <= 0 or hi_x == lo_x:
        return None
    y_lo = value if lo_x == x else at({**base, k.name: lo_x})
    y_hi = value if hi_x == x else at({**base, k.name: hi_x})
    if y_lo is None or y_hi is None or y_lo <= 0 or y_hi <= 0:
        return None
    return (math.log(y_hi) - math.log(y_lo)) / (math.log(hi_x) - math.log(lo_x))


def _span(row: KnobEffect) -> float:
    lo, hi = row.get("low"), row.get("high")
    return abs(hi - lo) if lo is not None and hi is not None else -1.0
