"""How much work a user's fit is, whatever the machine's load: the model calls one fit of each of
bench/fit_tables.py's 20-row tables makes, in CPython (the same code the worker runs): each
`solve`, and each pass along a knob (`ALONG.points`: a closed network's rows at several
populations from one MVA recursion) counted as one.

    .venv/bin/python bench/fit_calls.py

Also the CPU time of one fit (this process's, the least of five: what a shared machine's load
changes least), in CPython; the worker's Pyodide takes about twice as long (bench/fit.mjs).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import fit_tables  # noqa: E402

from perfmodels.fitting import own  # noqa: E402
from perfmodels.registry import SYSTEMS  # noqa: E402


def calls(system: str, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    m = SYSTEMS[system]
    solve, along = m.solve, m.ALONG.points
    n = 0

    def counted(f: Any) -> Any:
        def call(*a: Any, **k: Any) -> Any:
            nonlocal n
            n += 1
            return f(*a, **k)

        return call

    m.solve, m.ALONG.points = counted(solve), counted(along)  # type: ignore[misc, method-assign]
    try:
        r = own.fit(system, text=table["text"], fit=table["fit"], left_out=False)
    finally:
        m.solve, m.ALONG.points = solve, along  # type: ignore[misc, method-assign]
    return n, dict(r)


if __name__ == "__main__":
    rng = random.Random(1983)
    tables = {s: fit_tables.table(s, rng) for s in fit_tables.VARIED}
    for s, t in tables.items():
        n, r = calls(s, t)
        error = r["summary"]["in_sample"]["median_abs"]
        cpu = []
        for _ in range(5):
            start = time.process_time()
            own.fit(s, text=t["text"], fit=t["fit"], left_out=False)
            cpu.append(time.process_time() - start)
        print(
            f"{s:8} unknowns={len(r['fitted'])}  model calls {n:6}  CPU {1000 * min(cpu):4.0f} ms"
            f"  (fit error median {error} %)"
        )
