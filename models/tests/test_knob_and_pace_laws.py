"""Laws of the knobs and of the pace every model obeys, at random settings of all systems (the
laws of domain, capacity and queueing are in test_laws.py).

- Every knob moves some metric somewhere in its range; a knob marked as mattering only under
  other settings moves nothing elsewhere; a numeric knob leaves exactly the metrics its spec says
  it leaves (the explorer says so by the knob); every card names what its model does not capture.
- One bottleneck (pace.py): the named resource is the fullest, its stages are the marked ones,
  and the chart's region names the same; the knee is the model's, and an open path has none.
- Random settings lie on each knob's grid, and the models break no law there.
"""

from __future__ import annotations

import math
import random

import pytest

import perfmodels
from perfmodels import laws, registry
from perfmodels.registry import spec

SYSTEMS = perfmodels.systems()


def ev(system: str, knobs: dict, params: dict | None = None) -> dict:
    return perfmodels.evaluate(system, knobs, params)


# ---- every knob does something, and only where it is said to ----------------------------


def _apart(x: float | None, y: float | None) -> bool:
    return (x is None) != (y is None) or (x is not None and y is not None and abs(x - y) > 1e-9 * max(1.0, abs(x)))


def _differs(a: dict, b: dict) -> bool:
    return any(_apart(a["metrics"][name], b["metrics"][name]) for name in a["metrics"])


def _random_setting(s, rng: random.Random) -> dict:
    out = {}
    for kk in s.knobs:
        if kk.choices:
            out[kk.name] = rng.choice(kk.choices)
        elif kk.scale == "log2":
            out[kk.name] = int(kk.min * 2 ** rng.randint(0, int(round(math.log2(kk.max / kk.min)))))
        else:
            v = kk.min + rng.randint(0, int(round((kk.max - kk.min) / kk.step))) * kk.step
            out[kk.name] = int(round(v)) if kk.integer else round(v, 10)
    return out


def _ends(k) -> list:
    return (
        list(k.choices)
        if k.choices
        else [k.min if not k.integer else int(k.min), k.max if not k.integer else int(k.max)]
    )


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_knob_moves_some_metric_somewhere(system):
    s = spec(system)
    rng = random.Random(12)
    bases = [{kk.name: kk.default for kk in s.knobs}]
    for _ in range(300):
        bases.append(_random_setting(s, rng))
    for k in s.knobs:
        moved = False
        for b in bases:
            if not k.active(b):
                continue
            ends = [ev(system, {**b, k.name: v}) for v in _ends(k)]
            if any(_differs(ends[0], e) for e in ends[1:]):
                moved = True
                break
        assert moved, f"{system}: knob {k.name} moves no metric in 300 settings"


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_knob_marked_inactive_moves_nothing_there(system):
    s = spec(system)
    rng = random.Random(7)
    for k in s.knobs:
        if not k.active_when:
            continue
        assert k.inactive_reason
        checked = 0
        for _ in range(400):
            b = _random_setting(s, rng)
            if k.active(b):
                continue
            checked += 1
            ends = [ev(system, {**b, k.name: v}) for v in _ends(k)]
            assert not any(_differs(ends[0], e) for e in ends[1:]), (system, k.name, b)
        assert checked > 10


def _moved(results: list[dict]) -> set[str]:
    """The metrics that differ among the results."""
    first = results[0]["metrics"]
    return {name for r in results[1:] for name in first if _apart(first[name], r["metrics"][name])}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_numeric_knob_leaves_exactly_the_metrics_its_spec_says(system):
    s = spec(system)
    rng = random.Random(31)
    bases = [{kk.name: kk.default for kk in s.knobs}] + [_random_setting(s, rng) for _ in range(300)]
    metrics = {m.name for m in s.metrics}
    for k in s.knobs:
        if k.choices:
            continue
        moved: set[str] = set()
        for b in bases:
            if k.active(b):
                moved |= _moved([ev(system, {**b, k.name: v}) for v in [b[k.name], *_ends(k)]])
        said = set(k.leaves)
        assert not moved & said, f"{system}: knob {k.name} moves {sorted(moved & said)}, which it says it leaves"
        assert moved | said == metrics, f"{system}: knob {k.name} never moves {sorted(metrics - moved - said)}: say so"


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_card_names_what_the_model_does_not_capture(system):
    doc = perfmodels.card(system)["doc"]
    assert "Not captured:" in doc


# ---- one bottleneck (pace.py) ------------------------------------------------------------

