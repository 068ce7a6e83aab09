"""The sweep engine: a system's metrics along one knob, with the band of what the memo leaves
open, the knee where a resource takes over, where a resource saturates (a later point: pace.py),
and the textbook bounds.

A system answers along a knob through its `ALONG` hooks (system.Along): a closed network's engine
(closed.py) gives a whole population axis from one MVA pass; anywhere else the engine here solves
point by point, gathers the bounds from the points and finds the knee by halving.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from . import constant, pace
from .closed import Engine
from .fitted import fitted
from .knobs import Spec
from .memomodel import memo_models
from .registry import model_params, system, undetermined
from .system import System
from .types import Band, BoundLine, Evaluation, Knee, Knobs, KnobValue, Params, Saturation, SweepResult

MAX_SWEEP_POINTS = 512
# A knee found by halving a grid interval: to 2**-24 of it (far below what a chart shows), in as
# many model calls, once a sweep where the limit turns into a resource.
KNEE_HALVINGS = 24
BAND_POINTS = 32
# Points of a default sweep: smooth at chart widths, and cheap enough to redraw within a frame.
GRID_POINTS = 100


def default_values(s: Spec, x: str) -> list[KnobValue]:
    """The values of knob x a chart sweeps by default: every step, or powers of two on log2."""
    k = s.knob(x)
    if k.choices is not None:
        return list(k.choices)
    assert k.min is not None and k.max is not None and k.step is not None
    if k.scale == "log2":
        v: float = k.min
        out: list[KnobValue] = []
        while v <= k.max:
            out.append(int(v) if k.integer else v)
            v *= 2
        return out
    n = int(round((k.max - k.min) / k.step)) + 1
    if n > GRID_POINTS:  # about GRID_POINTS evenly spaced values on the knob's own grid
        stride = -(-n // GRID_POINTS)
        idx = list(range(0, n, stride))
        if idx[-1] != n - 1:
            idx.append(n - 1)
    else:
        idx = list(range(n))
    vals = [k.min + i * k.step for i in idx]
    return [int(v) for v in vals] if k.integer else [round(v, 10) for v in vals]


Series = tuple[dict[str, list[float | None]], list[str | None], dict[str, list[float | None]], list[BoundLine]]


def _series(m: System, base: Knobs, x: str, xs: list[KnobValue], p: Params | None = None) -> Series:
    return _solved(m, base, x, xs, p)[0]


def _solved(
    m: System, base: Knobs, x: str, xs: list[KnobValue], p: Params | None = None, detail: bool = False
) -> tuple[Series, list[Evaluation] | None]:
    """The series along x, and with `detail` each point solved one by one (their stages, which
    the saturation point is read from), or None where the model's fast path gave them."""
    points = m.ALONG.points(base, x, xs, p)
    # a fast path's bounds come as lines from the model (its points leave them out)
    lines = m.ALONG.bound_lines(base, x, xs, p) if points is not None else None
    solved = None
    if points is None:
        points = solved = [m.solve({**base, x: v}, p, detail=detail) for v in xs]
    metrics = {mt.name: [pt["metrics"][mt.name] for pt in points] for mt in m.SPEC.metrics}
    names = {name for pt in points for name in pt.get("limits", {})}
    limits = {name: [pt.get("limits", {}).get(name) for pt in points] for name in sorted(names)}
    series = (
        metrics,
        [pt["bottleneck"] for pt in points],
        limits,
        lines if lines is not None else _bound_lines(points),
    )
    return series, solved if detail else None


def _bound_lines(points: list[Evaluation]) -> list[BoundLine]:
    """Each bound along x (None where a point has none: a stage that takes no time there)."""
    at: dict[tuple[str, str, str], list[float | None]] = {}
    for i, pt in enumerate(points):
        for b in pt.get("bounds", ()):
            at.setdefault((b["metric"], b["name"], b["side"]), [None] * len(points))[i] = b["value"]
    return [{"metric": m, "name": n, "side": sd, "values": v} for (m, n, sd), v in at.items()]


def _knee(
    m: System, base: Knobs, x: str, xs: list[KnobValue], bottleneck: list[str | None], p: Params | None = None
) -> Knee | None:
    """Where the pace setter first turns from a window or the users to a resource along x: the
    model's own answer where it has one (ALONG.knee), else found by halving the interval on a
    continuous knob, else the midpoint of the two settings on an integer knob."""
    kx = m.SPEC.knob(x)
    window = set(m.SPEC.not_resources)

    def resource(b: str | None) -> bool:
        return b is not None and b not in window

    for i in range(1, len(xs)):
        lo, hi, turned = xs[i - 1], xs[i], bottleneck[i]
        if not (resource(turned) and not resource(bottleneck[i - 1])) or kx.choices is not None:
            continue
        assert turned is not None and isinstance(lo, (int, float)) and isinstance(hi, (int, float))
        at = m.ALONG.knee(base, x, p)  # (with a fit, the fitted network's own knee)
        if at is None or not lo <= at <= hi:
            if kx.integer:
                at = (lo + hi) / 2
            else:
                a, b = float(lo), float(hi)
                for _ in range(KNEE_HALVINGS):
                    mid = (a + b) / 2
                    if resource(_bottleneck(m, base, x, mid, p)):
                        b = mid
                    else:
                        a = mid
                at = b
        return {"x": float(at), "resource": turned}
    return None


