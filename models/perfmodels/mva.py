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

from collections.abc import Sequence
from typing import Any


def mva(demands: Sequence[float], population: int, think_time: float = 0.0) -> dict[str, Any]:
    """Solve the network for populations 1..population.

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

    q = [0.0] * len(ds)
    out: dict[str, Any] = {
        "population": [],
        "throughput": [],
        "response_time": [],
        "queue_lengths": [],
        "residence_times": [],
        "utilizations": [],
    }
    for n in range(1, population + 1):
        r = [d * (1.0 + qk) for d, qk in zip(ds, q, strict=True)]
        total = sum(r)
        x = n / (z + total) if (z + total) > 0 else float("inf")
        q = [x * rk for rk in r]
        out["population"].append(n)
        out["throughput"].append(x)
        out["response_time"].append(total)
        out["queue_lengths"].append(q)
        out["residence_times"].append(r)
        out["utilizations"].append([x * d for d in ds])
    return out


def mva_throughputs(demands: Sequence[float], population: int, think_time: float = 0.0) -> list[float]:
    """X(1..population) alone: the same recursion without the per-population bookkeeping,
    for sweeps that solve many networks (utilization of station k at n is X(n) * D_k)."""
    if len(demands) == 3:
        # Most Memo Lab networks have three queues; unrolled, the loop runs four times faster
        # (CPython and Pyodide alike), which keeps a 200-point sweep within a frame.
        d0, d1, d2 = demands
        q0 = q1 = q2 = 0.0
        xs = []
        for n in range(1, population + 1):
            r0, r1, r2 = d0 * (1.0 + q0), d1 * (1.0 + q1), d2 * (1.0 + q2)
            x = n / (think_time + r0 + r1 + r2)
            q0, q1, q2 = x * r0, x * r1, x * r2
            xs.append(x)
        return xs
    if len(demands) == 4:  # DECnet with part of its buffer return queued
        d0, d1, d2, d3 = demands
        q0 = q1 = q2 = q3 = 0.0
        xs = []
        for n in range(1, population + 1):
            r0, r1, r2, r3 = d0 * (1.0 + q0), d1 * (1.0 + q1), d2 * (1.0 + q2), d3 * (1.0 + q3)
            x = n / (think_time + r0 + r1 + r2 + r3)
            q0, q1, q2, q3 = x * r0, x * r1, x * r2, x * r3
            xs.append(x)
        return xs
    q = [0.0] * len(demands)
    xs = []
    for n in range(1, population + 1):
        r = [d * (1.0 + qk) for d, qk in zip(demands, q, strict=True)]
        x = n / (think_time + sum(r))
        q = [x * rk for rk in r]
        xs.append(x)
    return xs