# Limits that are not resources: a window or a population. Below a closed network's knee the
# model names one of these (or none), and no stage is marked.
NOT_RESOURCES = {"link quota"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_one_bottleneck_the_fullest_resource_the_marked_stages_and_the_chart_agree(system):
    s = spec(system)
    rng = random.Random(25)
    settings_ = [{kk.name: kk.default for kk in s.knobs}] + [_random_setting(s, rng) for _ in range(150)]
    numeric = [kk.name for kk in s.knobs if not kk.choices]
    for i, k in enumerate(settings_):
        r = ev(system, k)
        named = r["bottleneck"]
        stages = r.get("stages", [])
        marked = {st_["resource"] for st_ in stages if st_["bottleneck"]}
        # the marked stages belong to the named resource, and only a resource's stages are marked
        assert marked <= ({named} - NOT_RESOURCES if named else set()), (system, named, marked, k)
        busy: dict[str, float] = {}
        for st_ in stages:
            if st_["utilization"] is not None and st_["resource"] not in NOT_RESOURCES:
                busy[st_["resource"]] = busy.get(st_["resource"], 0.0) + st_["utilization"]
            for part in st_.get("parts", []):
                assert 0 <= part["utilization"] <= 1 + 1e-9
            if st_.get("parts"):  # the parts add up to the stage's busy share
                assert sum(p_["utilization"] for p_ in st_["parts"]) == pytest.approx(st_["utilization"], abs=1e-6)
        if named in busy:  # the named resource is the fullest (where it is a resource)
            assert busy[named] >= max(busy.values()) - 1e-9, (system, named, busy, k)
            assert marked == {named}, (system, named, marked, k)
        # the chart's region at the current x names the same
        if numeric:
            x = numeric[i % len(numeric)]
            sw = perfmodels.sweep(system, k, x, [k[x]])
            assert sw["bottleneck"][0] == named, (system, x, sw["bottleneck"][0], named, k)


@pytest.mark.parametrize(
    "system, knobs, x",
    [
        ("lavc", {"disk": "served"}, "users"),
        ("lavc", {"users": 100}, "locks_per_user_s"),
        ("decnet", {"circuit": "CI"}, "link_quota"),
        ("decnet", {"circuit": "NI", "link_quota": 40}, "copy_us_per_byte"),
    ],
)
def test_one_saturation_point_from_the_model(system, knobs, x):
    """The knee is the model's: N* along the population (LAVC's users, DECnet's quota), and
    along any other knob the setting where the pace setter turns into a resource."""
    s = perfmodels.sweep(system, knobs, x)
    knee = s["knee"]
    assert knee is not None
    # it lies where the sweep's regions change, and names the resource the region does
    i = next(i for i, b in enumerate(s["bottleneck"]) if b == knee["resource"])
    assert s["x"][i - 1] <= knee["x"] <= s["x"][i]
    if x == spec(system).x_default:
        assert knee["x"] == pytest.approx(s["bounds_knee"]["x"], rel=1e-12)
    kx = spec(system).knob(x)
    if not kx.integer:  # just past it a resource sets the pace; just before, it does not
        eps = 1e-6 * (kx.max - kx.min)
        assert ev(system, {**knobs, x: knee["x"] + eps})["bottleneck"] == knee["resource"]
        assert ev(system, {**knobs, x: knee["x"] - eps})["bottleneck"] != knee["resource"]


@pytest.mark.parametrize("system", ["decnet", "lavc"])
def test_a_closed_network_tells_what_sets_the_pace_as_the_solved_point_does(system):
    """The knee's halving asks the network what sets the pace without an MVA (closed.py's
    bottlenecks): at random settings, off the grid too, it is what solving the point says."""
    s, m = spec(system), registry.system(system)
    rng = random.Random(41)
    for _ in range(60):
        base = _random_setting(s, rng)
        for kk in (kk for kk in s.knobs if not kk.choices):
            v = int(rng.randint(int(kk.min), int(kk.max))) if kk.integer else rng.uniform(kk.min, kk.max)
            told = m.ALONG.bottlenecks(base, kk.name, [v])
            assert told == [m.solve({**base, kk.name: v}, detail=False)["bottleneck"]], (base, kk.name, v)


def test_an_open_path_has_no_knee():
    assert perfmodels.sweep("ffs", {}, "block_size")["knee"] is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_random_settings_lie_on_each_knobs_grid_and_the_models_break_no_law(system):
    s = spec(system)
    rng = random.Random(3)
    for _ in range(50):
        assert s.validate(laws.random_setting(s, rng))  # on the grid: accepted as they are
    assert laws.check(system, n=100) == {"checked": 100, "violations": []}