def _bottleneck(m: System, base: Knobs, x: str, v: KnobValue, p: Params | None) -> str | None:
    """What sets the pace at x = v: the model's answer without solving the point where it has one."""
    got = m.ALONG.bottlenecks(base, x, [v], p)
    return got[0] if got is not None else m.solve({**base, x: v}, p, detail=False)["bottleneck"]


def saturation(
    m: System, base: Knobs, x: str, xs: list[KnobValue], p: Params | None = None, solved: list[Evaluation] | None = None
) -> Saturation | None:
    """The first value along x at which the model has a resource at least pace.SATURATED busy:
    the busiest station's share where the model gives it along x (ALONG.utilization), else the
    pace setter's at each point (pace.busy; from `solved`, the sweep's own points, if given).
    Between two grid values it is narrowed on the knob's own steps (halving on a continuous
    knob); a knob on powers of two keeps its grid value. None where no resource is that busy
    along the axis: then nothing is said to saturate."""
    kx = m.SPEC.knob(x)
    if kx.choices is not None:
        return None

    def at(v: KnobValue) -> tuple[str, float] | None:
        got = m.ALONG.utilization(base, x, [v], p)
        return (got[0], got[1][0]) if got is not None else pace.busy(m.solve({**base, x: v}, p, detail=True))

    along = m.ALONG.utilization(base, x, xs, p)
    shares: list[tuple[str, float] | None] | None = None
    if along is not None:
        shares = [(along[0], u) for u in along[1]]
    elif solved is not None:  # the sweep's own points, solved with their stages
        shares = [pace.busy(pt) for pt in solved]
    for i, v in enumerate(xs):
        got = shares[i] if shares is not None else at(v)
        if got is None or got[1] < pace.SATURATED:
            continue
        if i > 0 and kx.scale != "log2":
            v, got = _narrowed(kx.integer, kx.step or 1, xs[i - 1], v, got, at)
        return {"x": float(v), "resource": got[0], "utilization": got[1]}
    return None


Busy = tuple[str, float]  # a resource and its busy share


def _narrowed(
    integer: bool, step: float, lo: KnobValue, hi: KnobValue, got: Busy, at: Callable[[KnobValue], Busy | None]
) -> tuple[KnobValue, Busy]:
    """The first value after lo, up to hi (saturated: `got`), at which `at` is saturated: on an
    integer knob a whole number of steps from lo, on a continuous one by halving."""
    assert isinstance(lo, (int, float)) and isinstance(hi, (int, float))

    def full(v: KnobValue) -> tuple[str, float] | None:
        r = at(v)
        return r if r is not None and r[1] >= pace.SATURATED else None

    if integer:
        a, b = 0, int(round((hi - lo) / step))  # steps from lo: a not saturated, b saturated
        while b - a > 1:
            mid = (a + b) // 2
            r = full(int(lo + mid * step))
            if r is not None:
                b, got = mid, r
            else:
                a = mid
        return int(lo + b * step), got
    fa: float = float(lo)
    fb: float = float(hi)
    for _ in range(KNEE_HALVINGS):
        half = (fa + fb) / 2
        r = full(half)
        if r is not None:
            fb, got = half, r
        else:
            fa = half
    return fb, got


def sweep(
    name: str,
    knobs: Mapping[str, object] | None,
    x: str,
    values: Sequence[object] | None = None,
    band: bool = True,
    params: object = None,
    spread: object = None,
) -> SweepResult:
    """Metrics and bottleneck at each value of knob x, the other knobs fixed (values default to
    the knob's grid). Columnar: {"x_knob", "x": [...], "metrics": {name: [...]},
    "bottleneck": [...], "limits": {...}, "band": {knob: {"x": [...], "low": {...},
    "high": {...}}}}. The band gives the outcomes at both ends of each knob the memo leaves
    undetermined (other than x), and of each fitted parameter it does not pin down. It costs
    several curves: with band=False it is left empty, for a caller that asks for it apart
    (band(), the same arguments) so that the curve comes first. With `params` (a user's own fit)
    the curve is that fit's, and the band spans the unknown knobs and `spread`: the fitted
    parameters the user's table does not pin, each {name: [low, high]} (model_spread)."""
    m, base, xs = _sweep_args(name, knobs, x, values)
    p = model_params(name, params)
    (metrics, bottleneck, limits, bound_lines), solved = _solved(m, base, x, xs, p, detail=True)
    return {
        "system": name,
        "knobs": base,
        "x_knob": x,
        "x": xs,
        "metrics": metrics,
        "bottleneck": bottleneck,
        "limits": limits,
        "band": _band(m, name, base, x, xs, p, model_spread(name, spread, p)) if band else {},
        "knee": _knee(m, base, x, xs, bottleneck, p),
        "saturation": saturation(m, base, x, xs, p, solved),
        "bounds": bound_lines,
        "bounds_knee": m.ALONG.bounds_knee(base, x, p),
        "memo_models": memo_models(m, name, base, x, p),
    }


