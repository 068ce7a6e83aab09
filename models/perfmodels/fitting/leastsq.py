"""Least squares for a user's fit (ownfit.py): a Levenberg-Marquardt search over the unknowns
(fitting.Unknown, in their search coordinates, held within their bounds) with a prior that pulls
each unknown toward a centre (the memo's value), and the rows-left-out errors a linear step
predicts (one Newton step each: a prior's weight is chosen by them without refitting each row).
The residuals come from ownresiduals.py, the fit's ranges from profileranges.py.

Residuals are log(model / measured), as in fitting.loss; the prior adds w * z^2 for each unknown,
z = (x - centre) / scale in search coordinates, so the loss is sum r^2 + w * sum z^2. A gradient
method, not fitting.py's simplex: it converges in a few steps of one call of the residuals each
(the Jacobian carried along between fresh ones), which is what lets a fit be made from several
starts and at several weights inside the page's time budget.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import Unknown

Vector = list[float]
Matrix = list[list[float]]
Residuals = Callable[[Sequence[float]], Vector]

# forward-difference step of the Jacobian, in search coordinates (a share of the range where linear)
DIFF_STEP = 1e-3
CALLS = 150  # calls of the residuals a search may make
CONVERGED = 1e-4  # a step that lowers the loss by less than this share ends the search
EXACT = 1e-16  # a mean square residual under this (0.00001 % rms): nothing left to fit


@dataclass(frozen=True)
class Prior:
    """Each unknown's centre and scale (search coordinates; an infinite scale: no pull) and the weight."""

    centre: Vector
    scale: Vector
    weight: float

    def terms(self, x: Sequence[float]) -> Vector:
        return [
            math.sqrt(self.weight) * (v - c) / s if math.isfinite(s) else 0.0
            for v, c, s in zip(x, self.centre, self.scale, strict=True)
        ]

    def curvature(self) -> Vector:
        return [self.weight / (s * s) if math.isfinite(s) else 0.0 for s in self.scale]


@dataclass(frozen=True)
class Box:
    """The search's bounds and difference steps, in search coordinates."""

    lo: Vector
    hi: Vector
    unit: Vector  # one step's worth: 1 (a factor e) where searched in log, the range where linear
    log: tuple[bool, ...]

    @staticmethod
    def of(unknowns: Sequence[Unknown]) -> Box:
        return Box(
            [u.to_search(u.lo) for u in unknowns],
            [u.to_search(u.hi) for u in unknowns],
            [1.0 if u.log else u.hi - u.lo for u in unknowns],
            tuple(u.log for u in unknowns),
        )

    @property
    def step(self) -> Vector:
        return [DIFF_STEP * u for u in self.unit]

    def clip(self, x: Sequence[float]) -> Vector:
        return [min(h, max(l_, v)) for v, l_, h in zip(x, self.lo, self.hi, strict=True)]

    def near_bound(self, x: Sequence[float], share: float) -> bool:
        """Whether some coordinate is within `share` of a unit of a bound."""
        return any(min(v - lo, hi - v) < share * u for v, lo, hi, u in zip(x, self.lo, self.hi, self.unit, strict=True))


def jacobian(f: Residuals, x: Sequence[float], r0: Sequence[float], box: Box) -> Matrix:
    """d r_i / d x_j by forward differences (backward at an upper bound): rows are observations."""
    cols = []
    for j, v in enumerate(x):
        h = -box.step[j] if v + box.step[j] > box.hi[j] else box.step[j]
        y = list(x)
        y[j] = v + h
        cols.append([(b - a) / h for a, b in zip(r0, f(y), strict=True)])
    return [[c[i] for c in cols] for i in range(len(r0))]


