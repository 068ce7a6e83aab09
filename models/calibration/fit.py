"""Least-squares calibration helpers: a small Nelder-Mead simplex minimiser (standard library only).

Calibration runs on CPython during development, but the models package must stay free of
compiled dependencies so the same code runs under Pyodide; the simplex method needs nothing
but arithmetic and is deterministic for a given start, so calibrations are reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def nelder_mead(
    f: Callable[[list[float]], float],
    x0: Sequence[float],
    step: float = 0.3,
    iterations: int = 4000,
    tolerance: float = 1e-12,
) -> tuple[list[float], float]:
    """Minimise f from x0; returns (best point, best value). Standard coefficients 1, 2, 0.5, 0.5."""
    n = len(x0)
    simplex = [list(map(float, x0))]
    for i in range(n):
        p = list(map(float, x0))
        p[i] = p[i] + step if p[i] == 0 else p[i] * (1 + step) if abs(p[i]) > 1e-9 else step
        simplex.append(p)
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=values.__getitem__)
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        if abs(values[-1] - values[0]) <= tolerance * (abs(values[0]) + tolerance):
            break
        centroid = [sum(p[j] for p in simplex[:-1]) / n for j in range(n)]
        worst = simplex[-1]
        refl = [c + (c - w) for c, w in zip(centroid, worst, strict=True)]
        fr = f(refl)
        if fr < values[0]:
            exp = [c + 2 * (c - w) for c, w in zip(centroid, worst, strict=True)]
            fe = f(exp)
            simplex[-1], values[-1] = (exp, fe) if fe < fr else (refl, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = refl, fr
        else:
            con = [c + 0.5 * (w - c) for c, w in zip(centroid, worst, strict=True)]
            fc = f(con)
            if fc < values[-1]:
                simplex[-1], values[-1] = con, fc
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (q - b) for b, q in zip(best, p, strict=True)] for p in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
    i = min(range(n + 1), key=values.__getitem__)
    return simplex[i], values[i]
