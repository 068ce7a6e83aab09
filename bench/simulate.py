"""Benchmark: the simulator in CPython (the server's and the tests' runtime).

    .venv/bin/python bench/simulate.py

Prints (1) simulated events a second, each case run to a fixed budget of events (its target
out of reach), and (2) the time to a 2 % half-width on every metric at each model's defaults,
with the events it took, for three seeds. bench/simulate.mjs runs the same cases in Pyodide, in
the app's own worker.
"""

from __future__ import annotations

import statistics
import sys
import time

from perfmodels import ops

SEEDS = (1, 2, 3)


def rate_cases() -> list[dict[str, object]]:
    """Runs to a fixed budget of events: the simulator's speed."""
    return [
        {"system": "lavc", "service": "exponential", "max_events": 400_000},
        {"system": "lavc", "service": "mechanism", "max_events": 400_000},
        {"system": "decnet", "service": "exponential", "knobs": {"link_quota": 64}, "max_events": 400_000},
    ]


def target_cases() -> list[dict[str, object]]:
    """Runs to a 2 % half-width at each model's defaults (DECnet's constant loop is periodic:
    its intervals close at once)."""
    return [
        {"system": "lavc", "service": "mechanism"},
        {"system": "lavc", "service": "exponential"},
        {"system": "decnet", "service": "exponential"},
        {"system": "decnet", "service": "constant"},
    ]


def label(c: dict[str, object]) -> str:
    knobs = c.get("knobs") or {}
    where = " ".join(f"{k}={v}" for k, v in knobs.items()) if isinstance(knobs, dict) else ""
    return f"{c['system']:<7} {c['service']:<12} {where or 'defaults'}"


def main() -> None:
    ops.run("simulate", {"system": "lavc", "target": 0.2})  # (the simulator's modules imported)
    print(f"CPython {sys.version.split()[0]}: simulated events a second (a fixed budget of events)")
    for c in rate_cases():
        rates = []
        for seed in SEEDS:
            t = time.perf_counter()
            r = ops.run("simulate", {**c, "seed": seed, "target": 0.001, "time_limit_s": 600})
            rates.append(r["events"] / (time.perf_counter() - t))  # type: ignore[index]
        print(f"  {label(c)}  {statistics.median(rates):>9,.0f} events/s")
    print("time to a 2 % half-width on every metric (median of three seeds)")
    for c in target_cases():
        runs = []
        for seed in SEEDS:
            t = time.perf_counter()
            r = ops.run("simulate", {**c, "seed": seed, "target": 0.02, "time_limit_s": 600, "max_events": 50_000_000})
            runs.append((time.perf_counter() - t, r["events"], r["stopped"]))  # type: ignore[index]
        s = statistics.median(r[0] for r in runs)
        _, events, stopped = runs[0]
        print(f"  {label(c)}  {s:6.2f} s  {events:>9,} events with seed 1 ({stopped})")


if __name__ == "__main__":
    main()
