"""The statistics of a simulation: batch means and their 95 % confidence intervals.

A run's first stretch (the warm-up) is thrown away, since the customers all start thinking at
time 0; the rest is cut into batches of equal simulated time. Each batch gives one value of
every metric, and batches long enough are nearly independent, so their mean has a Student t
interval with (batches - 1) degrees of freedom. When the batches reach `MAX_BATCHES` they are
merged in pairs (each twice as long, half as many: run.py): batches that keep growing with the
run stay long against the network's memory, which a fixed count of short ones would not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MIN_BATCHES = 20
MAX_BATCHES = 64

# Student t's 97.5 % quantile for 1 to 30 degrees of freedom
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t975(df: int) -> float:
    """Student t's 97.5 % quantile (beyond 30 degrees of freedom, Cornish-Fisher's expansion
    around the normal's 1.96, within 0.001)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float

    @property
    def half(self) -> float:
        return (self.high - self.low) / 2

    def relative(self) -> float:
        """Half-width over the mean's size (0 for a value that never moves)."""
        if self.half == 0:
            return 0.0
        return self.half / abs(self.mean) if self.mean != 0 else math.inf


def interval(values: Sequence[float]) -> Interval:
    """The mean of (nearly independent) values and its 95 % interval."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    # a spread within rounding of a value that never moves is none
    if half <= 1e-12 * abs(mean):
        half = 0.0
    return Interval(mean, mean - half, mean + half)
