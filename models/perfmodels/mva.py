"""Exact single-class Mean Value Analysis (MVA) for closed queueing networks.

A closed network holds a fixed population N of customers circulating among queueing stations
(single FCFS servers with mean service demand D_k per visit cycle) and one optional delay
station (infinite servers, "think time" Z). Reiser and Lavenberg's recursion gives exact mean
values for every population n = 1..N:

    R_k(n) = D_k * (1 + Q_k(n-1))          residence time at queueing station k
    X(n)   = n / (Z + sum_k R_k(n))        system throughput (Little's law on the whole loop)
    Q_k(n) = X(n) * R_k(n)                 mean queue length at station k (Little's law)

with Q_k(0) = 0. Delay stations add their demand to Z (no queueing).
Reference: Lazowska, Zahorjan, Graham, Sevcik, "Quantitative System Performance" (1984),
chapter 6, algorithm 6.1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


def recursion(
    demands: Sequence[float],
    population: int,
    think_time: float = 0.0,
    copies: Sequence[int] | None = None,
    keep: Iterable[int] = (),
) -> tuple[list[float], dict[int, tuple[float, ...]]]:
    """The one MVA engine: X(1..population), and at each population in `keep` the mean queue at
    every station (at one of its copies). `copies`: how many identical stations each demand
    stands for (LAVC's boot disks), 1 by default.

    Sweeps solve hundreds of these networks, so three- and four-station networks (every Memo
    Lab network) take a fast path: the loop unrolled into scalars, several times faster than
    lists in CPython and Pyodide alike. Any other size takes the general loop. Same recursion."""
    wanted = set(keep)
    queues: dict[int, tuple[float, ...]] = {}
    xs: list[float] = []
    z = think_time
    cs = tuple(copies) if copies is not None else (1,) * len(demands)
    if len(demands) == 3 and cs == (1, 1, 1):
        d0, d1, d2 = demands
        q0 = q1 = q2 = 0.0
        for n in range(1, population + 1):
            r0, r1, r2 = d0 * (1.0 + q0), d1 * (1.0 + q1), d2 * (1.0 + q2)
            x = n / (z + r0 + r1 + r2)
            q0, q1, q2 = x * r0, x * r1, x * r2
            xs.append(x)
            if n in wanted:
                queues[n] = (q0, q1, q2)
        return xs, queues
    if len(demands) == 4:
        d0, d1, d2, d3 = demands
        c0, c1, c2, c3 = cs
        q0 = q1 = q2 = q3 = 0.0
        for n in range(1, population + 1):
            r0, r1, r2, r3 = d0 * (1.0 + q0), d1 * (1.0 + q1), d2 * (1.0 + q2), d3 * (1.0 + q3)
            x = n / (z + c0 * r0 + c1 * r1 + c2 * r2 + c3 * r3)
            q0, q1, q2, q3 = x * r0, x * r1, x * r2, x * r3
            xs.append(x)
            if n in wanted:
                queues[n] = (q0, q1, q2, q3)
        return xs, queues
    q = [0.0] * len(demands)
    for n in range(1, population + 1):
        r = [d * (1.0 + qk) for d, qk in zip(demands, q, strict=True)]
        total = z + sum(c * rk for c, rk in zip(cs, r, strict=True))
        x = n / total if total > 0 else float("inf")
        q = [x * rk for rk in r]
        xs.append(x)
        if n in wanted:
            queues[n] = tuple(q)
    return xs, queues


def mva(demands: Sequence[float], population: int, think_time: float = 0.0) -> dict[str, Any]:
    """Solve the network for populations 1..population, with every mean value (the engine's
    answer, checked and laid out per population).

    demands: service demand of each queueing station, in seconds (any consistent time unit).
    population: number of customers N (an integer >= 1).
    think_time: total delay-station demand Z, same unit as demands.

    Returns a dict of lists indexed by population - 1:
      "population": [1..N], "throughput": X(n), "response_time": sum_k R_k(n) (excluding Z),
      "queue_lengths": [[Q_k(n) for k] for n], "residence_times": [[R_k(n) for k] for n],
      "utilizations": [[X(n) * D_k for k] for n].
    """
    if isinstance(population, bool) or not isinstance(population, int):
        raise ValueError("population must be an integer")
    if population < 1:
        raise ValueError("population must be at least 1")
    ds = [float(d) for d in demands]
    if any(d < 0 or d != d for d in ds):
        raise ValueError("demands must be non-negative numbers")
    z = float(think_time)
    if z < 0 or z != z:
        raise ValueError("think_time must be a non-negative number")
    if not ds and z == 0:
        raise ValueError("the network needs at least one station or a positive think time")
    xs, queues = recursion(ds, population, z, keep=range(1, population + 1))
    qs = [list(queues[n]) for n in range(1, population + 1)]
    # Little's law at each station gives back its residence time: R_k = Q_k / X
    rs = [[qk / x if x > 0 else d for qk, d in zip(q, ds, strict=True)] for x, q in zip(xs, qs, strict=True)]
    return {
        "population": list(range(1, population + 1)),
        "throughput": xs,
        "response_time": [sum(r) for r in rs],
        "queue_lengths": qs,
        "residence_times": rs,
        "utilizations": [[x * d for d in ds] for x in xs],
    }


def mva_throughputs(demands: Sequence[float], population: int, think_time: float = 0.0) -> list[float]:
    """X(1..population) alone (utilization of station k at n is X(n) * D_k)."""
    return recursion(demands, population, think_time)[0]


def recursion_kinds(
    rates: Sequence[float],
    services: Sequence[Sequence[float]],
    scvs: Sequence[Sequence[float]],
    copies: Sequence[int],
    think: float,
    population: int,
    keep: Iterable[int] = (),
) -> tuple[list[float], dict[int, tuple[float, ...]], dict[int, list[tuple[float, ...]]]]:
    """MVA with several kinds of request, each with its own time at each station (services[c][k],
    at the one copy it visits, 0 where it does not go), its rate a cycle and its times' squared
    coefficient of variation (scv: 1 exponential, 0 constant): X(1..population), and at each
    population in `keep` the mean queue at one copy of each station and each kind's mean wait
    there (0 where it does not go).

    An arriving request waits for those it finds queued, each for its own kind's time (a lock
    queued at LAVC's CPU costs a lock's time, not an I/O's), and for the rest of the one in
    service, whose mean residue is its time times (1 + scv) / 2 (half of it for constant times:
    Pollaczek-Khinchine):

        W_k(n) = sum_c (Q_ck(n-1) - U_ck(n-1)) s_ck + sum_c U_ck(n-1) s_ck (1 + scv_ck) / 2

    taking what it finds as the network's at n - 1 (the arrival theorem: exact for one kind with
    exponential times, where this is `recursion`; Reiser's approximation otherwise). Then
    X(n) = n / (Z + sum_c r_c sum_k (W_k + s_ck)) and Q_ck = X v_ck (W_k + s_ck), v_ck the kind's
    visits a cycle to one copy. Near saturation the approximation can put X above 1 / D_max,
    which no network reaches: X is held there, and the customers it leaves out wait at the
    busiest station (so that N = X Z + sum Q still holds)."""
    nk, ns = len(rates), len(copies)
    s = [list(sv) for sv in services]
    h = [[(1.0 + v) / 2 for v in sc] for sc in scvs]
    v = [[rates[c] / copies[i] if s[c][i] > 0 else 0.0 for i in range(ns)] for c in range(nk)]
    d = [sum(v[c][i] * s[c][i] for c in range(nk)) for i in range(ns)]
    top = max(range(ns), key=d.__getitem__) if ns else 0
    cap = 1.0 / d[top] if ns and d[top] > 0 else float("inf")
    q = [[0.0] * ns for _ in range(nk)]
    u = [[0.0] * ns for _ in range(nk)]
    kept = frozenset(keep)
    xs: list[float] = []
    queues: dict[int, tuple[float, ...]] = {}
    waits: dict[int, list[tuple[float, ...]]] = {}
    for n in range(1, population + 1):
        w = [sum((q[c][i] - u[c][i] + u[c][i] * h[c][i]) * s[c][i] for c in range(nk)) for i in range(ns)]
        cycle = think + sum(rates[c] * (w[i] + s[c][i]) for c in range(nk) for i in range(ns) if s[c][i] > 0)
        x = min(n / cycle, cap) if cycle > 0 else cap
        q = [[x * v[c][i] * (w[i] + s[c][i]) for i in range(ns)] for c in range(nk)]
        u = [[x * v[c][i] * s[c][i] for i in range(ns)] for c in range(nk)]
        short = n - x * think - sum(copies[i] * q[c][i] for c in range(nk) for i in range(ns))
        if short > 1e-12 * n:  # held at the cap: the rest wait at the busiest station
            share = [v[c][top] for c in range(nk)]
            for c in range(nk):
                q[c][top] += short / copies[top] * share[c] / sum(share)
        xs.append(x)
        if n in kept:
            queues[n] = tuple(sum(q[c][i] for c in range(nk)) for i in range(ns))
            waits[n] = [tuple(w[i] if s[c][i] > 0 else 0.0 for i in range(ns)) for c in range(nk)]
    return xs, queues, waits