def solve(a: Matrix, b: Vector) -> Vector | None:
    """a x = b by Gaussian elimination with partial pivoting; None if a is singular."""
    n = len(b)
    m = [list(row) + [bi] for row, bi in zip(a, b, strict=True)]
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(m[i][c]))
        if abs(m[p][c]) < 1e-300:
            return None
        m[c], m[p] = m[p], m[c]
        for i in range(c + 1, n):
            f = m[i][c] / m[c][c]
            if f:
                for j in range(c, n + 1):
                    m[i][j] -= f * m[c][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


def inverse(a: Matrix) -> Matrix | None:
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(len(a))]) for j in range(len(a))]
    if any(c is None for c in cols):
        return None
    return [[c[i] for c in cols if c is not None] for i in range(len(a))]


def normal(jac: Matrix, prior: Prior | None) -> Matrix:
    """J'J plus the prior's curvature on the diagonal (half the loss's Gauss-Newton Hessian)."""
    cols = list(zip(*jac, strict=True))  # (by columns, each product once: it is computed at every step)
    a = [[0.0] * len(cols) for _ in cols]
    for i, ci in enumerate(cols):
        for j in range(i, len(cols)):
            a[i][j] = a[j][i] = sum(map(operator.mul, ci, cols[j]))
    if prior:
        for i, c in enumerate(prior.curvature()):
            a[i][i] += c
    return a


def cost(r: Sequence[float], x: Sequence[float], prior: Prior | None) -> float:
    return sum(v * v for v in r) + (sum(t * t for t in prior.terms(x)) if prior else 0.0)


@dataclass
class Fit:
    x: Vector
    r: Vector
    jac: Matrix
    loss: float
    fresh: bool = True  # the Jacobian by differences at x (else carried along by secant updates)


def secant(jac: Matrix, step: Sequence[float], r0: Sequence[float], r1: Sequence[float]) -> Matrix:
    """Broyden's update of the Jacobian from one step: the least change that makes it give the
    residuals' change along the step exactly (J + (dr - J s) s' / s's)."""
    ss = sum(v * v for v in step)
    out = []
    for row, a, b in zip(jac, r0, r1, strict=True):
        miss = (b - a - sum(j * v for j, v in zip(row, step, strict=True))) / ss
        out.append([j + miss * v for j, v in zip(row, step, strict=True)])
    return out


def gradient(jac: Matrix, r: Sequence[float], x: Sequence[float], prior: Prior | None) -> Vector:
    """Half the loss's gradient: J'r and the prior's pull."""
    pt = prior.terms(x) if prior else [0.0] * len(x)
    pc = prior.curvature() if prior else [0.0] * len(x)
    return [
        sum(map(operator.mul, col, r)) + (t * math.sqrt(c) if c > 0 else 0.0)
        for col, t, c in zip(zip(*jac, strict=True), pt, pc, strict=True)
    ]


def linear_gain(a: Matrix, g: Vector, s: Vector) -> float:
    """What a step s would lower the loss by were the residuals linear: -(2 g's + s'As)."""
    a_s = [sum(v * w for v, w in zip(row, s, strict=True)) for row in a]
    return -sum(si * (2 * gi + asi) for gi, si, asi in zip(g, s, a_s, strict=True))


