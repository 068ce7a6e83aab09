"""Where a sweep says a resource saturates (sweep.saturation), the model has it at least 95 %
busy, and just before it not: for every system, along every numeric knob, at the defaults and
at random settings. The knee, where the pace setter changes, is another point, short of it."""

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_laws import settings_of

import perfmodels
from perfmodels import pace
from perfmodels.registry import SYSTEMS, spec

VIEWS = [(name, k.name) for name, m in SYSTEMS.items() for k in m.SPEC.knobs if k.choices is None]


def busy_at(system: str, knobs: dict, x: str, v: float, resource: str) -> float:
    """The resource's busy share at x = v, from the point's own stages (its stages' shares
    added), never from the engine that found the saturation point."""
    m = SYSTEMS[system]
    kx = m.SPEC.knob(x)
    r = m.solve(m.SPEC.validate({**knobs, x: int(v) if kx.integer else v}), None, detail=True)
    shares = [st["utilization"] for st in r.get("stages", []) if st["resource"] == resource]
    assert shares, f"{system}: no stage of {resource!r} at {x} = {v}"
    return sum(u for u in shares if u is not None)


def check(system: str, knobs: dict, x: str) -> dict | None:
    s = perfmodels.sweep(system, knobs, x, band=False)
    sat = s["saturation"]
    if sat is None:
        return None
    kx = spec(system).knob(x)
    assert kx.min <= sat["x"] <= kx.max
    u = busy_at(system, s["knobs"], x, sat["x"], sat["resource"])
    said = f"{system} {x}: '{sat['resource']} saturates at {sat['x']}'"
    assert u >= pace.SATURATED - 1e-9, f"{said} but it is {u:.1%} busy"
    assert sat["utilization"] == pytest.approx(min(1.0, u), rel=1e-6, abs=1e-9)
    # the first such value on the knob's own grid: one step before, not yet saturated
    if kx.integer and kx.scale != "log2" and sat["x"] - kx.step >= float(s["x"][0]):
        before = busy_at(system, s["knobs"], x, sat["x"] - kx.step, sat["resource"])
        assert before < pace.SATURATED, f"{system} {x}: already {before:.1%} busy one step before {sat['x']}"
    return sat


@pytest.mark.parametrize("system, x", VIEWS)
def test_saturation_at_the_defaults_is_95_percent_busy(system: str, x: str) -> None:
    check(system, {}, x)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_default_view_says_saturates_only_where_it_is_95_percent_busy(system: str) -> None:
    check(system, {}, spec(system).x_default)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_saturation_at_random_settings_is_95_percent_busy(system: str, data: st.DataObject) -> None:
    knobs = data.draw(settings_of(system))
    x = data.draw(st.sampled_from([k.name for k in spec(system).knobs if k.choices is None]))
    check(system, knobs, x)


@pytest.mark.parametrize(("system", "knobs"), [("decnet", {"circuit": "CI"}), ("lavc", {"disk": "served"})])
def test_the_knee_is_not_saturation(system: str, knobs: dict) -> None:
    """At the knee N* the resource that takes over is well short of full (DECnet's sending CPU
    83 % busy, LAVC's boot CPU 91 %); it saturates further along."""
    x = spec(system).x_default
    s = perfmodels.sweep(system, knobs, x, band=False)
    knee, sat = s["knee"], s["saturation"]
    assert knee is not None and sat is not None and sat["resource"] == knee["resource"]
    at_knee = busy_at(system, s["knobs"], x, math.ceil(knee["x"]), knee["resource"])
    assert at_knee < pace.SATURATED
    assert sat["x"] > knee["x"]


def test_an_open_path_busy_throughout_saturates_at_the_axis_start() -> None:
    s = perfmodels.sweep("rsx-qio", {}, "maxpkt", band=False)
    assert s["saturation"] is not None and s["saturation"]["x"] == float(s["x"][0])


def test_a_choice_axis_claims_no_saturation() -> None:
    assert perfmodels.sweep("decnet", {}, "circuit", band=False)["saturation"] is None
