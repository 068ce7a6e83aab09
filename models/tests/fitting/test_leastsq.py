"""Least squares for a user's fit (leastsq.py): the Levenberg-Marquardt search with the Jacobian
carried along by secant updates, its budget of calls, a fit reused warm, and the prior's pull."""

import math

import pytest

from perfmodels.fitting import Unknown
from perfmodels.fitting.leastsq import (
    Box,
    Prior,
    cost,
    gradient,
    jacobian,
    levenberg_marquardt,
    linear_gain,
    normal,
    secant,
    solve,
)


def curve(v):
    # y = a * exp(b * t) measured at five t, made with a = 2, b = 0.5: the residuals are logs,
    # the search in log a (as a positive parameter's is)
    log_a, b = v
    return [log_a + b * t - (math.log(2.0) + 0.5 * t) for t in (0.0, 1.0, 2.0, 3.0, 4.0)]


def bent(v):
    a, b = v
    return [10.0 * (b - a * a), 1.0 - a]  # Rosenbrock's valley: a = b = 1 fits both rows


BOX = Box.of([Unknown("a", "knob", -10.0, 10.0, 0.0), Unknown("b", "knob", -10.0, 10.0, 0.0)])


def test_the_search_finds_the_fit_in_few_calls():
    calls = []

    def f(v):
        calls.append(v)
        return bent(v)

    fit = levenberg_marquardt(f, [-1.2, 1.0], BOX)
    assert fit.loss < 1e-12 and fit.x == pytest.approx([1.0, 1.0], abs=1e-6)
    assert len(calls) < 60
    assert fit.fresh and fit.jac == jacobian(bent, fit.x, fit.r, BOX)  # by differences, at the fit


def test_a_budget_of_calls_is_kept_and_a_fit_goes_on_from_where_it_stopped():
    calls = []

    def f(v):
        calls.append(v)
        return bent(v)

    first = levenberg_marquardt(f, [-1.2, 1.0], BOX, calls=5, exact=False)
    assert len(calls) <= 5 + 2  # (a Jacobian begun within the budget is finished)
    spent = len(calls)
    again = levenberg_marquardt(f, first, BOX)
    assert again.loss < first.loss and again.loss < 1e-12
    assert len(calls) - spent < 60


def test_the_secant_update_gives_the_change_along_its_step_exactly():
    x, y = [1.0, 1.0], [1.3, 0.8]
    r0, r1 = bent(x), bent(y)
    step = [b - a for a, b in zip(x, y, strict=True)]
    jac = secant(jacobian(bent, x, r0, BOX), step, r0, r1)
    along = [sum(j * s for j, s in zip(row, step, strict=True)) for row in jac]
    assert along == pytest.approx([b - a for a, b in zip(r0, r1, strict=True)])


def test_a_prior_pulls_toward_its_centre_and_counts_in_the_normal_matrix_and_the_gain():
    free = levenberg_marquardt(curve, [0.0, 0.0], BOX)
    pulled = levenberg_marquardt(curve, [0.0, 0.0], BOX, Prior([0.0, 0.0], [0.1, math.inf], 1.0))
    assert math.exp(free.x[0]) == pytest.approx(2.0, rel=1e-4)
    assert abs(pulled.x[0]) < abs(free.x[0]) and pulled.x[1] != 0.0
    a = normal(pulled.jac, Prior([0.0, 0.0], [0.1, math.inf], 1.0))
    assert a[0][0] == pytest.approx(normal(pulled.jac, None)[0][0] + 100.0)
    # on straight-line residuals the gain a step would bring were they linear is its true gain
    x0 = [0.0, 0.0]
    r0 = curve(x0)
    jac = jacobian(curve, x0, r0, BOX)
    g = gradient(jac, r0, x0, None)
    step = solve(normal(jac, None), [-v for v in g])
    assert linear_gain(normal(jac, None), g, step) == pytest.approx(cost(r0, x0, None) - cost(curve(step), step, None))