def levenberg_marquardt(
    f: Residuals,
    x0: Sequence[float] | Fit,
    box: Box,
    prior: Prior | None = None,
    calls: int = CALLS,
    tick: Callable[[], None] | None = None,
    exact: bool = True,
) -> Fit:
    """Minimise sum r^2 + prior from x0 (a point, or a fit whose residuals and Jacobian are
    reused), each coordinate held within the box. Returns the point, its residuals, the
    Jacobian there (by differences) and the loss. The Jacobian is found by differences at the
    start and again only where a step fails; a step that lowers the loss updates it along that
    step alone (secant), so a step costs one call of f, not k + 1. `calls`: of f, at most (but
    the Jacobian at the end); `exact`: the Jacobian returned is by differences (else it may be the
    updates')."""
    spent = 0

    def f_(x: Sequence[float]) -> Vector:
        nonlocal spent
        spent += 1
        return f(x)

    if isinstance(x0, Fit):
        x, r, jac, fresh = x0.x, x0.r, x0.jac, x0.fresh
    else:
        x = box.clip(x0)
        r = f_(x)
        jac, fresh = jacobian(f_, x, r, box), True
    now = cost(r, x, prior)
    mu = 1e-3
    while spent < calls:
        if tick:
            tick()
        if now <= EXACT * len(r):
            break
        a = normal(jac, prior)
        g = gradient(jac, r, x, prior)
        damped = [[a[i][j] + (mu * (a[i][i] + 1e-12) if i == j else 0.0) for j in range(len(x))] for i in range(len(x))]
        d = solve(damped, [-gi for gi in g])
        y = box.clip([v + dv for v, dv in zip(x, d or [0.0] * len(x), strict=True)])
        s = [b - a for a, b in zip(x, y, strict=True)]
        if d is None or linear_gain(a, g, s) <= CONVERGED * now:  # too little to gain: done
            if fresh:
                break  # nowhere left to go from here
            jac, fresh = jacobian(f_, x, r, box), True
            continue
        ry = f_(y)
        new = cost(ry, y, prior)
        if new < now:
            gain = now - new
            jac, fresh = secant(jac, s, r, ry), False
            x, r, now = y, ry, new
            mu = max(mu / 3, 1e-9)
            if gain <= CONVERGED * (now + 1e-12):
                break
        elif fresh:
            mu *= 4
            if mu > 1e10:
                break
        else:  # the step failed on a Jacobian carried along by updates: measure it afresh first
            jac, fresh = jacobian(f_, x, r, box), True
    if exact and not fresh:
        jac, fresh = jacobian(f, x, r, box), True
    return Fit(x, r, jac, now, fresh)


def left_out_step(
    fit: Fit,
    prior: Prior,
    groups: list[list[int]],
    predict: Callable[[int, Vector], Vector],
    box: Box,
    floor: float = 1e-9,
) -> Vector:
    """Each residual with its group of rows left out of the fit: one Newton step from the fit on
    the loss of the other rows (Gauss-Newton: J'J and the gradient without the group's rows),
    then the group's rows predicted by the model itself there (`predict(group index, point)`).
    Where the other rows say nothing of an unknown, the step takes it back to the prior's centre
    (a pull of at least `floor`, so nothing the left-out rows alone had set is kept): as a refit
    from the memo's values would. The floor is far under the weakest weight tried, so that it
    moves only what the other rows do not see at all, and a fit without a pull is scored as one
    (at 1e-6, the weakest weight, it scored that weight's refit from the unpulled fit: one
    Newton step over the model's kinks, which favoured the pull on rows the model made exactly).
    A linear model's exact refit; for ours, the first step of it."""
    k = len(fit.x)
    a = normal(fit.jac, prior)
    curv = prior.curvature()
    least = Prior(prior.centre, prior.scale, max(floor, prior.weight)).curvature()
    pt = prior.terms(fit.x)
    grad = [
        sum(row[j] * ri for row, ri in zip(fit.jac, fit.r, strict=True))
        + (pt[j] * math.sqrt(curv[j]) if curv[j] else 0.0)
        for j in range(k)
    ]
    out = list(fit.r)
    for gi, g in enumerate(groups):
        rest = [[a[i][j] - sum(fit.jac[n][i] * fit.jac[n][j] for n in g) for j in range(k)] for i in range(k)]
        step_grad = [grad[j] - sum(fit.jac[n][j] * fit.r[n] for n in g) for j in range(k)]
        for j in range(k):  # the floor's pull where the prior's is weaker
            extra = least[j] - curv[j]
            rest[j][j] += extra
            step_grad[j] += extra * (fit.x[j] - prior.centre[j])
        d = solve(rest, [-v for v in step_grad])
        at = box.clip([v + dv for v, dv in zip(fit.x, d or [0.0] * k, strict=True)])
        for n, v in zip(g, predict(gi, at), strict=True):
            out[n] = v
    return out
