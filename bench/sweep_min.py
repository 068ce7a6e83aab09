"""Benchmark: the best of 30 runs of a default-grid sweep (band off, as a knob move asks first),
on a few axes of every kind: a closed network's population (one MVA pass), a closed network
along another knob (an MVA a point) and open paths. The best, not the median: on a machine
shared with other work it is the figure that repeats (within 3 % run to run).

    PYTHONPATH=models .venv/bin/python bench/sweep_min.py
"""

from __future__ import annotations

import importlib
import time

import perfmodels

_SOLVED = importlib.import_module("perfmodels.closed")._SOLVED

CASES = [
    ("decnet", "link_quota"),
    ("lavc", "users"),
    ("decnet", "copy_us_per_byte"),
    ("lavc", "locks_per_user_s"),
    ("ffs", "cpu_speed"),
    ("afs", "rx_packet_bytes"),
    ("rsx-qio", "record_cpu_us"),
    ("rsx-swap", "swap_interval_s"),
]


def main() -> None:
    for name, x in CASES:
        best = float("inf")
        for _ in range(30):
            # from no solved network kept (perfmodels.closed keeps the last ones and carries a
            # network on when the population moves): a repeat would otherwise be answered from them
            _SOLVED.clear()
            t = time.perf_counter()
            perfmodels.sweep(name, {}, x, band=False)
            best = min(best, time.perf_counter() - t)
        print(f"{name:9s} {x:18s} best {best * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
