"""How far a system can go at all: the textbook bounds beside a model's curve.

Closed networks (DECnet's link, the LAVC cluster). N customers circulate through queueing
stations with demands D_k per cycle (seconds; a station with several identical copies counts
once a copy) and a delay Z. With D = sum D_k, D_max the largest, K the stations with a demand
and D_avg = D / K, every product-form network's throughput X(N) obeys

    asymptotic:    N / (N D + Z)  <=  X(N)  <=  min(N / (D + Z), 1 / D_max)
    balanced job:  N / (D + Z + (N - 1) D_max / (1 + Z / (N D)))  <=  X(N)
                   X(N)  <=  min(1 / D_max, N / (D + Z + (N - 1) D_avg / (1 + Z / D)))

(Zahorjan, Sevcik, Eager and Galler, "Balanced job bound analysis of queueing networks",
CACM 25(2), 1982; Lazowska et al., "Quantitative System Performance", 1984, chapter 5). The
two asymptotes meet at the knee N* = (D + Z) / D_max: below it the population is too small to
keep any station busy, above it the station with D_max sets the pace. A bound on X is a bound
on every metric that is X times an amount per cycle (bits a message, a station's demand for
its utilization), which each model names.

Open paths (FFS, AFS, RSX QIO). Each term whose max sets the period (pace.py) has its own
limit: the metric if only that term took time. For a rate that is an upper bound (the work per
unit over the term's time); for a time, a lower bound (the term's time itself).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .types import Bound, BoundLine

ASYMPTOTIC = "asymptotic"
BALANCED = "balanced job"


NAMES = (f"{ASYMPTOTIC} upper", f"{ASYMPTOTIC} lower", f"{BALANCED} upper", f"{BALANCED} lower")


def _sums(demands: Sequence[float], copies: Sequence[int] | None) -> tuple[float, float, float] | None:
    """D, D_max and the average demand of the stations that take time (None when none does)."""
    cs = list(copies) if copies is not None else [1] * len(demands)
    d = total_demand(demands, cs)
    if d <= 0:
        return None
    d_max = max(dk for dk in demands if dk > 0)
    return d, d_max, d / sum(c for c, dk in zip(cs, demands, strict=True) if dk > 0)


def _four(d: float, d_max: float, d_avg: float, z: float, n: float) -> tuple[float, float, float, float]:
    """The four bounds on X(n), in the order of NAMES: the one place their formulas stand."""
    return (
        min(n / (d + z), 1.0 / d_max),
        asymptotic_lower(d, z, n),
        min(1.0 / d_max, n / (d + z + (n - 1) * d_avg / (1 + z / d))),
        n / (d + z + (n - 1) * d_max / (1 + z / (n * d))),
    )


def closed(
    demands: Sequence[float], think: float, n: float, copies: Sequence[int] | None = None, product_form: bool = True
) -> dict[str, float]:
    """The four bounds on X(n), in customers a second: {"asymptotic upper", "asymptotic lower",
    "balanced job upper", "balanced job lower"} (empty when nothing takes time). The balanced
    job bounds hold for product-form networks only: without `product_form` (constant times,
    kinds of request with their own times at one station) the asymptotic bounds alone."""
    sums = _sums(demands, copies)
    if sums is None or n <= 0:
        return {}
    kept = NAMES if product_form else NAMES[:2]
    # demands near the smallest float overflow to a bound at infinity, which bounds nothing
    return {k: v for k, v in zip(kept, _four(*sums, think, n), strict=False) if math.isfinite(v)}


def total_demand(demands: Sequence[float], copies: Sequence[int] | None = None) -> float:
    """D, a cycle's whole demand: each station's times its copies."""
    cs = copies if copies is not None else [1] * len(demands)
    return sum(c * dk for c, dk in zip(cs, demands, strict=True))


def asymptotic_lower(d: float, think: float, n: float) -> float:
    """X(n) >= n / (n D + Z): every customer queueing behind all the others, at every station."""
    return n / (n * d + think)


def knee(demands: Sequence[float], think: float, copies: Sequence[int] | None = None) -> float | None:
    """N* = (D + Z) / D_max, where the two asymptotes meet (None when nothing takes time)."""
    cs = list(copies) if copies is not None else [1] * len(demands)
    top = max(demands, default=0.0)
    if top <= 0:
        return None
    at = (sum(c * dk for c, dk in zip(cs, demands, strict=True)) + think) / top
    return at if math.isfinite(at) else None


def scaled(x_bounds: dict[str, float], per_cycle: dict[str, float]) -> list[Bound]:
    """The bounds on X as bounds on each metric that is X times its amount per cycle."""
    return [
        {"metric": metric, "name": name, "side": "upper" if name.endswith("upper") else "lower", "value": x * amount}
        for metric, amount in per_cycle.items()
        for name, x in x_bounds.items()
        if math.isfinite(x * amount)
    ]


def closed_lines(
    demands: Sequence[float],
    think: float,
    populations: Sequence[int],
    per_cycle: dict[str, float],
    copies: Sequence[int] | None = None,
    product_form: bool = True,
) -> list[BoundLine]:
    """The bounds along a population axis, as lines: one network's demands, every population
    (a sweep's fast path: the same numbers as `scaled(closed(...))` point by point, with what
    does not depend on the population worked out once)."""
    sums = _sums(demands, copies)
    if sums is None or not populations:
        return []
    kept = NAMES if product_form else NAMES[:2]
    at = [_four(*sums, think, n) if n > 0 else None for n in populations]
    isfinite = math.isfinite  # (a local name: this runs for every value of every line)
    each = {name: [None if b is None else b[i] for b in at] for i, name in enumerate(kept)}
    return [
        {
            "metric": metric,
            "name": name,
            "side": "upper" if name.endswith("upper") else "lower",
            "values": [None if x is None or not isfinite(v := x * amount) else v for x in xs],
        }
        for metric, amount in per_cycle.items()
        for name, xs in each.items()
        if any(x is not None and isfinite(x) for x in xs)
    ]


def stage_limits(
    work: float, terms: dict[str, float], rates: dict[str, float], times: Sequence[str] = ()
) -> list[Bound]:
    """Each pace term's own limit on an open path. `work`: the unit's size; `terms`: each term's
    time per unit; `rates`: metric -> its value per unit of work a unit of time (the metric is
    rate * work / period); `times`: metrics that are the period itself (the term a lower bound)."""
    out: list[Bound] = []
    isfinite = math.isfinite
    for name, t in terms.items():
        if t <= 0:
            continue
        for m, f in rates.items():  # (plain loops: a fit calls this tens of thousands of times)
            v = f * work / t
            if isfinite(v):
                out.append({"metric": m, "name": name, "side": "upper", "value": v})
        if times and isfinite(t):
            out.extend({"metric": m, "name": name, "side": "lower", "value": t} for m in times)
    return out
