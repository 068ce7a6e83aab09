"""The rows' own best fit (no pull toward the memo) for a user's fit (ownsearch.py), found from
several starts: the model's kinks and steps (a row turning from CPU-bound to disk-bound, a
revolution lost or not, a block overflowing a buffer or not) split the loss into basins, and a
gradient search stays in the one it starts in.

First a cheap scan: the loss at a few points per unknown, spread evenly (a Halton sequence: each
coordinate a different prime's digits reversed) over a box around the first start, a factor REACH
each way for a positive unknown (a quarter of its range for one from zero). The lowest that lie
apart (no two within APART of a unit in every coordinate) start Levenberg-Marquardt searches, the
lowest first, until a search ends where a better one already did (a basin found twice is taken
as the deepest) or STARTS have run. From the best fit, two ways out of its basin are tried: each
unknown moved alone a few steps each way (a step of the model leaves the loss flat along one
unknown to a gradient, though another interval of it fits better), and hops to the lowest of a
few points of a smaller scan around the fit; each better point found is searched from, until
neither finds one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .leastsq import Box, Fit, Residuals, Vector, cost, levenberg_marquardt

REACH = math.log(4.0)  # the scan's half-width for a positive unknown: a factor 4 each way
SCAN_PER = 8  # scan points per unknown, and SCAN_MORE besides
SCAN_MORE = 8
STARTS = 4
TRY_CALLS = 40  # calls of a search from a start, or a hop: enough to tell basins apart
FINAL_CALLS = 150  # calls of the search from the best start, and from a better point found
APART = 0.3
SAME = 1e-3  # two losses within this share: the same basin
MOVES = (-0.5, -0.2, 0.2, 0.5)  # one unknown's moves, in shares of its reach
HOP_REACH = 0.5  # a hop's scan: half the first one's size
HOPS = 2  # hops, each to the lowest of its own HOP_SCAN points
HOP_SCAN = 12
ROUNDS = 3  # moves of one unknown at a time, at most
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97)


def halton(i: int, base: int) -> float:
    """The i-th number (from 1) of the van der Corput sequence in `base`, in (0, 1)."""
    out, f = 0.0, 1.0
    while i:
        f /= base
        out += f * (i % base)
        i //= base
    return out


def reach(box: Box) -> Vector:
    return [REACH if log else 0.25 * u for log, u in zip(box.log, box.unit, strict=True)]


def scan(centre: Sequence[float], box: Box, count: int, share: float = 1.0, first: int = 1) -> list[Vector]:
    """`count` points spread over the box around `centre`, `share` of the reach each way (within
    the bounds), from the sequence's `first` point."""
    half = [share * r for r in reach(box)]
    bases = [PRIMES[j % len(PRIMES)] for j in range(len(half))]
    return [
        box.clip([c + h * (2 * halton(i, b) - 1) for c, h, b in zip(centre, half, bases, strict=True)])
        for i in range(first, first + count)
    ]


def apart(points: Sequence[Vector], x: Vector, box: Box) -> bool:
    return all(max(abs(a - b) / u for a, b, u in zip(p, x, box.unit, strict=True)) > APART for p in points)


def lower(a: Fit, b: Fit) -> bool:
    return a.loss < b.loss * (1 - SAME) - 1e-20


def lowest(f: Residuals, points: Sequence[Vector]) -> tuple[float, Vector]:
    return min(((cost(f(p), p, None), p) for p in points), key=lambda t: t[0])


def own_best(f: Residuals, starts: Sequence[Vector], box: Box, tick: Callable[[float], None] | None = None) -> Fit:
    """The lowest loss without a pull that searches from `starts` and the scan around the first reach."""
    points = [box.clip(s) for s in starts] + scan(starts[0], box, SCAN_PER * len(box.unit) + SCAN_MORE)
    ranked = sorted(range(len(points)), key=[cost(f(p), p, None) for p in points].__getitem__)
    chosen: list[Vector] = []
    for i in ranked:
        if len(chosen) < STARTS and apart(chosen, points[i], box):
            chosen.append(points[i])
    best: Fit | None = None
    for n, x in enumerate(chosen):
        if tick:
            tick(0.1 + 0.6 * n / len(chosen))
        t = levenberg_marquardt(f, x, box, calls=TRY_CALLS, exact=False)
        if best is None or lower(t, best):
            best = t
        elif not lower(best, t):
            break  # found twice
    assert best is not None
    out = levenberg_marquardt(f, best, box, calls=FINAL_CALLS)
    if tick:
        tick(0.8)
    for _ in range(ROUNDS):
        c, y = lowest(f, moves(out.x, box))
        if c >= out.loss * (1 - SAME):
            break
        out = levenberg_marquardt(f, y, box, calls=FINAL_CALLS)
    for h in range(HOPS):
        _, y = lowest(f, scan(out.x, box, HOP_SCAN, HOP_REACH, 1 + h * HOP_SCAN))
        t = levenberg_marquardt(f, y, box, calls=TRY_CALLS)
        if not lower(t, out):
            break
        out = t
    return out


def moves(x: Vector, box: Box) -> list[Vector]:
    """x with one unknown moved by each of MOVES (within the bounds, and moving)."""
    out = []
    for j, r in enumerate(reach(box)):
        for t in MOVES:
            y = list(x)
            y[j] += t * r
            y = box.clip(y)
            if y[j] != x[j]:
                out.append(y)
    return out
