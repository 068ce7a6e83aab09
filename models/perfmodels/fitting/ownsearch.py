"""What a user's fit (ownfit.py) fits, and the rows' own best fit of it: the candidates the rows
can tell apart (identify.py), judged at the memo's values and then again where the rows' own best
fit of those lies (multistart.py).

Why twice: a model's kinks and steps make a candidate's effect depend on where it is measured. At
the memo's values a candidate may move only a row that a step in another's effect also moves (and
seem collinear with it), though the rows tell the two apart where they fit; or it may seem to
move the rows on its own there, though at the rows' best it moves them only together with another
(the CPU's per-byte cost and the track time where every row is CPU-bound): fitted there, it would
take any value along that line, and a row at another setting (a faster CPU) would be predicted
from a guess. So the verdict is the one at the rows' own best; where it differs from the first,
the rows' best of what it now says is fitted is searched for again, from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from . import FLAT_TOLERANCE, Unknown
from .identify import Unpinned, identifiable
from .leastsq import Box, Fit, Residuals
from .multistart import own_best

Make = Callable[[Sequence[Unknown]], Residuals]
# A fit of the rows as good as another: its loss within FLAT_TOLERANCE of the other's, or 0.1 %
# rms a row above it (rows made by a model are fitted exactly: a share of nothing is nothing)
DROP_FLOOR = 1e-6


def search(
    make: Make, candidates: list[Unknown], tick: Callable[[float], None] | None = None
) -> tuple[list[Unknown], list[Unpinned], Fit | None]:
    """The candidates fitted (as given: their start, the memo's value, is the pull's centre),
    those unpinned with why, and the rows' own best fit of the fitted (None if none is).
    `make(unknowns)`: the residuals of the rows at a point of those unknowns."""
    taken, unpinned = identifiable(make(candidates), candidates, Box.of(candidates))
    if not taken:
        return [], unpinned, None
    best = _best(make, taken, [{}], _part(tick, 0.0, 0.5))
    there = _values(taken, best)
    moved = [replace(u, start=there.get(u.name, u.start)) for u in candidates]
    again, unpinned = identifiable(make(moved), moved, Box.of(moved))
    names = {u.name for u in again}
    if names == {u.name for u in taken}:
        return taken, unpinned, best
    fitted = [u for u in candidates if u.name in names]
    now = _best(make, fitted, [there, {}], _part(tick, 0.5, 0.3)) if fitted else None
    dropped = {u.name for u in taken} - names
    if dropped and (now is None or now.loss > best.loss * (1 + FLAT_TOLERANCE) + len(best.r) * DROP_FLOOR):
        # held at the memo's values they fit the rows worse, the others moved as they may: the
        # rows do tell them apart, if only over a step or a kink; they stay fitted (their ranges
        # show how far they may go)
        start = {**there, **(_values(fitted, now) if now else {})}
        fitted = [u for u in candidates if u.name in names | dropped]
        unpinned = [u for u in unpinned if u.name not in dropped]
        now = _best(make, fitted, [start, there], _part(tick, 0.8, 0.2))
    return fitted, unpinned, now


def _values(unknowns: list[Unknown], fit: Fit) -> dict[str, float]:
    return {u.name: u.from_search(v)[0] for u, v in zip(unknowns, fit.x, strict=True)}


def _best(
    make: Make, unknowns: list[Unknown], starts: list[dict[str, float]], tick: Callable[[float], None] | None
) -> Fit:
    """The rows' own best of these unknowns, from each start (values by name; the memo's where a
    start has none; the scan around the first)."""
    points = [[u.to_search(s.get(u.name, u.start)) for u in unknowns] for s in starts]
    return own_best(make(unknowns), points, Box.of(unknowns), tick)


def _part(tick: Callable[[float], None] | None, start: float, width: float) -> Callable[[float], None] | None:
    if tick is None:
        return None
    whole = tick
    return lambda f: whole(start + width * f)
