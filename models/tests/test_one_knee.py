"""One knee on a closed network (issue 49): the population where the pace setter changes is the
textbook N* = (D + Z) / D_max, and every answer that names a knee gives that one number, at
random knob settings of DECnet and LAVC."""

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_laws import settings_of

import perfmodels
from perfmodels import atlas
from perfmodels.registry import SYSTEMS, spec

# each closed network and the knob its population is counted on (DECnet: two buffers a message)
NETWORKS = [("decnet", "link_quota", 2), ("lavc", "users", 1)]


def bottleneck_at(name: str, knobs: dict, x: str, population: int, per_customer: int) -> str | None:
    return perfmodels.evaluate(name, {**knobs, x: population * per_customer})["bottleneck"]


@pytest.mark.parametrize(("name", "x", "per_customer"), NETWORKS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_answer_that_names_the_knee_gives_n_star(
    name: str, x: str, per_customer: int, data: st.DataObject
) -> None:
    knobs = spec(name).validate(data.draw(settings_of(name)))
    along = SYSTEMS[name].ALONG
    star = along.bounds_knee(knobs, x)
    if star is None:  # nothing takes time: no knee anywhere, and the engine names none either
        assert along.knee(knobs, x) is None
        return
    n_star = star["x"]
    # the engine's own knee is N*
    assert along.knee(knobs, x) == pytest.approx(n_star, rel=1e-12)
    # the bottleneck switches there: the window below N*, the station with D_max from it on
    kx = spec(name).knob(x)
    first = math.ceil(n_star / per_customer - 1e-12)  # the first population at or past N*
    window = spec(name).not_resources[0]
    assert kx.max is not None
    if first * per_customer <= kx.max:
        assert bottleneck_at(name, knobs, x, first, per_customer) == star["station"]
    if first - 1 >= 1 and (first - 1) * per_customer <= kx.max:
        assert bottleneck_at(name, knobs, x, first - 1, per_customer) == window
    # the sweep's knee, where its regions change, and the atlas's x = 1 are the same number
    s = perfmodels.sweep(name, knobs, x, band=False)
    if float(s["x"][0]) < n_star <= float(s["x"][-1]):
        assert s["knee"] is not None and s["knee"]["resource"] == star["station"]
        assert s["knee"]["x"] == pytest.approx(n_star, rel=1e-12)
        curve = atlas.curve(name, knobs)
        assert curve["knee"] == pytest.approx(n_star, rel=1e-12)
        # and the atlas gives no second population beside it: its capacity is y = 1's bound
        assert curve["capacity_unit"] != kx.unit
