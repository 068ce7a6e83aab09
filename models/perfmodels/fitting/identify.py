"""Which unknowns a user's rows can tell apart (ownfit.py), measured before fitting.

Each candidate's effect on the rows is the change of every row's log prediction when it moves
10 % each way from the memo's value (in search coordinates: a tenth of a factor for a positive
parameter, a twentieth of the range for one that starts at zero). A candidate whose effect is
below a part in a million on every row moves no row. The others are taken in order of their
effect's size; one whose effect is, within COLLINEAR, a combination of the effects of those
already taken moves the rows only together with them: the rows cannot tell it from them, so it
is not fitted either. Both keep the memo's value and are reported as unpinned, with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from . import Unknown
from .leastsq import Box, Residuals, Vector, solve

# An effect under 0.1 % on every row when the candidate moves 10 %: to explain a few per cent
# it would have to move by orders of magnitude, so it moves no row that matters.
NO_EFFECT = 1e-3
# What is left of an effect (as a share of its size) once the effects of those taken are
# removed, below which the rows cannot tell it from them: under 3 % (an angle under 1.7°).
COLLINEAR = 0.03
STEP = math.log(1.1)


@dataclass(frozen=True)
class Unpinned:
    name: str
    reason: str  # "no effect" or "collinear"
    partners: tuple[str, ...]


def effects(f: Residuals, unknowns: Sequence[Unknown], box: Box) -> list[Vector]:
    """Each unknown's effect on the residuals: r(start + step) - r(start - step), within bounds."""
    x0 = [u.to_search(u.start) for u in unknowns]
    out = []
    for j, u in enumerate(unknowns):
        h = STEP if u.log else 0.05 * (u.hi - u.lo)
        up, down = list(x0), list(x0)
        up[j], down[j] = min(box.hi[j], x0[j] + h), max(box.lo[j], x0[j] - h)
        out.append([a - b for a, b in zip(f(up), f(down), strict=True)])
    return out


def identifiable(f: Residuals, unknowns: Sequence[Unknown], box: Box) -> tuple[list[Unknown], list[Unpinned]]:
    """The unknowns the rows can pin, in their given order, and those they cannot, with why."""
    cols = effects(f, unknowns, box)
    sizes = [math.sqrt(sum(v * v for v in c)) for c in cols]
    taken: list[int] = []
    basis: list[Vector] = []  # orthonormal, spanning the effects taken
    out: dict[int, Unpinned] = {}
    for j in sorted(range(len(unknowns)), key=lambda j: -sizes[j]):
        if max((abs(v) for v in cols[j]), default=0.0) < NO_EFFECT:
            out[j] = Unpinned(unknowns[j].name, "no effect", ())
            continue
        unit = [v / sizes[j] for v in cols[j]]
        rest = list(unit)
        for b in basis:
            dot = sum(p * q for p, q in zip(rest, b, strict=True))
            rest = [p - dot * q for p, q in zip(rest, b, strict=True)]
        left = math.sqrt(sum(v * v for v in rest))
        if left < COLLINEAR:
            out[j] = Unpinned(
                unknowns[j].name,
                "collinear",
                _partners(unit, [cols[i] for i in taken], [unknowns[i].name for i in taken]),
            )
            continue
        basis.append([v / left for v in rest])
        taken.append(j)
    return [u for j, u in enumerate(unknowns) if j not in out], [out[j] for j in sorted(out)]


def _partners(unit: Vector, cols: list[Vector], names: list[str]) -> tuple[str, ...]:
    """The taken unknowns whose effects make up this one's: the least-squares combination of
    them (each effect scaled to unit size), those weighing at least a tenth of the heaviest."""
    units = [[v / math.sqrt(sum(w * w for w in c)) for v in c] for c in cols]
    gram = [[sum(p * q for p, q in zip(a, b, strict=True)) for b in units] for a in units]
    coef = solve(gram, [sum(p * q for p, q in zip(a, unit, strict=True)) for a in units])
    if coef is None:
        return tuple(names[:1])
    top = max(abs(c) for c in coef)
    ranked = sorted(
        (n for n, c in zip(names, coef, strict=True) if abs(c) >= 0.1 * top), key=lambda n: -abs(coef[names.index(n)])
    )
    return tuple(ranked)
