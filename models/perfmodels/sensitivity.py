"""Which knob matters most here: every knob's effect on one metric at one setting.

For a numeric knob, the elasticity at the setting (the per cent change of the metric per per
cent change of the knob: d ln y / d ln x, by a central difference, a thousandth either side on a
continuous knob and the neighbouring settings on an integer one), and the metric at the knob's
two ends with every other knob held (its span). For a choice knob, the metric under each choice.
A knob that matters only under other settings says so, with the reason, and is not moved.
Sorted by span, largest first: the order of a tornado chart.
"""

from __future__ import annotations

import math
from typing import Any

from .knobs import Knob
from .registry import model_params, system
from .types import KnobEffect, Knobs, Sensitivity

# The relative step of a central difference on a continuous knob.
STEP = 1e-3


def sensitivity(name: str, knobs: dict[str, object] | None, metric: str, params: object = None) -> Sensitivity:
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

    def at(k: Knobs) -> float | None:
        v = m.solve(k, p, detail=False)["metrics"][metric]
        return None if v is None else float(v)

    value = at(base)
    rows: list[KnobEffect] = []
    for k in s.knobs:
        row: KnobEffect = {"name": k.name, "label": k.label, "active": k.active(base)}
        if not row["active"]:
            row["reason"] = k.inactive_reason
        elif k.choices is not None:
            row["choices"] = {c: at({**base, k.name: c}) for c in k.choices}
            seen = [v for v in row["choices"].values() if v is not None]
            row["low"], row["high"] = (min(seen), max(seen)) if seen else (None, None)
        else:
            assert k.min is not None and k.max is not None
            row["low"], row["high"] = at({**base, k.name: _end(k, k.min)}), at({**base, k.name: _end(k, k.max)})
            row["elasticity"] = _elasticity(k, base, at, value)
        rows.append(row)
    rows.sort(key=_span, reverse=True)
    return {"system": name, "metric": metric, "value": value, "knobs": rows}


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