def band(
    name: str,
    knobs: Mapping[str, object] | None,
    x: str,
    values: Sequence[object] | None = None,
    params: object = None,
    spread: object = None,
) -> dict[str, Band]:
    """The band of sweep(name, knobs, x, values, params=params, spread=spread) alone."""
    m, base, xs = _sweep_args(name, knobs, x, values)
    p = model_params(name, params)
    return _band(m, name, base, x, xs, p, model_spread(name, spread, p))


def model_spread(name: str, spread: object, p: Params | None) -> dict[str, tuple[float, float]]:
    """The ranges a user's table leaves open for its fitted parameters ({name: [low, high]},
    each within the parameter's bounds); only with a user's fit (`p`)."""
    if spread is None or spread == {}:
        return {}
    if p is None:
        raise ValueError("spread goes with params: the ranges a user's own fit leaves open")
    if not isinstance(spread, dict) or len(spread) > 32:
        raise ValueError("spread must be an object mapping fitted parameters to [low, high]")
    bounds = system(name).BOUNDS
    out: dict[str, tuple[float, float]] = {}
    for key, pair in spread.items():
        if key not in bounds:
            raise ValueError(f"unknown parameter '{key}' in spread for system '{name}'")
        ok = (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pair)
        )
        lo, hi = bounds[key]
        if not ok or not lo <= pair[0] <= pair[1] <= hi:
            raise ValueError(f"spread of '{key}' must be [low, high] from {lo:g} to {hi:g}; got {pair!r}")
        out[key] = (float(pair[0]), float(pair[1]))
    return out


_DEFAULT_GRIDS: dict[tuple[str, str], list[KnobValue]] = {}


def _sweep_args(
    name: str, knobs: Mapping[str, object] | None, x: str, values: Sequence[object] | None
) -> tuple[System, Knobs, list[KnobValue]]:
    m = system(name)
    s = m.SPEC
    base = s.validate(knobs)
    kx = s.knob(x)
    if values is None:  # the default grid, checked once a knob (a copy: callers may change theirs)
        if (name, x) not in _DEFAULT_GRIDS:
            _DEFAULT_GRIDS[name, x] = [kx.coerce(v) for v in default_values(s, x)]
        return m, base, list(_DEFAULT_GRIDS[name, x])
    if not isinstance(values, list) or not values:
        raise ValueError("values must be a non-empty list")
    if len(values) > MAX_SWEEP_POINTS:
        raise ValueError(f"at most {MAX_SWEEP_POINTS} sweep values are allowed; got {len(values)}")
    return m, base, [kx.coerce(v) for v in values]


def _band(
    m: System,
    name: str,
    base: Knobs,
    x: str,
    xs: list[KnobValue],
    p: Params | None = None,
    spread: dict[str, tuple[float, float]] | None = None,
) -> dict[str, Band]:
    s = m.SPEC
    band: dict[str, Band] = {}
    # The band is drawn as a shaded area: at most BAND_POINTS samples of x are plenty.
    bx = xs if len(xs) <= BAND_POINTS else xs[:: -(-len(xs) // BAND_POINTS)] + [xs[-1]]
    if isinstance(bx[-1], (int, float)) and len(bx) > 1 and bx[-1] == bx[-2]:
        bx.pop()
    for u in s.unknowns:
        if u == x:
            continue
        ku = s.knob(u)
        assert ku.min is not None and ku.max is not None
        band[u] = {
            "x": bx,
            "low": _series(m, {**base, u: ku.min}, x, bx, p)[0],
            "high": _series(m, {**base, u: ku.max}, x, bx, p)[0],
        }
    # where the model's service times are not its mechanism's (DECnet: constant, not exponential)
    if m.ALONG.constant_at is not None and isinstance(m.ALONG, Engine):
        band["service"] = constant.band(m.ALONG, base, x, bx, p, m.ALONG.constant_at)
    # the fitted parameters the data leave open: the user's table's (spread) with a user's fit,
    # else the memo's
    for pname, (lo, hi) in (spread or {} if p is not None else undetermined(name)).items():
        p0 = dict(p if p is not None else fitted(name))
        band[pname] = {
            "x": bx,
            "low": _series(m, base, x, bx, {**p0, pname: lo})[0],
            "high": _series(m, base, x, bx, {**p0, pname: hi})[0],
            "parameter": True,
            "label": m.PARAMETER_LABELS.get(pname, pname),
        }
    return band
