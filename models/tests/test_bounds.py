"""The textbook bounds: the formulae on networks computed by hand, exact MVA between them, and
each system's bounds in its sweep (the law suite checks every value within them everywhere)."""

from __future__ import annotations

import json
import math

import pytest

import perfmodels
from perfmodels import bounds
from perfmodels.mva import mva_throughputs


def test_one_customer_meets_every_bound():
    # alone, a customer never queues: X(1) = 1 / (D + Z), and every bound says so
    b = bounds.closed([0.2, 0.1, 0.1], 1.0, 1)
    assert set(b) == {"asymptotic upper", "asymptotic lower", "balanced job upper", "balanced job lower"}
    for v in b.values():
        assert v == pytest.approx(1 / 1.4)


def test_batch_network_by_hand():
    # D = 0.4 s over three stations, D_max = 0.2 s, no think time, three customers
    b = bounds.closed([0.2, 0.1, 0.1], 0.0, 3)
    assert b["asymptotic upper"] == pytest.approx(5.0)  # min(3 / 0.4, 1 / 0.2)
    assert b["asymptotic lower"] == pytest.approx(2.5)  # 3 / (3 * 0.4)
    assert b["balanced job upper"] == pytest.approx(4.5)  # 3 / (0.4 + 2 * 0.4 / 3)
    assert b["balanced job lower"] == pytest.approx(3.75)  # 3 / (0.4 + 2 * 0.2)
    x = mva_throughputs([0.2, 0.1, 0.1], 3)[-1]
    assert b["balanced job lower"] < x < b["balanced job upper"]


def test_terminal_network_by_hand():
    # the same stations with a second of think time, five users
    b = bounds.closed([0.2, 0.1, 0.1], 1.0, 5)
    assert b["asymptotic upper"] == pytest.approx(5 / 1.4)
    assert b["asymptotic lower"] == pytest.approx(5 / 3.0)
    assert b["balanced job upper"] == pytest.approx(5 / (1.4 + 4 * (0.4 / 3) / 3.5))
    assert b["balanced job lower"] == pytest.approx(5 / (1.4 + 4 * 0.2 / 1.5))
    x = mva_throughputs([0.2, 0.1, 0.1], 5, 1.0)[-1]
    assert b["asymptotic lower"] < b["balanced job lower"] < x < b["balanced job upper"] < b["asymptotic upper"]
    assert bounds.knee([0.2, 0.1, 0.1], 1.0) == pytest.approx(7.0)  # (0.4 + 1) / 0.2


@pytest.mark.parametrize("n", [1, 2, 5, 20])
def test_a_balanced_network_meets_its_upper_balanced_bound(n):
    # every station alike: exact MVA is N / ((N + K - 1) D_k), the balanced job upper bound
    b = bounds.closed([0.1, 0.1, 0.1], 0.0, n)
    assert b["balanced job upper"] == pytest.approx(n / ((n + 2) * 0.1))
    assert mva_throughputs([0.1, 0.1, 0.1], n)[-1] == pytest.approx(b["balanced job upper"])


def test_copies_count_as_stations_and_idle_stations_do_not():
    # two copies of a 0.05 s disk are two stations; a station with no demand is no station
    with_copies = bounds.closed([0.1, 0.05], 0.5, 4, copies=[1, 2])
    spelled_out = bounds.closed([0.1, 0.05, 0.05, 0.0], 0.5, 4)
    assert with_copies == pytest.approx(spelled_out)
    assert bounds.knee([0.1, 0.05], 0.5, copies=[1, 2]) == pytest.approx((0.2 + 0.5) / 0.1)
    assert bounds.closed([0.0, 0.0], 1.0, 3) == {}
    assert bounds.knee([0.0], 1.0) is None


def test_scaled_bounds_each_metric_by_its_amount_per_cycle():
    out = bounds.scaled({"asymptotic upper": 2.0, "asymptotic lower": 1.0}, {"bits": 8.0})
    assert out == [
        {"metric": "bits", "name": "asymptotic upper", "side": "upper", "value": 16.0},
        {"metric": "bits", "name": "asymptotic lower", "side": "lower", "value": 8.0},
    ]


def test_stage_limits_bound_a_rate_from_above_and_a_time_from_below():
    out = bounds.stage_limits(100.0, {"CPU": 2.0, "disk": 4.0, "idle": 0.0}, {"rate": 1.0}, times=["time"])
    assert {(b["metric"], b["name"], b["side"], b["value"]) for b in out} == {
        ("rate", "CPU", "upper", 50.0),
        ("rate", "disk", "upper", 25.0),
        ("time", "CPU", "lower", 2.0),
        ("time", "disk", "lower", 4.0),
    }


