"""How large a class's change on its concept check is, as Cohen's d with a 95 % bootstrap interval
and in words, from the matched students' scores (each student's number of right answers before
and after the lesson, out of the same questions). Pure; the formulas and their sources are in
docs/learning-report.md.

d = (mean after - mean before) / s, where s is the pooled standard deviation of the scores: with
the same students in both phases the two groups are the same size, so s^2 is the mean of the two
sample variances (n - 1 in each). d does not change when every score is scaled, so it is computed
on the counts of right answers, whose sums are exact integers: a spread of zero is found exactly.

The interval resamples students (Efron & Tibshirani 1993, the percentile interval): RESAMPLES
classes of n students drawn with replacement from the matched ones, each keeping its own pair of
scores, with a seeded generator so the same answers and seed give the same interval. A resample
whose scores do not spread but still move (every student drawn scored alike before, and alike
after) has an infinite d and sorts to its end; one that neither spreads nor moves has none and
is left out (counted). The interval's ends are the resampled d's 2.5th and 97.5th percentiles by
rank; an infinite end is given as None (the interval is open on that side).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Literal

from pydantic import BaseModel

MIN_STUDENTS = 5  # matched students an effect size needs; fewer, and the report says so
RESAMPLES = 2000
SEED = 1993
LEVEL = 0.95
# Cohen's (1988) names for the size of d, largest first; under 0.2 he named none
SIZES: tuple[tuple[float, Literal["small", "medium", "large"]], ...] = ((0.8, "large"), (0.5, "medium"), (0.2, "small"))

Size = Literal["negligible", "small", "medium", "large"]


class Effect(BaseModel):
    """Cohen's d of the matched students' scores, its interval, and what it says in words (or why
    there is none)."""

    d: float | None
    low: float | None  # the interval's ends (None: none, or open on that side)
    high: float | None
    size: Size | None
    words: str
    students: int
    resamples: int
    undefined: int  # resamples with no spread and no change, left out of the interval
    seed: int


def d_of(pairs: Counter[tuple[int, int]]) -> float | None:
    """d for students counted by their (score before, score after): +-inf where the scores do
    not spread but the mean moves, None where there are fewer than two students or nothing
    spreads or moves."""
    n = sum(pairs.values())
    if n < 2:
        return None
    sums = [sum(c * p[k] for p, c in pairs.items()) for k in (0, 1)]
    squares = [sum(c * p[k] ** 2 for p, c in pairs.items()) for k in (0, 1)]
    # n (n - 1) times each sample variance, as an exact integer
    spread = sum(n * q - s * s for q, s in zip(squares, sums, strict=True))
    moved = sums[1] - sums[0]
    if spread == 0:
        return None if moved == 0 else math.copysign(math.inf, moved)
    return (moved / n) / math.sqrt(spread / (2 * n * (n - 1)))


def _rank(ordered: Sequence[float], p: float) -> float:
    """The p-th quantile by rank: the smallest value with at least a share p of values at or below it."""
    return ordered[max(0, math.ceil(p * len(ordered)) - 1)]


def interval(
    pairs: Sequence[tuple[int, int]], seed: int = SEED, resamples: int = RESAMPLES
) -> tuple[float, float, int]:
    """The percentile bootstrap interval of d over students (see above): (low, high, undefined)."""
    return _interval(tuple(sorted(Counter(pairs).items())), seed, resamples)


# Kept for the same answers: a resample costs a draw a student (0.6 to 2.4 s of CPU for a class
# of 1,000 on the shared test machine), and the report is read again while nothing changes.
@lru_cache(maxsize=32)
def _interval(kinds: tuple[tuple[tuple[int, int], int], ...], seed: int, resamples: int) -> tuple[float, float, int]:
    cumulative = list(accumulate(c for _, c in kinds))
    n = cumulative[-1]
    rng = random.Random(seed)
    found, undefined = [], 0
    for _ in range(resamples):
        drawn = Counter(rng.choices(range(len(kinds)), cum_weights=cumulative, k=n))
        d = d_of(Counter({kinds[i][0]: c for i, c in drawn.items()}))
        if d is None:
            undefined += 1
        else:
            found.append(d)
    found.sort()
    if not found:
        return math.nan, math.nan, undefined
    tail = (1 - LEVEL) / 2
    return _rank(found, tail), _rank(found, 1 - tail), undefined


def _none(students: int, seed: int, why: str) -> Effect:
    return Effect(
        d=None, low=None, high=None, size=None, words=why, students=students, resamples=0, undefined=0, seed=seed
    )


def size_of(d: float) -> Size:
    return next((name for least, name in SIZES if abs(d) >= least), "negligible")


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _ends(low: float, high: float) -> str:
    """The interval in words; an infinite end (resamples whose scores did not spread) is open."""
    if math.isfinite(low) and math.isfinite(high):
        return f"{low:.2f} to {high:.2f}"
    if math.isfinite(low):
        return f"{low:.2f} and above, no upper end"
    if math.isfinite(high):
        return f"{high:.2f} and below, no lower end"
    return "open at both ends"


def effect(pairs: Sequence[tuple[int, int]], seed: int = SEED, resamples: int = RESAMPLES) -> Effect:
    """Cohen's d of the matched students' (right before, right after), its interval and its words."""
    n = len(pairs)
    if n < MIN_STUDENTS:
        return _none(n, seed, f"too few matched students for an effect size: {n} (it takes {MIN_STUDENTS})")
    d = d_of(Counter(pairs))
    if d is None or not math.isfinite(d):
        same = "every matched student had the same score before, and the same after"
        why = "nor did the scores move" if d is None else "so there is no spread to measure the change against"
        return _none(n, seed, f"no effect size: {same}, {why}")
    low, high, undefined = interval(pairs, seed, resamples)
    size = size_of(d)
    named = "negligible (under Cohen's small, 0.2)" if size == "negligible" else size
    moved = f"the scores {'rose' if d > 0 else 'fell'} by {abs(d):.2f} standard deviations"
    words = f"{named}: {moved} (95 % interval {_ends(low, high)})"
    if low <= 0 <= high:
        words += "; the interval includes 0, so these answers cannot rule out no change"
    return Effect(
        d=d,
        low=_finite(low),
        high=_finite(high),
        size=size,
        words=words,
        students=n,
        resamples=resamples,
        undefined=undefined,
        seed=seed,
    )
