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
    state: list[Any] | None = None,
) -> tuple[list[float], dict[int, tuple[float, ...]], dict[int, tuple[float, ...]]]:
    """MVA with several kinds of request, each with its own time at each station (services[c][k],
    at the one copy it visits, 0 where it does not go), its rate a cycle and its times' squared
    coefficient of variation (scv: 1 exponential, 0 constant): X(1..population), and at each
    population in `keep` the mean queue at one copy of each station and the mean wait an arriving
    request finds there before its service (the same for every kind: first come, first served).

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
    busiest station (so that N = X Z + sum Q still holds).

    `state`: where the recursion stopped, to go on from there. Given empty, it is left holding
    the recursion's state at `population`; given as a call on the same network left it, the
    recursion goes on from that population, and X is returned for the populations after it
    only (a population moved by one is one step, not a solve from 1)."""
    # Summed over the kinds, what one copy of station i sees a cycle: visits V_i, demand D_i, and
    # B_i = sum_c v_ci s_ci^2 (1 + scv_ci) / 2. Then Q_i = X (V_i W_i + D_i), and the wait
    # above is W_i(n) = X(n-1) (D_i W_i(n-1) + B_i): one product a station and population, as
    # cheap as exact MVA (a sweep solves hundreds of these).
    nk, ns = len(rates), len(copies)
    s = [list(sv) for sv in services]
    visits = [[rates[c] / copies[i] if s[c][i] > 0 else 0.0 for i in range(ns)] for c in range(nk)]
    vs = [sum(visits[c][i] for c in range(nk)) for i in range(ns)]
    d = [sum(visits[c][i] * s[c][i] for c in range(nk)) for i in range(ns)]
    b = [sum(visits[c][i] * s[c][i] ** 2 * (1.0 + scvs[c][i]) / 2 for c in range(nk)) for i in range(ns)]
    on = [i for i in range(ns) if vs[i] > 0]
    base = think + sum(copies[i] * d[i] for i in on)
    top = max(range(ns), key=d.__getitem__) if ns else 0
    cap = 1.0 / d[top] if ns and d[top] > 0 else float("inf")
    cv = [copies[i] * vs[i] for i in range(ns)]  # a cycle's visits to the station, all copies
    w = [0.0] * ns
    x = 0.0
    extra = 0.0  # customers held back by the cap, at one copy of the busiest station
    kept = frozenset(keep)
    xs: list[float] = []
    queues: dict[int, tuple[float, ...]] = {}
    waits: dict[int, tuple[float, ...]] = {}
    if ns == 4:  # every Memo Lab network with kinds (LAVC's): the loop below, unrolled
        d0, d1, d2, d3 = d
        b0, b1, b2, b3 = b
        c0, c1, c2, c3 = cv
        v0, v1, v2, v3 = vs
        w0 = w1 = w2 = w3 = 0.0
        lift = d[top] / vs[top] / copies[top] if vs[top] > 0 else 0.0  # a held customer's wait
        short = 0.0
        start = 1
        if state:
            start, x, (w0, w1, w2, w3), short = state[0] + 1, state[1], state[2], state[3]
        for n in range(start, population + 1):
            w0, w1, w2, w3 = x * (d0 * w0 + b0), x * (d1 * w1 + b1), x * (d2 * w2 + b2), x * (d3 * w3 + b3)
            if short:
                if top == 0:
                    w0 += short * lift
                elif top == 1:
                    w1 += short * lift
                elif top == 2:
                    w2 += short * lift
                else:
                    w3 += short * lift
            cycle = base + c0 * w0 + c1 * w1 + c2 * w2 + c3 * w3
            x = n / cycle if cycle > 0 else cap
            short = 0.0
            if x >= cap:
                x = cap
                short = n - x * cycle
                if short <= 1e-12 * n:
                    short = 0.0
            xs.append(x)
            if n in kept:
                q: tuple[float, ...] = (x * (v0 * w0 + d0), x * (v1 * w1 + d1), x * (v2 * w2 + d2), x * (v3 * w3 + d3))
                if short:
                    q = tuple(qk + (short / copies[top] if k == top else 0.0) for k, qk in enumerate(q))
                queues[n] = q
                waits[n] = (w0, w1, w2, w3)
        if state is not None:
            state[:] = [max(population, start - 1), x, (w0, w1, w2, w3), short]
        return xs, queues, waits
    start = 1
    if state:
        start, x, w, extra = state[0] + 1, state[1], list(state[2]), state[3]
    for n in range(start, population + 1):
        for i in on:
            w[i] = x * (d[i] * w[i] + b[i])
        if extra:
            w[top] += extra * d[top] / vs[top]
        cycle = base
        for i in on:
            cycle += cv[i] * w[i]
        x = min(n / cycle, cap) if cycle > 0 else cap
        extra = 0.0
        if x == cap:  # held at the cap: the rest wait at the busiest station
            short = n - x * cycle
            extra = short / copies[top] if short > 1e-12 * n else 0.0
        xs.append(x)
        if n in kept:
            at = [x * (vs[i] * w[i] + d[i]) for i in range(ns)]
            at[top] += extra
            queues[n] = tuple(at)
            waits[n] = tuple(w)
    if state is not None:
        state[:] = [max(population, start - 1), x, tuple(w), extra]
    return xs, queues, waits
