"""The profile ranges of a user's fit (ownfit.py): how far each fitted value can move, the others
following it, before the loss rises by more than a tolerance (1 %, as the model cards' ranges).
"""

from __future__ import annotations

import math

from .leastsq import Box, Fit, Prior, Residuals, Vector, cost, inverse, normal


def profile_ranges(
    f: Residuals, best: Fit, box: Box, prior: Prior | None, tolerance: float, steps: int = 6
) -> tuple[list[tuple[float, float]], Vector | None]:
    """Each unknown's range (search coordinates) over which the loss, the others moved to their
    best along the way, stays within `tolerance` of the best. The others move along the profile
    the loss's curvature predicts (A^-1 e_j scaled to a unit step of x_j), so each edge is a
    point whose loss is at most the limit: the profile's own minimum there is no higher. Also
    the lowest point the walk met, if it is below the best (the model's steps can hide a better
    fit from a gradient; the walk steps over them): None if none is."""
    limit = best.loss * (1 + tolerance) + 1e-9
    a_inv = inverse(normal(best.jac, prior))
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

            def point(t: float, sign: float = sign, along: Vector = along) -> Vector:
                return box.clip([v + sign * t * a for v, a in zip(best.x, along, strict=True)])

            def inside(t: float) -> bool:
                nonlocal lowest
                y = point(t)
                c = cost(f(y), y, prior)
                if c < lowest[0]:
                    lowest = (c, y)
                return c <= limit

            ok, bad = 0.0, first
            # grow while inside (to the bound), then halve the gap between inside and outside
            room = (box.hi[j] - best.x[j]) if sign > 0 else (best.x[j] - box.lo[j])
            for _ in range(steps):
                if bad >= room:
                    bad = room
                    if inside(room):
                        ok = bad = room
                    break
                if not inside(bad):
                    break
                ok, bad = bad, bad * 2
            for _ in range(steps if bad > ok else 0):
                mid = (ok + bad) / 2
                ok, bad = (mid, bad) if inside(mid) else (ok, mid)
            edges.append(best.x[j] + sign * ok)
        out.append((edges[0], edges[1]))
    return out, lowest[1]
