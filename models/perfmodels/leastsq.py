"""Least squares for a user's fit (ownfit.py): a Levenberg-Marquardt search over the unknowns
(fitting.Unknown, in their search coordinates, held within their bounds) with a prior that pulls
each unknown toward a centre (the memo's value), the rows-left-out errors a linear step predicts
(one Newton step each: a prior's weight is chosen by them without refitting each row) and the profile
ranges of the fitted values.

Residuals are log(model / measured), as in fitting.loss; the prior adds w * z^2 for each unknown,
z = (x - centre) / scale in search coordinates, so the loss is sum r^2 + w * sum z^2. A gradient
method, not fitting.py's simplex: it needs k + 1 model calls a step and converges in a few steps,
which is what lets a fit be made at several weights inside the page's time budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .fitting import MISS_COST, Unknown, nelder_mead, split
from .system import System
from .types import Knobs, Observation, Params

Vector = list[float]
Matrix = list[list[float]]
Residuals = Callable[[Sequence[float]], Vector]

MISS = math.sqrt(MISS_COST)  # a value the model cannot predict: as in fitting.loss
# forward-difference step of the Jacobian, in search coordinates (a share of the range where linear)
DIFF_STEP = 1e-3
ITERATIONS = 25
CONVERGED = 1e-7  # a step that lowers the loss by less than this share ends the search
SIMPLEX_ITERATIONS = 1500
SIMPLEX_RESTARTS = 2
# loose: the simplex only finds the basin, the gradient steps after it converge
SIMPLEX_TOLERANCE = 1e-5


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


def residuals(model: System, obs: list[Observation], unknowns: Sequence[Unknown], base: Params) -> Residuals:
    """log(model / measured) of each observation at a point of the search: each distinct setting
    validated once and solved once for the metrics measured there (as fitting.objective)."""
    groups: dict[str, tuple[Knobs, list[tuple[int, str, float]]]] = {}
    for i, o in enumerate(obs):
        key = repr(sorted(o["config"].items()))
        if key not in groups:
            groups[key] = (model.SPEC.validate(o["config"]), [])
        groups[key][1].append((i, o["metric"], o["value"]))
    settings = list(groups.values())
    held = {**model.FIXED_DEFAULTS, **base}

    def at(x: Sequence[float]) -> Vector:
        p, k = split(unknowns, [u.from_search(v)[0] for u, v in zip(unknowns, x, strict=True)])
        full = {**held, **p}
        out = [0.0] * len(obs)
        for config, measured in settings:
            got = model.solve({**config, **k} if k else config, full, detail=False)["metrics"]
            for i, metric, value in measured:
                m = got[metric]
                out[i] = math.log(m / value) if m is not None and m > 0 else MISS
        return out

    return at


def group_residuals(
    model: System, obs: list[Observation], unknowns: Sequence[Unknown], base: Params, groups: list[list[int]]
) -> Callable[[int, Vector], Vector]:
    """The residuals of one group of observations (by its index) at a point: a left-out row's."""
    each = [residuals(model, [obs[i] for i in g], unknowns, base) for g in groups]
    return lambda gi, x: each[gi](x)


@dataclass(frozen=True)
class Box:
    """The search's bounds and difference steps, in search coordinates."""

    lo: Vector
    hi: Vector
    unit: Vector  # one step's worth: 1 (a factor e) where searched in log, the range where linear

    @staticmethod
    def of(unknowns: Sequence[Unknown]) -> Box:
        return Box(
            [u.to_search(u.lo) for u in unknowns],
            [u.to_search(u.hi) for u in unknowns],
            [1.0 if u.log else u.hi - u.lo for u in unknowns],
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
    k = len(jac[0]) if jac else 0
    a = [[sum(row[i] * row[j] for row in jac) for j in range(k)] for i in range(k)]
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


def levenberg_marquardt(
    f: Residuals,
    x0: Sequence[float],
    box: Box,
    prior: Prior | None = None,
    iterations: int = ITERATIONS,
    tick: Callable[[], None] | None = None,
) -> Fit:
    """Minimise sum r^2 + prior from x0, each coordinate held within the box. Returns the point,
    its residuals, the Jacobian there and the loss."""
    x = box.clip(x0)
    r = f(x)
    now = cost(r, x, prior)
    jac = jacobian(f, x, r, box)
    mu = 1e-3
    for _ in range(iterations):
        if tick:
            tick()
        a = normal(jac, prior)
        pt = prior.terms(x) if prior else [0.0] * len(x)
        pc = prior.curvature() if prior else [0.0] * len(x)
        g = [
            sum(row[j] * ri for row, ri in zip(jac, r, strict=True)) + (pt[j] * math.sqrt(pc[j]) if pc[j] > 0 else 0.0)
            for j in range(len(x))
        ]
        step_taken = False
        gain = 0.0
        while mu < 1e10:
            damped = [
                [a[i][j] + (mu * (a[i][i] + 1e-12) if i == j else 0.0) for j in range(len(x))] for i in range(len(x))
            ]
            d = solve(damped, [-gi for gi in g])
            if d is None:
                mu *= 10
                continue
            y = box.clip([v + dv for v, dv in zip(x, d, strict=True)])
            ry = f(y)
            new = cost(ry, y, prior)
            if new < now:
                x, r, gain, now = y, ry, now - new, new
                mu = max(mu / 3, 1e-9)
                step_taken = True
                break
            mu *= 4
        if not step_taken:
            break
        jac = jacobian(f, x, r, box)
        if gain <= CONVERGED * (now + 1e-12):
            break
    return Fit(x, r, jac, now)


def data_fit(
    f: Residuals,
    x0: Sequence[float],
    box: Box,
    iterations: int = SIMPLEX_ITERATIONS,
    tick: Callable[[float], None] | None = None,
) -> Vector:
    """The rows' own best point (no prior) by a simplex of 50 % steps from x0: the model's steps
    (whole revolutions lost, a gap rounded to whole blocks) make flats and cliffs that a gradient
    cannot see across and a simplex steps over."""
    count = 0

    def g(x: list[float]) -> float:
        y = box.clip(x)
        return cost(f(y), y, None) + sum((a - b) ** 2 for a, b in zip(x, y, strict=True))  # outside: the way back

    def each() -> None:
        nonlocal count
        count += 1
        if tick and count % 25 == 0:
            tick(min(1.0, count / (SIMPLEX_RESTARTS * iterations)))

    x = list(x0)
    for _ in range(SIMPLEX_RESTARTS):  # a fresh simplex at the best: out of a collapsed one
        x, _ = nelder_mead(g, x, step=0.5, iterations=iterations, tolerance=SIMPLEX_TOLERANCE, tick=each)
    return box.clip(x)


def left_out_step(
    fit: Fit,
    prior: Prior,
    groups: list[list[int]],
    predict: Callable[[int, Vector], Vector],
    box: Box,
    floor: float = 1e-6,
) -> Vector:
    """Each residual with its group of rows left out of the fit: one Newton step from the fit on
    the loss of the other rows (Gauss-Newton: J'J and the gradient without the group's rows),
    then the group's rows predicted by the model itself there (`predict(group index, point)`).
    Where the other rows say nothing of an unknown, the step takes it back to the prior's centre
    (a pull of at least `floor`, so nothing the left-out rows alone had set is kept): as a refit
    from the memo's values would. A linear model's exact refit; for ours, the first step of it."""
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


def profile_ranges(
    f: Residuals, best: Fit, box: Box, prior: Prior | None, tolerance: float, steps: int = 8
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
