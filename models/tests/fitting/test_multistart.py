"""The rows' own best from several starts (multistart.py): a gradient search from one start stays
in its valley; the scan and the searches from apart starts find the deeper one."""

import math

from perfmodels.fitting import Unknown
from perfmodels.fitting.leastsq import Box, levenberg_marquardt
from perfmodels.fitting.multistart import halton, own_best, scan


def two_valleys(v):
    # a shallow valley at x = 1 (its floor 0.3) and the deepest at x = 1.8 (floor 0): a kink between
    (x,) = v
    return [min(abs(x - 1.0) + 0.3, abs(x - 1.8))]


def test_a_search_from_one_start_stays_in_its_valley_where_the_several_find_the_deepest():
    us = [Unknown("x", "knob", 0.0, 4.0, 1.0)]
    box = Box.of(us)
    alone = levenberg_marquardt(two_valleys, [1.0], box)
    assert alone.loss > 0.05  # the valley it started in
    best = own_best(two_valleys, [[1.0]], box)
    assert best.loss < 1e-6 and math.isclose(best.x[0], 1.8, abs_tol=1e-3)


def test_the_scan_is_spread_evenly_and_stays_within_the_bounds():
    assert [halton(i, 2) for i in range(1, 5)] == [0.5, 0.25, 0.75, 0.125]
    us = [Unknown("a", "param", 0.1, 100.0, 1.0), Unknown("b", "knob", 0.0, 1.0, 0.9)]
    box = Box.of(us)
    points = scan([0.0, 0.9], box, 40)
    assert len(points) == 40
    for a, b in points:
        assert -math.log(4) <= a <= math.log(4)  # a factor 4 either way of 1 (searched in log)
        assert 0.65 <= b <= 1.0  # a quarter of the range either way, held at the bound
