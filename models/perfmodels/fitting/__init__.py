"""Fitting a model to measurements: the one least-squares code the memo's calibration
(`python -m calibration`) and a user's own table (`own.fit`, the worker, the API, the CLI)
both run.

The loss is the sum over measured values of log(model / measured) squared: a relative error,
so a 10 % miss costs the same on a 30 Kbyte/s row as on a 900 Kbyte/s one. What is fitted are
unknowns, each a model parameter (the module's FITTED, within its physical BOUNDS) or a knob
the measurements leave open (a controller's set-up time), within the knob's range. A positive
unknown is searched in log space (a factor up or down is one step, and it can never turn
negative); one whose range starts at zero, in its own units. Outside its bounds an unknown is
held at the nearer bound and the loss grows with the distance, so the simplex turns back.

The minimiser is a Nelder-Mead simplex (standard library only: the same code runs in Pyodide),
deterministic for a given start, so calibrations are reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import median
from typing import Any

from ..system import System
from ..types import ErrorSummary, Knobs, Observation, Params
from ..types.requests import Progress

# Fitted parameters are published to 4 significant digits.
SIGNIFICANT = 4
# A parameter is undetermined over the range where the loss stays within 1 % of the best.
FLAT_TOLERANCE = 0.01
# What a measured value the model cannot predict (None, or not positive) costs.
MISS_COST = 1e6
# How far a range is searched each way: 300 steps of 0.5 %.
RANGE_STEPS = 300


@dataclass(frozen=True)
class Unknown:
    """One quantity to fit: a model parameter ("param") or a knob ("knob"), its bounds and start."""

    name: str
    kind: str
    lo: float
    hi: float
    start: float

    @property
    def log(self) -> bool:
        return self.lo > 0

    def to_search(self, v: float) -> float:
        return math.log(v) if self.log else v

    def from_search(self, u: float) -> tuple[float, float]:
        """The value a search coordinate stands for (held within bounds), and how far outside it was."""
        lo, hi = (math.log(self.lo), math.log(self.hi)) if self.log else (self.lo, self.hi)
        held = min(hi, max(lo, u))
        return (math.exp(held) if self.log else held), abs(u - held)


def nelder_mead(
    f: Callable[[list[float]], float],
    x0: Sequence[float],
    step: float = 0.3,
    iterations: int = 4000,
    tolerance: float = 1e-12,
    tick: Callable[[], None] | None = None,
) -> tuple[list[float], float]:
    """Minimise f from x0; returns (best point, best value). Standard coefficients 1, 2, 0.5, 0.5.
    `tick` is called once an iteration (progress; it may raise to stop)."""
    n = len(x0)
    simplex = [list(map(float, x0))]
    for i in range(n):
        p = list(map(float, x0))
        p[i] = p[i] + step if p[i] == 0 else p[i] * (1 + step) if abs(p[i]) > 1e-9 else step
        simplex.append(p)
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        if tick:
            tick()
        order = sorted(range(n + 1), key=values.__getitem__)
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        if abs(values[-1] - values[0]) <= tolerance * (abs(values[0]) + tolerance):
            break
        centroid = [sum(p[j] for p in simplex[:-1]) / n for j in range(n)]
        worst = simplex[-1]
        refl = [c + (c - w) for c, w in zip(centroid, worst, strict=True)]
        fr = f(refl)
        if fr < values[0]:
            exp = [c + 2 * (c - w) for c, w in zip(centroid, worst, strict=True)]
            fe = f(exp)
            simplex[-1], values[-1] = (exp, fe) if fe < fr else (refl, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = refl, fr
        else:
            con = [c + 0.5 * (w - c) for c, w in zip(centroid, worst, strict=True)]
            fc = f(con)
            if fc < values[-1]:
                simplex[-1], values[-1] = con, fc
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (q - b) for b, q in zip(best, p, strict=True)] for p in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
    i = min(range(n + 1), key=values.__getitem__)
    return simplex[i], values[i]


def error_percent(model: float | None, measured: float) -> float:
    if model is None:  # no prediction where a value was measured: as far off as it gets
        return float("inf")
    return 100.0 * (model / measured - 1.0)


def _round(x: float, digits: int = SIGNIFICANT) -> float:
    return float(f"{x:.{digits}g}")


def objective(model: System, obs: list[Observation]) -> Callable[[Params, Knobs | None], float]:
    """loss() over fixed observations, made fast for the thousands of calls a fit makes: each
    distinct setting validated once and solved once for all the metrics measured there."""
    groups: dict[str, tuple[Knobs, list[tuple[str, float]]]] = {}
    for o in obs:
        key = repr(sorted(o["config"].items()))
        if key not in groups:
            groups[key] = (model.SPEC.validate(o["config"]), [])
        groups[key][1].append((o["metric"], o["value"]))
    settings = list(groups.values())
    fixed = model.FIXED_DEFAULTS

    def at(p: Params, knobs: Knobs | None = None) -> float:
        total = 0.0
        full = {**fixed, **p}
        for config, measured in settings:
            # a fitted knob may lie between the steps a person is offered: set after validation
            got = model.solve({**config, **knobs} if knobs else config, full, detail=False)["metrics"]
            for metric, value in measured:
                m = got[metric]
                total += math.log(m / value) ** 2 if m is not None and m > 0 else MISS_COST
        return total

    return at


def loss(model: System, obs: list[Observation], p: Params, knobs: Knobs | None = None) -> float:
    """Sum over measured values of log(model / measured) squared; `knobs` override every row's."""
    return objective(model, obs)(p, knobs)


