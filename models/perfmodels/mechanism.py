"""How a closed network's requests are served, beyond the mean demands the MVA engine reads: the
kinds of request a model mixes (LAVC's lock operations and disk I/Os, each with its own time at
each station) and the spread of every service time, as its squared coefficient of variation
(scv: 1 for exponential times, 0 for constant ones).

A `Loop` (closed.py) may carry a `Mechanism`; without one it stands for a single kind of request
with exponential times, the product-form network exact MVA solves. The simulator
(simulation/closedsim.py) draws every request from it, and the kinds' own demands add up to the
loop's demands (`demands`), so the simulation and the analysis describe one network.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

EXPONENTIAL = 1.0
CONSTANT = 0.0


@dataclass(frozen=True)
class Kind:
    """One kind of request: how many of it a cycle brings, and its time at each station (at the
    one copy it visits, chosen evenly; 0 where it does not go), with each time's spread."""

    name: str
    rate: float  # requests of this kind a cycle
    service: tuple[float, ...]  # seconds at each station, per request
    scv: tuple[float, ...]  # squared coefficient of variation of each of those times


@dataclass(frozen=True)
class Mechanism:
    """The kinds of request, visited in station order, and the spread of the think time (which
    the means of a product-form network do not depend on, but a simulation draws)."""

    kinds: tuple[Kind, ...]
    think_scv: float = EXPONENTIAL
    # what the model's card calls the spreads it assumes, for the page's sentence
    says: str = "exponential service times"


def single(
    demands: Sequence[float], copies: Sequence[int], scv: float = EXPONENTIAL, name: str = "request"
) -> Mechanism:
    """One kind of request a cycle, its time at each station its demand (at one copy of several,
    times the copies: it visits one of them)."""
    service = tuple(d * c for d, c in zip(demands, copies, strict=True))
    return Mechanism((Kind(name, 1.0, service, (scv,) * len(service)),), scv)


def demands(m: Mechanism, copies: Sequence[int]) -> tuple[float, ...]:
    """Seconds a cycle at one copy of each station: every kind's rate times its time, spread
    over the copies."""
    return tuple(sum(k.rate * k.service[i] for k in m.kinds) / c for i, c in enumerate(copies))


def spread(m: Mechanism, scv: float) -> Mechanism:
    """The same requests with every time (the think time's too) of spread `scv`."""
    kinds = tuple(replace(k, scv=(scv,) * len(k.service)) for k in m.kinds)
    return Mechanism(kinds, scv, m.says)


def recursion(
    m: Mechanism, copies: Sequence[int], think: float, population: int, keep: Iterable[int] = ()
) -> tuple[list[float], dict[int, tuple[float, ...]], dict[int, dict[str, tuple[float, ...]]]]:
    """MVA with each kind's own times and their spreads: X(1..population), and at each population
    in `keep` the mean queue at one copy of each station and each kind's mean wait there.

    An arriving request waits for the requests it finds queued (each kind's own time: a lock
    queued at the CPU costs a lock's time, not an I/O's) and for the rest of the one in service,
    whose mean residue is its time times (1 + scv) / 2, half of it when times are constant
    (Pollaczek-Khinchine):

        W_k(n) = sum_c (Q_ck(n-1) - U_ck(n-1)) s_ck + sum_c U_ck(n-1) s_ck (1 + scv_ck) / 2

    with what it finds taken as the network's at n - 1 (the arrival theorem, exact for
    exponential times and one kind, where this is exact MVA; Reiser's approximation otherwise).
    Then X(n) = n / (Z + sum_k sum_c r_c (W_k + s_ck)) and Q_ck = X v_ck (W_k + s_ck), with v_ck
    the kind's visits a cycle to one copy. Near saturation the approximation can put X above
    1 / D_max, which no network reaches: X is held there, and the customers it leaves out wait
    at the busiest station (so that N = X Z + sum Q still holds)."""
    kinds = [k for k in m.kinds if k.rate > 0]
    nk, ns = len(kinds), len(copies)
    d = demands(m, copies)
    top = max(range(ns), key=d.__getitem__) if ns else 0
    cap = 1.0 / d[top] if ns and d[top] > 0 else math.inf
    s = [k.service for k in kinds]
    h = [[(1.0 + v) / 2 for v in k.scv] for k in kinds]
    v = [[k.rate / copies[i] if k.service[i] > 0 else 0.0 for i in range(ns)] for k in kinds]
    q = [[0.0] * ns for _ in range(nk)]
    u = [[0.0] * ns for _ in range(nk)]
    wanted = set(keep)
    xs: list[float] = []
    queues: dict[int, tuple[float, ...]] = {}
    waits: dict[int, dict[str, tuple[float, ...]]] = {}
    for n in range(1, population + 1):
        w = [sum((q[c][i] - u[c][i] + u[c][i] * h[c][i]) * s[c][i] for c in range(nk)) for i in range(ns)]
        cycle = think + sum(k.rate * (w[i] + k.service[i]) for k in kinds for i in range(ns) if k.service[i] > 0)
        x = min(n / cycle, cap) if cycle > 0 else cap
        q = [[x * v[c][i] * (w[i] + s[c][i]) for i in range(ns)] for c in range(nk)]
        u = [[x * v[c][i] * s[c][i] for i in range(ns)] for c in range(nk)]
        short = n - x * think - sum(copies[i] * q[c][i] for c in range(nk) for i in range(ns))
        if short > 1e-12 * n and nk:  # held at the cap: the rest wait at the busiest station
            share = [v[c][top] for c in range(nk)]
            for c in range(nk):
                q[c][top] += short / copies[top] * share[c] / sum(share)
        xs.append(x)
        if n in wanted:
            queues[n] = tuple(sum(q[c][i] for c in range(nk)) for i in range(ns))
            waits[n] = {k.name: tuple(w[i] if k.service[i] > 0 else 0.0 for i in range(ns)) for k in kinds}
    return xs, queues, waits
