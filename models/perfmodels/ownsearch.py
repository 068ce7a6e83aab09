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

from .fitting import FLAT_TOLERANCE, Unknown
from .identify import Unpinned, identifiable
from .leastsq import Box, Fit, Residuals, cost
from .multistart import own_best

Make = Callable[[Sequence[Unknown]], Residuals]


def search(
    make: Make, candidates: list[Unknown], tick: Callable[[float], None] | None = None
) -> tuple[list[Unknown], list[Unpinned], Fit | None]:
    """The candidates fitted (as given: their start, the memo's value, is the pull's centre),
    those unpinned with why, and the rows' own best fit of the fitted (None if none is).
    `make(unknowns)`: the residuals of the rows at a point of those unknowns."""
    taken, unpinned = identifiable(make(candidates), candidates, Box.of(candidates))
    if not taken:
        return [], unpinned, None
    best = _best(make, taken, [[u.to_search(u.start) for u in taken]], _part(tick, 0.0, 0.6))
    there = {u.name: u.from_search(v)[0] for u, v in zip(taken, best.x, strict=True)}
    moved = [replace(u, start=there.get(u.name, u.start)) for u in candidates]
    again, unpinned = identifiable(make(moved), moved, Box.of(moved))
    names = {u.name for u in again} | {u.name for u in unpinned if _flat_but_not_at_memo(make, taken, best, u)}
    unpinned = [u for u in unpinned if u.name not in names]
    if names == {u.name for u in taken}:
        return taken, unpinned, best
    fitted = [u for u in candidates if u.name in names]
    if not fitted:
        return [], unpinned, None
    starts = [[u.to_search(there.get(u.name, u.start)) for u in fitted], [u.to_search(u.start) for u in fitted]]
    return fitted, unpinned, _best(make, fitted, starts, _part(tick, 0.6, 0.4))


def _flat_but_not_at_memo(make: Make, taken: list[Unknown], best: Fit, u: Unpinned) -> bool:
    """Whether a candidate fitted at the rows' best moves no row there, but set back to the memo's
    value would fit them worse: the loss is flat around the best along it (a step of the model:
    a buffer that holds a block or not) but not all the way to the memo's value, so it stays fitted
    (its range shows how far it may go)."""
    if u.reason != "no effect" or u.name not in {t.name for t in taken}:
        return False
    x = [t.to_search(t.start) if t.name == u.name else v for t, v in zip(taken, best.x, strict=True)]
    return cost(make(taken)(x), x, None) > best.loss * (1 + FLAT_TOLERANCE) + 1e-12


def _best(make: Make, unknowns: list[Unknown], starts: list[list[float]], tick: Callable[[float], None] | None) -> Fit:
    return own_best(make(unknowns), starts, Box.of(unknowns), tick)


def _part(tick: Callable[[float], None] | None, start: float, width: float) -> Callable[[float], None] | None:
    if tick is None:
        return None
    whole = tick
    return lambda f: whole(start + width * f)
