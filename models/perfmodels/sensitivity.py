"""Which knob matters most here: every knob's effect on one metric at one setting.

For a numeric knob, the metric at the knob's two ends with every other knob held, the least and
the most it takes over the knob's range (on up to INSIDE values of the knob's grid between the
ends: a knob whose metric peaks inside its range, FFS's rotational delay, spans more than its
ends say; the span is most - least), and
its effect here in the units a person would compute it (`effect`, `_effect`):
  - on a knob whose grid is powers of two (a block size, a chunksize given as log2 bytes), the
    per cent change from doubling it (from here to twice here; at the top end, from half to here);
  - on a continuous knob where the model is smooth here, the elasticity: the per cent change of
    the metric per 1 % of the knob's own quantity (d ln y / d ln x, the two one-sided slopes a
    thousandth either side agreeing);
  - on a knob with whole steps (buffers, users), or where the model moves in steps here (a jump
    within a thousandth either side: RSX's swapping, which rounds to whole swaps), the per cent
    change at the next step of the knob's grid, said as such (never a derivative across a jump).
`elasticity` is given only in the smooth case. For a choice knob, the metric under each choice.
A knob that matters only under other settings says so, with the reason, and is not moved.
Sorted by span, largest first: the order of a tornado chart, whose first knob (`largest`) is the
one that moves the metric most over its range.

The bottleneck's cause, a different claim. Where a knob is itself the limit (DECnet's link quota
below its knee), that knob. Where a resource is (pace.py), the knob that moves what it allows the
most over the knob's range, relative to here: on an open path the term's own limit on the metric
(bounds.py), on a closed network the bottleneck station's demand. The knob to turn to relieve it,
which need not move the metric most (RSX swapping: the swap disk's knob barely does). None
where nothing limits (a cluster below saturation).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from .knobs import Knob
from .registry import model_params, system
from .sweep import default_values
from .types import KnobEffect, Knobs, KnobStep, Sensitivity

# How many values of a knob's grid between its ends are tried for the least and the most.
INSIDE = 15
# The relative step of a one-sided difference on a continuous knob.
STEP = 1e-3
# The two one-sided slopes agree (the model is smooth here) within this share of the larger.
SMOOTH = 0.05


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
            row["least"], row["most"] = row["low"], row["high"]
        else:
            assert k.min is not None and k.max is not None
            row["low"] = at({**base, k.name: _end(k, k.min)}, k.name)
            row["high"] = at({**base, k.name: _end(k, k.max)}, k.name)
            inside = [at({**base, k.name: v}) for v in _inside(default_values(s, k.name))]
            seen = [v for v in (row["low"], row["high"], *inside) if v is not None]
            row["least"], row["most"] = (min(seen), max(seen)) if seen else (None, None)
            effect, elasticity = _effect(k, base, at, value)
            if effect is not None:
                row["effect"] = effect
            row["elasticity"] = elasticity
        rows.append(row)
    rows.sort(key=_span, reverse=True)
    largest = next((r["name"] for r in rows if r["active"] and _span(r) > 0), None)
    return {
        "system": name,
        "metric": metric,
        "value": value,
        "knobs": rows,
        "bottleneck": limit,
        "cause": _cause(s.knobs, base, limit, held(here), limits),
        "largest": largest,
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


def _quantity(k: Knob, v: float) -> float:
    """The knob's own quantity: bytes for a knob given as log2 bytes, else its value."""
    return 2.0**v if k.unit == "log2 bytes" else v


def _effect(k: Knob, base: Knobs, at: Any, value: float | None) -> tuple[KnobStep | None, float | None]:
    """The knob's effect here as a person would compute it (see the module's docstring), and
    the elasticity where the model is smooth here; (None, None) where a per cent change has no
    meaning (the metric not positive here)."""
    x = base[k.name]
    assert k.min is not None and k.max is not None and isinstance(x, (int, float))
    if value is None or value <= 0:
        return None, None
    doubling = k.scale == "log2" or k.unit == "log2 bytes"
    if not doubling and not k.integer and x > 0:
        lo_x, hi_x = max(k.min, x * (1 - STEP)), min(k.max, x * (1 + STEP))
        pairs = [(a, b) for a, b in ((lo_x, x), (x, hi_x)) if a < b]
        if len(pairs) == 1:
            # at an end of the range, one side only: a second slope further in on that side, so
            # a jump within the last thousandth (FFS's rotational delay at its top) is seen
            a, b = pairs[0]
            pairs.append((max(k.min, a - (b - a)), a) if b == x else (b, min(k.max, b + (b - a))))
            pairs = [(p, q) for p, q in pairs if p < q]
        sides = [_slope(k, a, b, _y(at, base, k, a, value), _y(at, base, k, b, value)) for a, b in pairs]
        if sides and all(sl is not None for sl in sides):
            got = [sl for sl in sides if sl is not None]
            top = max(abs(sl) for sl in got)
            if max(got) - min(got) <= SMOOTH * max(top, 1e-12) and top > 0:
                e = sum(got) / len(got)
                return {"kind": "elasticity", "percent": e}, e
    # the next step of the knob's grid (a doubling on powers of two); at the top end, the step
    # that ends here
    up = x + 1 if k.unit == "log2 bytes" else x * 2 if doubling else x + (k.step or 1)
    down = x - 1 if k.unit == "log2 bytes" else x / 2 if doubling else x - (k.step or 1)
    if up <= k.max:
        to, y_to = up, _y(at, base, k, up, value)
        pct = None if y_to is None else 100.0 * (y_to / value - 1.0)
    elif down >= k.min:
        to, y_from = down, _y(at, base, k, down, value)
        pct = None if y_from is None or y_from <= 0 else 100.0 * (value / y_from - 1.0)
    else:
        return None, None
    if pct is None:
        return None, None
    # (rounding noise is no change; a grid value reads as it is written: 0.06, not 0.060000000000000005)
    step: KnobStep = {
        "kind": "doubling" if doubling else "step",
        "percent": 0.0 if abs(pct) < 1e-9 else pct,
        "to": int(to) if k.integer else round(to, 10),
    }
    return step, None


def _y(at: Any, base: Knobs, k: Knob, v: float, here: float) -> float | None:
    """The metric with knob k at v (here's value at here's setting)."""
    return here if v == base[k.name] else at({**base, k.name: _end(k, v)})


def _slope(k: Knob, a: float, b: float, ya: float | None, yb: float | None) -> float | None:
    """d ln y / d ln q between a and b, in the knob's own quantity q (None: y not positive)."""
    if ya is None or yb is None or ya <= 0 or yb <= 0 or a <= 0:
        return None
    return (math.log(yb) - math.log(ya)) / (math.log(_quantity(k, b)) - math.log(_quantity(k, a)))


def _inside(grid: Sequence[Any]) -> list[Any]:
    """Up to INSIDE values of a knob's grid strictly between its ends, evenly spread."""
    n = len(grid)
    if n <= INSIDE + 2:
        return list(grid[1:-1])
    return [grid[round(i * (n - 1) / (INSIDE + 1))] for i in range(1, INSIDE + 1)]


def _span(row: KnobEffect) -> float:
    lo, hi = row.get("least"), row.get("most")
    return hi - lo if lo is not None and hi is not None else -1.0
