"""The profile ranges of a user's fit (ownfit.py): how far each fitted value can move, the others
following it, before the loss rises by more than a tolerance (1 %, as the model cards' ranges).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .leastsq import Box, Fit, Prior, Residuals, Vector, cost, inverse, normal

GROWTHS = 8  # doublings of the first step, and guesses of the edge, at most
PRECISION = 0.02  # an edge to 2 % of its distance from the best (the third significant digit)
RIDGE = 1e-9


def profile_ranges(
    f: Residuals, best: Fit, box: Box, prior: Prior | None, tolerance: float
) -> tuple[list[tuple[float, float]], Vector | None]:
    """Each unknown's range (search coordinates) over which the loss, the others moved to their
    best along the way, stays within `tolerance` of the best. The others move along the profile
    the loss's curvature predicts (A^-1 e_j scaled to a unit step of x_j), so each edge is a
    point whose loss is at most the limit: the profile's own minimum there is no higher. Also
    the lowest point the walk met, if it is below the best (the model's steps can hide a better
    fit from a gradient; the walk steps over them): None if none is."""
    limit = best.loss * (1 + tolerance) + 1e-9
    a = normal(best.jac, prior)
    # a direction the rows do not see at all has no curvature: a little, so it walks to its bounds
    a_inv = inverse(a) or inverse(
        [[v + (RIDGE * (1 + v) if i == j else 0.0) for j, v in enumerate(row)] for i, row in enumerate(a)]
    )
    lowest: tuple[float, Vector | None] = (best.loss - 1e-9 * (1 + best.loss), None)
    out = []
    for j in range(len(best.x)):
        if a_inv is None or a_inv[j][j] <= 0:
            out.append((best.x[j], best.x[j]))
            continue
        along = [a_inv[i][j] / a_inv[j][j] for i in range(len(best.x))]
        first = math.sqrt(max(limit - best.loss, 1e-12) * a_inv[j][j])
        edges = []
        for sign in (-1.0, 1.0):

            def loss_at(t: float, sign: float = sign, along: Vector = along) -> float:
                nonlocal lowest
                y = box.clip([v + sign * t * a for v, a in zip(best.x, along, strict=True)])
                c = cost(f(y), y, prior)
                if c < lowest[0]:
                    lowest = (c, y)
                return c

            room = (box.hi[j] - best.x[j]) if sign > 0 else (best.x[j] - box.lo[j])
            edges.append(best.x[j] + sign * edge(loss_at, best.loss, limit, first, room))
        out.append((edges[0], edges[1]))
    return out, lowest[1]


def edge(loss_at: Callable[[float], float], at_zero: float, limit: float, first: float, room: float) -> float:
    """The farthest t in [0, room] (to PRECISION of it) with loss_at(t) <= limit, walking out from
    0: grow from `first` (doubling) until outside or at `room`, then close in on the limit by
    false position (the loss's own shape, not halves: a few calls, where halving takes eight),
    each guess kept a tenth of the gap from either end so that neither end sticks."""
    ok, c_ok = 0.0, at_zero
    t = min(first, room)
    for _ in range(GROWTHS):
        c = loss_at(t)
        if c > limit:
            bad, c_bad = t, c
            break
        ok, c_ok = t, c
        if t >= room:
            return room
        t = min(2 * t, room)
    else:
        return ok
    for _ in range(GROWTHS):
        if bad - ok <= PRECISION * bad:
            break
        gap = bad - ok
        t = ok + gap * min(0.9, max(0.1, (limit - c_ok) / (c_bad - c_ok)))
        c = loss_at(t)
        if c <= limit:
            ok, c_ok = t, c
        else:
            bad, c_bad = t, c
    return ok
