"""The memo as a prior for a user's fit (ownfit.py), and the prior's weight, chosen by the rows.

The loss adds w * z^2 for each fitted parameter, z = how far it has moved from the memo's
calibrated value in units of the memo's own range for it (half the width of the range where the
memo's loss stays within 1 % of its best, in search coordinates: a factor for a positive
parameter). A parameter the memo pins tightly costs much to move; one the memo leaves open
(the FFS UNIBUS rate) costs little. A knob fitted from the table has no memo value: no pull.

The weight w is chosen from WEIGHTS by leaving each row out in turn: the weight whose fit
predicts the rows left out best (each row predicted after one Newton step from the weight's
fit on the other rows, leastsq.left_out_step), or, within SLACK of that, the stronger pull. The penalty does not grow
with the table, so with many rows the data outweighs it. A fit that puts a parameter at one of
its physical bounds (set wide enough for any machine) is not taken: the rows are pulling it past
anything physical to buy a little fit, and a linear step says nothing there (the loss is flat
at a bound), so the next stronger pull is taken instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..fitted import report
from . import Unknown
from .leastsq import CALLS, Box, Fit, Prior, Residuals, Vector, left_out_step, levenberg_marquardt

# From a strong pull (the memo's values unless the rows insist) to none.
STRONG = (1.0, 1e-2)
WEAK = (0.0, 1e-6, 1e-4)
WEIGHTS = tuple(sorted(STRONG + WEAK, reverse=True))
SLACK = 0.005
WEAK_CALLS = 30  # calls of a weak pull's search from the fit without one (a few steps)
KEEP = 0.75
AT_BOUND = 0.01  # within 1 % of a bound (a factor 1.01, or 1 % of a range from zero)
# The least scale: a memo range narrower than 2 % (or 1 % of a range from zero) counts as 2 %.
LEAST_SCALE = math.log(1.02)


def prior(system: str, unknowns: Sequence[Unknown], weight: float) -> Prior:
    spans = report(system).get("ranges", {})
    scales = []
    for u in unknowns:
        if u.kind != "param":
            scales.append(math.inf)
            continue
        lo, hi = spans.get(u.name, (u.start / 2, u.start * 2) if u.log else (u.lo, u.hi))
        least = LEAST_SCALE if u.log else 0.01 * (u.hi - u.lo)
        scales.append(max(least, (u.to_search(hi) - u.to_search(lo)) / 2))
    return Prior([u.to_search(u.start) for u in unknowns], scales, weight)


def score(left_out: Sequence[float]) -> float:
    """The mean square of the residuals left out, but for the worst quarter: a row that alone
    sets a parameter is unpredictable left out whatever the weight, and must not decide for
    the others."""
    kept = sorted(v * v for v in left_out)[: math.ceil(KEEP * len(left_out))]
    return sum(kept) / len(kept) if kept else 0.0


def choose(
    system: str,
    f: Residuals,
    unknowns: Sequence[Unknown],
    box: Box,
    rows: list[list[int]],
    predict: Callable[[int, Vector], Vector],
    own: Fit,
    progress: Callable[[float], None] | None = None,
) -> tuple[float, Fit, dict[float, float]]:
    """The chosen weight, its fit, and each weight's left-out score. `own` is the rows' own best
    fit (no pull: ownsearch.py). The strong pulls are fitted by a gradient search from the memo's
    values, one after the other; the weak ones from the rows' own best, stepping up from no pull, a
    few steps each (the pull is weak: it moves the fit little, and the scores are a linear step's)."""
    fits: dict[float, Fit] = {}
    scores: dict[float, float] = {}
    pulled = any(u.kind == "param" for u in unknowns)  # knobs alone: no memo value, no pull
    weights = [*STRONG, *WEAK] if pulled else [0.0]
    x: Vector | Fit = [u.to_search(u.start) for u in unknowns]
    for i, w in enumerate(weights):
        if w == 0.0:
            x = own
        pr = prior(system, unknowns, w)
        if w:
            x = levenberg_marquardt(f, x, box, pr, calls=CALLS if w in STRONG else WEAK_CALLS)
        assert isinstance(x, Fit)
        fits[w] = x
        scores[w] = score(left_out_step(x, pr, rows, predict, box))
        if progress:
            progress((i + 1) / len(weights))
    best = min(scores.values())
    chosen = max(w for w in scores if scores[w] <= best * (1 + SLACK) + 1e-10)
    stronger = [w for w in WEIGHTS if w >= chosen and w in scores]  # from the strongest
    while len(stronger) > 1 and box.near_bound(fits[stronger[-1]].x, AT_BOUND):
        stronger.pop()
    return stronger[-1], fits[stronger[-1]], scores