def split(unknowns: Sequence[Unknown], values: Sequence[float]) -> tuple[Params, Knobs]:
    """Fitted values as (model parameters, knob overrides)."""
    p: Params = {}
    k: Knobs = {}
    for u, v in zip(unknowns, values, strict=True):
        (p if u.kind == "param" else k)[u.name] = v
    return p, k


def fit(
    model: System,
    obs: list[Observation],
    unknowns: Sequence[Unknown] | None = None,
    base: Params | None = None,
    restarts: int = 5,
    iterations: int = 3000,
    tolerance: float = 1e-12,
    progress: Progress | None = None,
    step: float = 0.5,
) -> dict[str, float]:
    """Least squares over every measured value; returns each unknown's fitted value (4 digits).
    Without `unknowns`, the model's FITTED parameters from START (the memo's calibration);
    parameters not fitted take `base` (default: none, so the model's committed ones). `step` is
    the first simplex's size (a factor of 1.5 in log space; smaller from a start near the best)."""
    unknowns = list(unknowns) if unknowns is not None else default_unknowns(model)
    if not unknowns:  # a model with nothing to fit (its parameters are all physical constants)
        return {}
    held = dict(base or {})
    cost = objective(model, obs)

    def f(v: list[float]) -> float:
        at = [u.from_search(x) for u, x in zip(unknowns, v, strict=True)]
        p, k = split(unknowns, [value for value, _ in at])
        return cost({**held, **p}, k) + sum(out * out for _, out in at)

    # the share done: the restarts finished, and this one's iterations (most stop well before
    # their budget, so each restart's end is told too)
    restart, done = 0, 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress and done % 25 == 0:
            progress(min(1.0, (restart + done / iterations) / restarts))

    best = [u.to_search(u.start) for u in unknowns]
    for restart in range(restarts):
        done = 0
        best, _value = nelder_mead(f, best, step=step, iterations=iterations, tolerance=tolerance, tick=tick)
        if progress:
            progress((restart + 1) / restarts)
    return {u.name: _round(u.from_search(x)[0]) for u, x in zip(unknowns, best, strict=True)}


def default_unknowns(model: System) -> list[Unknown]:
    """The model's fitted parameters, from START, within their physical BOUNDS."""
    return [Unknown(n, "param", *model.BOUNDS[n], model.START[n]) for n in model.FITTED]


def ranges(
    model: System,
    obs: list[Observation],
    fitted: dict[str, float],
    unknowns: Sequence[Unknown] | None = None,
    base: Params | None = None,
) -> dict[str, list[float]]:
    """For each fitted unknown, the values (the others held at their fit) whose loss stays within
    FLAT_TOLERANCE of the best: [low, high]. A wide range is one the data cannot pin."""
    unknowns = list(unknowns) if unknowns is not None else default_unknowns(model)
    held = dict(base or {})
    cost = objective(model, obs)

    def at(values: dict[str, float]) -> float:
        p, k = split(unknowns, [values[u.name] for u in unknowns])
        return cost({**held, **p}, k)

    limit = at(fitted) * (1 + FLAT_TOLERANCE) + 1e-9
    out = {}
    for u in unknowns:
        value = fitted[u.name]
        edges = []
        for direction in (-1, 1):
            # steps of 0.5 % up to a factor of 4.5 (or of the range): the last step still within
            # the limit, found by doubling then halving (the loss grows away from the best)
            def at_step(i: int, u: Unknown = u, value: float = value, direction: int = direction) -> float | None:
                v = value * math.exp(direction * 0.005 * i) if u.log else value + direction * 0.005 * i * (u.hi - u.lo)
                return v if u.lo <= v <= u.hi and at({**fitted, u.name: v}) <= limit else None

            inside, outside = 0, RANGE_STEPS + 1
            i = 1
            while i <= RANGE_STEPS:
                if at_step(i) is None:
                    outside = i
                    break
                inside = i
                i = min(i * 2, RANGE_STEPS) if i < RANGE_STEPS else RANGE_STEPS + 1
            while outside - inside > 1:
                mid = (inside + outside) // 2
                inside, outside = (mid, outside) if at_step(mid) is not None else (inside, mid)
            edge = at_step(inside) if inside else value
            edges.append(value if edge is None else edge)
        out[u.name] = [_round(edges[0], 3), _round(edges[1], 3)]
    return out


def distance(a: dict[str, Any], b: dict[str, Any]) -> float:
    """How far apart two settings are: octaves between numbers, 1 for each other difference."""
    d = 0.0
    for k in set(a) | set(b):
        va, vb = a.get(k), b.get(k)
        if va == vb:
            continue
        if isinstance(va, (int, float)) and isinstance(vb, (int, float)) and va > 0 and vb > 0:
            d += abs(math.log2(va / vb))
        else:
            d += 1.0
    return d


def baseline(obs: list[Observation], groups: dict[str, str] | None = None) -> list[float]:
    """Errors of copying the nearest other input's value of the same metric (never a twin the
    model cannot tell apart: that would be a lookup of the answer); NaN where there is none."""

    def group(o: Observation) -> str:
        return groups[o["config_id"]] if groups else o["config_id"]

    out = []
    for o in obs:
        others = [p for p in obs if p["metric"] == o["metric"] and group(p) != group(o)]
        if not others:
            out.append(float("nan"))
            continue
        nearest = min(others, key=lambda p: (distance(p["config"], o["config"]), p["config_id"]))
        out.append(error_percent(nearest["value"], o["value"]))
    return out


def summarize(errors: list[float]) -> ErrorSummary:
    a = [abs(e) for e in errors if e == e]
    return {"n": len(a), "median_abs": round(median(a), 2) if a else None, "max_abs": round(max(a), 2) if a else None}