def lines(r, metric):
    return {b["name"]: b for b in r["bounds"] if b["metric"] == metric}


def test_decnet_sweep_carries_the_bounds_and_the_knee():
    r = perfmodels.sweep("decnet", {}, "link_quota")
    got = lines(r, "throughput_bps")
    assert set(got) == {"asymptotic upper", "asymptotic lower", "balanced job upper", "balanced job lower"}
    for i, y in enumerate(r["metrics"]["throughput_bps"]):
        assert got["balanced job lower"]["values"][i] <= y * (1 + 1e-9)
        assert y <= got["balanced job upper"]["values"][i] * (1 + 1e-9)
    knee = r["bounds_knee"]
    assert knee is not None and knee["station"] == r["knee"]["resource"]
    # the knee is where the asymptotes meet, the pace setter's knee (pace.py) on a closed network
    assert knee["x"] == pytest.approx(r["knee"]["x"])
    # the cap of the upper asymptote is the busiest station's: 1 / D_max
    top = max(got["asymptotic upper"]["values"])
    assert got["asymptotic upper"]["values"][-1] == pytest.approx(top)
    assert perfmodels.sweep("decnet", {}, "buffer_size")["bounds_knee"] is None


def test_lavc_knee_is_the_pace_setters_and_lies_beyond_the_planners_count():
    # N* = (D + Z) / D_max is where the boot CPU takes over; the planner's count of users at
    # 100 % offered demand, 1 / D_max, lies a little before it
    r = perfmodels.sweep("lavc", {}, "users")
    knee = r["bounds_knee"]
    assert knee is not None and knee["station"] == "boot CPU"
    assert r["knee"]["x"] == pytest.approx(knee["x"], rel=1e-12)
    planned = perfmodels.evaluate("lavc", {})["metrics"]["max_users"]
    assert planned < knee["x"] < planned * 1.2
    # constant CPU times and two kinds of request: not a product-form network, so the asymptotic
    # bounds alone (the balanced job bounds hold for product-form networks only)
    assert set(lines(r, "boot_cpu_percent")) == {"asymptotic upper", "asymptotic lower"}
    assert lines(r, "cpu_demand_percent") == {}  # offered demand is not a carried rate: no bound
    # where the asymptotes meet, the upper bound reaches 100 % of the CPU
    up = lines(r, "boot_cpu_percent")["asymptotic upper"]["values"]
    assert max(up) == pytest.approx(100.0)


def test_open_paths_bound_each_term_alone():
    r = perfmodels.sweep("ffs", {}, "block_size")
    assert set(lines(r, "throughput_kBps")) == {"rotation and layout", "CPU", "bus"}
    q = perfmodels.sweep("rsx-qio", {}, "maxpkt")
    assert all(b["side"] == "lower" for b in q["bounds"])  # a request's time: at least each term's
    assert perfmodels.sweep("ofn", {}, "hash_size")["bounds"] == []


@pytest.mark.parametrize(
    ("system", "x", "knobs"),
    [("decnet", "link_quota", {"return_queue_share": 0.5}), ("lavc", "users", {"boot_disks": 2})],
)
def test_a_sweeps_fast_path_draws_the_same_bounds_as_each_point(system, x, knobs):
    # along the population the model gives the bounds as lines from one network; each point
    # evaluated on its own gives the same numbers
    r = perfmodels.sweep(system, knobs, x, band=False)
    for i, v in enumerate(r["x"][:: max(1, len(r["x"]) // 7)]):
        got = {(b["metric"], b["name"]): b["value"] for b in perfmodels.evaluate(system, {**knobs, x: v})["bounds"]}
        at = r["x"].index(v)
        swept = {(b["metric"], b["name"]): b["values"][at] for b in r["bounds"]}
        assert swept == pytest.approx(got), (system, v, i)


def test_a_demand_near_the_smallest_float_gives_no_bound_at_infinity():
    # 1 / D_max overflows for a demand of 1e-308 (a knob a hair above zero): that bound is left
    # out, never sent as infinity (the answers are strict JSON)
    assert all(math.isfinite(v) for v in bounds.closed([1e-308, 0.0], 1.0, 5).values())
    r = perfmodels.sweep("lavc", {"locks_per_user_s": 0.0, "ios_per_user_s": 2.2250738585072014e-308}, "users")
    json.dumps(r, allow_nan=False)
    assert bounds.stage_limits(1e300, {"tiny": 1e-300}, {"rate": 1.0}) == []
