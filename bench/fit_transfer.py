"""Whether a user's fit transfers to a faster CPU (issue 40), beyond the test's MASSBUS rows: FFS
rows made by the model on an 11/750 (cpu_speed 1.0) with twelve random sets of parameters (as
models/tests/fitting/test_ownfit.py draws them), fitted, then predicted on an 11/780 (1.67). For each
truth: what the fit left unpinned, its error in sample, the worst error at 1.67, and the model
calls and CPU time of the fit.

    .venv/bin/python bench/fit_transfer.py            # MASSBUS rows (the test's)
    .venv/bin/python bench/fit_transfer.py --unibus   # and the same settings on the UNIBUS
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from perfmodels import registry
from perfmodels.fitting import own
from perfmodels.registry import SYSTEMS

sys.path.insert(0, str(Path(__file__).parent.parent / "models" / "tests" / "fitting"))

from test_ownfit import UNIBUS_ONLY, random_truth  # noqa: E402  (the test's own draw of the truths)


def main(unibus: bool) -> None:
    m = SYSTEMS["ffs"]
    buses = ("MASSBUS", "UNIBUS") if unibus else ("MASSBUS",)
    settings: list[dict[str, Any]] = [
        {"cpu_speed": 1.0, "block_size": b, "operation": op, "bus": bus}
        for b in (4096, 8192, 16384)
        for op in ("read", "write")
        for bus in buses
    ] + [{"cpu_speed": 1.0, "layout": "old", "operation": op, "bus": bus} for op in ("read", "write") for bus in buses]
    solve = m.solve
    calls = 0

    def counted(*a: Any, **k: Any) -> Any:
        nonlocal calls
        calls += 1
        return solve(*a, **k)

    within = 0
    for seed in range(12):
        t = random_truth(seed)
        rows = [
            {"knobs": k, "metrics": {"throughput_kBps": registry.evaluate("ffs", k, t)["metrics"]["throughput_kBps"]}}
            for k in settings
        ]
        calls = 0
        m.solve = counted  # type: ignore[misc]
        start = time.process_time()
        try:
            r = own.fit("ffs", rows=rows, left_out=False)
        finally:
            m.solve = solve  # type: ignore[misc]
        cpu = time.process_time() - start
        worst = max(
            abs(
                registry.evaluate("ffs", {**k, "cpu_speed": 1.67}, r["params"])["metrics"]["throughput_kBps"]
                / registry.evaluate("ffs", {**k, "cpu_speed": 1.67}, t)["metrics"]["throughput_kBps"]
                - 1
            )
            for k in settings
        )
        within += worst <= 0.02
        unpinned = sorted({u["name"] for u in r["unpinned"]} - (set() if unibus else UNIBUS_ONLY))
        error = r["summary"]["in_sample"]["median_abs"]
        print(
            f"seed {seed:2}: unpinned {', '.join(unpinned) or '-':40} in sample {error:5} %"
            f"  at 1.67 worst {100 * worst:5.1f} %  {calls:6} calls  {1000 * cpu:4.0f} ms CPU"
        )
    print(f"within 2 % at 1.67: {within} of 12")


if __name__ == "__main__":
    main("--unibus" in sys.argv)
