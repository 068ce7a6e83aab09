"""The profile ranges of a user's fit (profileranges.py): each edge where the loss, the others
following, rises by the tolerance; a direction the rows do not see walks to its bounds; a lower
point met on the way is handed back."""

import math

import pytest

from perfmodels.fitting import Unknown
from perfmodels.fitting.leastsq import Box, Fit, cost, jacobian, levenberg_marquardt
from perfmodels.fitting.profileranges import edge, profile_ranges

US = [Unknown("a", "knob", -10.0, 10.0, 0.0), Unknown("b", "knob", -10.0, 10.0, 0.0)]
BOX = Box.of(US)


def test_the_edge_is_where_the_loss_reaches_the_limit():
    calls = []

    def loss_at(t):
        calls.append(t)
        return 1.0 + t * t

    assert edge(loss_at, 1.0, 1.04, 0.05, 10.0) == pytest.approx(0.2, rel=0.02)
    assert len(calls) <= 6  # false position, not eight halvings
    assert edge(lambda t: 1.0, 1.0, 1.04, 0.05, 3.0) == 3.0  # never above: to the bound


def test_a_quadratic_loss_gives_its_exact_ranges_and_an_unseen_direction_its_bounds():
    def rows(v):
        a, b = v
        return [a - 1.0 + 0.1, a - 1.0 - 0.1]  # b moves no row

    fit = levenberg_marquardt(rows, [0.0, 0.0], BOX)
    (a_lo, a_hi), (b_lo, b_hi) = profile_ranges(rows, fit, BOX, None, 0.01)[0]
    # loss 0.02 + 2 (a - 1)^2 within 1 %: |a - 1| <= sqrt(0.0001)
    assert a_lo == pytest.approx(1.0 - math.sqrt(1e-4), abs=5e-4) and a_hi == pytest.approx(
        1.0 + math.sqrt(1e-4), abs=5e-4
    )
    assert (b_lo, b_hi) == (-10.0, 10.0)


def test_a_lower_point_met_on_the_walk_is_handed_back():
    def shallow(v):
        a, _ = v
        return [min(abs(a) + 0.01, abs(a - 0.02)), v[1]]  # at a = 0 a kink's floor; lower at 0.02

    x = [0.0, 0.0]
    r = shallow(x)
    at_kink = Fit(x, r, jacobian(shallow, x, r, BOX), cost(r, x, None))
    _, lower = profile_ranges(shallow, at_kink, BOX, None, 0.5)
    assert lower is not None and cost(shallow(lower), lower, None) < at_kink.loss
