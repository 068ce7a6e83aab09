"""Benchmark: a 200-point sweep of every system in CPython (the backend's and tests' runtime).

    .venv/bin/python bench/sweeps.py

Prints the median and p95 over 50 repetitions, per system, along the numeric knob with the
most settings (the band for undetermined knobs included, as the app requests it).
"""

from __future__ import annotations

import statistics
import time

import perfmodels
from perfmodels.registry import spec


def grid(system: str) -> tuple[str, list]:
    """200 values of the numeric knob with the most distinct settings."""
    s = spec(system)
    numeric = [k for k in s.knobs if k.choices is None]

    def settings(k) -> int:
        return int((k.max - k.min) / k.step) + 1 if k.step else 10**9

    k = max(numeric, key=settings)
    n = min(200, settings(k))
    vals = [k.min + round(i * (settings(k) - 1) / (n - 1)) * k.step for i in range(n)]
    return k.name, [int(v) if k.integer else round(v, 10) for v in vals]


def main() -> None:
    print("200-point sweeps in CPython (ms per sweep, 50 repetitions)")
    for system in perfmodels.systems():
        x, values = grid(system)
        for _ in range(5):
            perfmodels.sweep(system, {}, x, values)
        times = []
        for _ in range(50):
            t = time.perf_counter()
            perfmodels.sweep(system, {}, x, values)
            times.append((time.perf_counter() - t) * 1e3)
        times.sort()
        print(f"{system:8} x={x:18} points={len(values):3}  median {statistics.median(times):6.2f} ms"
              f"  p95 {times[int(0.95 * len(times)) - 1]:6.2f} ms")


if __name__ == "__main__":
    main()
