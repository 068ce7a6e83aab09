"""A closed loop whose every time is constant, beside the model's exponential one.

A closed network of single FIFO stations and a delay whose times are all constant settles, after
its first cycles, into a periodic schedule: as a timed event graph, its cycle time is that of
its slowest circuit (Baccelli, Cohen, Olsder and Quadrat, "Synchronization and Linearity",
1992, ch. 2): each station's own (one server: D_k a customer) or the whole loop's (N customers:
D + Z). So its throughput is exactly the asymptotic bound,

    X(N) = min(N / (D + Z), 1 / D_max),

with none of the sag below the bounds' corner that exponential times cost (the simulator's
constant runs give it to the last digit). DECnet's messages are of one size, so its copies and
its circuit take nearly constant times; its analysis is exact MVA for exponential ones. Where a
model is calibrated at one population (DECnet: the memo measured at quota 16 only), the
constant loop is calibrated there too: its delay is lengthened until it carries the same
throughput at that population, so that both answer the memo's measurement and part elsewhere.
`band` gives the two curves, the model's and the constant loop's, as a band along a knob.
"""

from __future__ import annotations

from typing import Any

from .closed import Engine, Solved
from .mva import recursion
from .types import Band, Knobs, KnobValue, Params


def throughput(demands: tuple[float, ...], copies: tuple[int, ...], think: float, n: int) -> float:
    """X(N) of a loop of constant times: its slowest circuit's rate."""
    d = sum(c * dk for c, dk in zip(copies, demands, strict=True))
    top = max(demands, default=0.0)
    if n < 1:
        return 0.0
    loop_rate = n / (d + think) if d + think > 0 else float("inf")
    return min(loop_rate, 1.0 / top) if top > 0 else loop_rate


def longer_delay(engine: Engine[Any], k: Knobs, p: Params, anchor: dict[str, KnobValue]) -> float:
    """How much longer the delay of a constant loop must be to carry, at the anchor's setting,
    what the exponential loop carries there (0 where it cannot be the same: a station full)."""
    at = {**k, **anchor}
    loop = engine._loop(at, p)
    n = engine._population(at[engine.knob])
    x = recursion(loop.demands, n, loop.think, loop.copies)[0][-1]
    d = sum(c * dk for c, dk in zip(loop.copies, loop.demands, strict=True))
    return max(0.0, n / x - d - loop.think)


def band(
    engine: Engine[Any], k: Knobs, x: str, values: list[KnobValue], p: Params | None, anchor: dict[str, KnobValue]
) -> Band:
    """The model's curve and the constant loop's (calibrated at `anchor`) along knob x: at each
    value the lower and the higher of the two, metric by metric."""
    params = engine._params(p)
    low: dict[str, list[float | None]] = {}
    high: dict[str, list[float | None]] = {}
    for v in values:
        kv = {**k, x: v}
        loop = engine._loop(kv, params)
        n = engine._population(kv[engine.knob])
        z = loop.think + longer_delay(engine, kv, params, anchor)
        idle = (0.0,) * len(loop.demands)
        steady = throughput(loop.demands, loop.copies, z, n)
        constant = engine.point(kv, loop, Solved(n, steady, idle, idle, None))["metrics"]
        model = engine.solve(kv, params, False)["metrics"]
        for m, a in model.items():
            b = constant.get(m)
            both = [w for w in (a, b) if w is not None]
            low.setdefault(m, []).append(min(both) if both else None)
            high.setdefault(m, []).append(max(both) if both else None)
    return {"x": values, "low": low, "high": high, "label": "service times (constant, as fixed-size messages take)"}
