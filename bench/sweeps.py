"""Benchmark: a 200-point sweep of every system in CPython (the backend's and tests' runtime).

    .venv/bin/python bench/sweeps.py           # 200 points along one knob per system
    .venv/bin/python bench/sweeps.py --axes    # the default sweep along every numeric axis

Prints the median and p95 over 50 repetitions, per system, along a continuous knob (or the
integer knob with the most settings), the band for undetermined knobs included, as the app
requests it. With --axes: every system along every numeric knob on its default grid, bands
included, called through perfmodels.bridge as the browser's worker calls it.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time

import perfmodels
from perfmodels import bridge
from perfmodels.registry import spec


def grid(system: str) -> tuple[str, list]:
    """200 values of a continuous knob (or else of the integer knob with the most settings)."""
    s = spec(system)
    numeric = [k for k in s.knobs if k.choices is None]
    continuous = [k for k in numeric if not k.integer]
    if continuous:
        k = continuous[0]
        return k.name, [k.min + (k.max - k.min) * i / 199 for i in range(200)]

    def settings(k) -> int:
        return int((k.max - k.min) / k.step) + 1

    k = max(numeric, key=settings)
    n = min(200, settings(k))
    return k.name, [int(k.min + round(i * (settings(k) - 1) / (n - 1)) * k.step) for i in range(n)]


def cases() -> list[tuple[str, str, list]]:
    """Every system along its grid knob, plus DECnet along buffer size: the heaviest sweep the
    explorer asks for (an MVA per point, and the copy-cost band on top)."""
    out = [(system, *grid(system)) for system in perfmodels.systems()]
    out.append(("decnet", "buffer_size", [64 + 7 * i for i in range(200)]))
    return out


def _median_ms(run, repeat: int = 50) -> tuple[float, float]:
    for _ in range(5):
        run()
    times = []
    for _ in range(repeat):
        # from no solved network kept (perfmodels.closed keeps the last ones): a repeat of one
        # sweep would otherwise be answered from them, as no knob move of the page is
        importlib.import_module("perfmodels.closed")._SOLVED.clear()
        t = time.perf_counter()
        run()
        times.append((time.perf_counter() - t) * 1e3)
    times.sort()
    return statistics.median(times), times[int(0.95 * len(times)) - 1]


def axes() -> None:
    print("default sweeps with their bands, through the worker's bridge, CPython (ms, 50 repetitions)")
    for system in perfmodels.systems():
        for k in spec(system).knobs:
            if k.choices is not None:
                continue
            payload = json.dumps({"system": system, "knobs": {}, "x": k.name})
            med, p95 = _median_ms(lambda p=payload: bridge.call("sweep", p))
            print(f"{system:8} x={k.name:22}  median {med:6.2f} ms  p95 {p95:6.2f} ms")


def main() -> None:
    if "--axes" in sys.argv[1:]:
        axes()
        return
    print("200-point sweeps in CPython (ms per sweep, 50 repetitions)")
    for system, x, values in cases():
        for _ in range(5):
            perfmodels.sweep(system, {}, x, values)
        times = []
        for _ in range(50):
            t = time.perf_counter()
            perfmodels.sweep(system, {}, x, values)
            times.append((time.perf_counter() - t) * 1e3)
        times.sort()
        print(
            f"{system:8} x={x:18} points={len(values):3}  median {statistics.median(times):6.2f} ms"
            f"  p95 {times[int(0.95 * len(times)) - 1]:6.2f} ms"
        )


if __name__ == "__main__":
    main()
