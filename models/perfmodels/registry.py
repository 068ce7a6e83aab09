"""The systems Memo Lab can explore and the uniform evaluate/sweep API over them."""

from __future__ import annotations

from . import decnet
from .knobs import Spec

MAX_SWEEP_POINTS = 512

_SYSTEMS = {
    "decnet": (decnet.SPEC, decnet.evaluate),
}


def systems() -> list[str]:
    return list(_SYSTEMS)


def _spec(system: str) -> Spec:
    if system not in _SYSTEMS:
        raise ValueError(f"unknown system '{system}'; systems are " + ", ".join(_SYSTEMS))
    return _SYSTEMS[system][0]


def describe(system: str) -> dict:
    return _spec(system).to_dict()


def evaluate(system: str, knobs: dict | None = None) -> dict:
    spec = _spec(system)
    full = spec.validate(knobs)
    return {"system": system, "knobs": full, **_SYSTEMS[system][1](full)}


def default_values(spec: Spec, x: str) -> list:
    """The values of knob x a chart sweeps by default: every step, or powers of two on log2."""
    k = spec.knob(x)
    if k.choices is not None:
        return list(k.choices)
    if k.scale == "log2":
        v, out = k.min, []
        while v <= k.max:
            out.append(v)
            v *= 2
        return out
    n = int(round((k.max - k.min) / k.step)) + 1
    if n > 128:  # keep curves light: about 128 evenly spaced values on the knob's own grid
        stride = -(-n // 128)
        idx = list(range(0, n, stride))
        if idx[-1] != n - 1:
            idx.append(n - 1)
    else:
        idx = list(range(n))
    vals = [k.min + i * k.step for i in idx]
    return [int(v) for v in vals] if k.integer else vals


def sweep(system: str, knobs: dict | None, x: str, values: list | None = None) -> dict:
    """Metrics and bottleneck at each value of knob x (other knobs fixed; values default to the
    knob's grid). Stage loads are left out: a chart needs them only at the current setting."""
    spec = _spec(system)
    base = spec.validate(knobs)
    kx = spec.knob(x)
    if values is None:
        values = default_values(spec, x)
    if not isinstance(values, list) or not values:
        raise ValueError("values must be a non-empty list")
    if len(values) > MAX_SWEEP_POINTS:
        raise ValueError(f"at most {MAX_SWEEP_POINTS} sweep values are allowed; got {len(values)}")
    xs = [kx.coerce(v) for v in values]
    if system == "decnet" and x == "link_quota":
        results = decnet.sweep_link_quota(base, xs)
    else:
        results = [_SYSTEMS[system][1]({**base, x: v}, detail=False) for v in xs]
    return {"system": system, "knobs": base, "x": x,
            "points": [{"x": v, **r} for v, r in zip(xs, results)]}
