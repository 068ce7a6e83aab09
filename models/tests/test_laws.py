"""Laws every model obeys everywhere, not only at the memos' points (hypothesis, all systems).

- Counts, times and rates stay in their domain: finite and non-negative (None only where a
  model says there is no steady state), at least one lookup for a found entry.
- No stage is busier than 100 %, and no metric exceeds the capacity the model reports for it
  (`limits`: line rate, Ethernet, bus, disk bandwidth, 100 % of a CPU).
- Queueing networks (DECnet, LAVC) obey the utilization law and the asymptotic bounds, and
  every value lies within its bounds (bounds.py: a network's asymptotic and balanced job
  bounds, an open path's each term alone).
- More of a resource never lowers throughput (nor raises a time), except through a step the
  mechanism really has (FFS's rotational gap, rounded up to whole blocks), pinned in test_ffs.
- A slower disk controller (a longer average set-up) never makes FFS faster, and with no spread
  every request is alike (whole revolutions lost).

The knobs' laws and the pace's (one bottleneck, the knee) are in test_knob_and_pace_laws.py.
"""

from __future__ import annotations

import functools
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import perfmodels
import perfmodels.registry
from perfmodels import laws
from perfmodels.registry import spec

SYSTEMS = perfmodels.systems()
SYSTEMS_BY_ID = perfmodels.registry.SYSTEMS
EXAMPLES = 1500
REL = 1e-9


def knob_value(k) -> st.SearchStrategy:
    if k.choices is not None:
        return st.sampled_from(k.choices)
    if k.scale == "log2":
        n = int(round(math.log2(k.max / k.min)))
        return st.integers(0, n).map(lambda i, k=k: int(k.min * 2**i))
    steps = int(round((k.max - k.min) / k.step))
    return st.integers(0, steps).map(
        lambda i, k=k: int(k.min + i * k.step) if k.integer else round(k.min + i * k.step, 10)
    )


@functools.cache  # one strategy a system: hypothesis validates a new one at every draw
def settings_of(system: str) -> st.SearchStrategy:
    return st.fixed_dictionaries({k.name: knob_value(k) for k in spec(system).knobs})


def corners(system: str) -> list[dict]:
    """Every knob at each end of its range (or each choice), the others at their defaults."""
    s = spec(system)
    base = {k.name: k.default for k in s.knobs}
    out = [base]
    for k in s.knobs:
        for v in k.choices or (k.min, k.max):
            out.append({**base, k.name: int(v) if k.integer else v})
    return out


def ev(system: str, knobs: dict, params: dict | None = None) -> dict:
    return perfmodels.evaluate(system, knobs, params)


# ---- domain, utilization, capacity ------------------------------------------------------


def check_point(system: str, knobs: dict, params: dict | None = None) -> dict:
    r = ev(system, knobs, params)
    assert not laws.violations(system, r), (system, laws.violations(system, r), knobs, params)
    return r


# Metrics that may be None, and only where the model says there is no steady state.
NONE_ALLOWED = {
    "rsx-swap": lambda k: k["task_size_kw"] > k["core_kw"],
    # a cluster without load never saturates: no users-at-saturation figure
    "lavc": lambda k: k["locks_per_user_s"] < 1e-300 and (k["ios_per_user_s"] < 1e-300 or k["disk"] == "local"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_corners(system):
    for k in corners(system):
        check_point(system, k)


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_domain_utilization_and_capacity(system, data):
    k = data.draw(settings_of(system))
    r = check_point(system, k)
    nones = [n for n, v in r["metrics"].items() if v is None]
    if nones:
        assert system in NONE_ALLOWED and NONE_ALLOWED[system](k), (system, nones, k)
    if system == "ofn":
        assert r["metrics"]["lookups_hit"] >= 1
        assert r["metrics"]["lookups_hit"] <= max(1.0, r["metrics"]["lookups_miss"]) + 1
        assert r["metrics"]["lookups_passed"] == r["metrics"]["lookups_hit"] - 1


@functools.cache
def params_of(system: str) -> st.SearchStrategy:
    """Fitted parameters anywhere in their physical bounds (log-uniform: a factor is a step)."""
    bounds = SYSTEMS_BY_ID[system].BOUNDS
    return st.fixed_dictionaries(
        {
            n: st.floats(math.log(lo), math.log(hi)).map(math.exp).map(lambda v, lo=lo, hi=hi: min(hi, max(lo, v)))
            for n, (lo, hi) in bounds.items()
        }
    )


@pytest.mark.parametrize("system", [s for s in SYSTEMS if SYSTEMS_BY_ID[s].BOUNDS])
@settings(max_examples=EXAMPLES // 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_laws_hold_with_fitted_parameters_anywhere_in_their_bounds(system, data):
    """A user's own fit may land anywhere in the bounds: the laws hold there too."""
    k = data.draw(settings_of(system))
    p = data.draw(params_of(system))
    r = check_point(system, k, p)
    nones = [n for n, v in r["metrics"].items() if v is None]
    if nones:
        assert system in NONE_ALLOWED and NONE_ALLOWED[system](k), (system, nones, k, p)


# ---- queueing laws ----------------------------------------------------------------------


@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_decnet_utilization_law_and_bounds(data):
    k = data.draw(settings_of("decnet"))
    r = ev("decnet", k)
    x = r["metrics"]["messages_per_s"]
    d = {s["name"]: s["demand"] / 1e3 for s in r["stages"]}  # seconds per message
    queues = [d["program"] + d["monitor"], d["circuit"], d["receiver"]]
    share = k["return_queue_share"]
    if share > 0:
        queues.append(share * d["return"])
    n = k["link_quota"] // 2
    assert x <= 1 / max(queues) * (1 + REL)
    assert x <= n / (sum(queues) + (1 - share) * d["return"]) * (1 + REL)
    # the sending CPU's utilization is X times its demand (program and monitor share it)
    assert r["metrics"]["cpu_percent"] == pytest.approx(100 * x * queues[0], rel=1e-9)
    bps = x * (k["buffer_size"] - 17) * 8
    assert r["metrics"]["throughput_bps"] == pytest.approx(bps, rel=1e-12)


@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_lavc_utilization_law_and_bounds(data):
    k = data.draw(settings_of("lavc"))
    r = ev("lavc", k)
    st_ = {s["name"]: s for s in r["stages"]}
    # every station serves the same cycle rate X: U_k / D_k agrees across stations
    rates = [s["utilization"] / (s["demand"] / 1e3) for s in r["stages"] if s["demand"] > 1e-12]
    for rate in rates:
        assert rate == pytest.approx(rates[0], rel=1e-9)
        assert rate <= k["users"] * (1 + REL)  # the full bounds: test_littles_law_and_forced_flow
    cpu_d = (st_["locks"]["demand"] + st_["server"]["demand"]) / 1e3
    if cpu_d > 0:
        assert r["metrics"]["boot_cpu_percent"] <= 100 * min(1.0, k["users"] * cpu_d) * (1 + REL)
        assert r["metrics"]["cpu_demand_percent"] == pytest.approx(100 * k["users"] * cpu_d, rel=1e-9)
    if r["metrics"]["max_users"] is not None:
        busiest = max(s["demand"] for s in r["stages"] if s["name"] != "locks")
        assert r["metrics"]["max_users"] <= 1e3 / max(busiest, cpu_d * 1e3) * (1 + REL)


@pytest.mark.parametrize("system", ["decnet", "lavc"])
@settings(max_examples=EXAMPLES // 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_littles_law_and_forced_flow(system, data):
    """On the whole loop: N = X * Z + sum of the queues (every customer is thinking or at a
    station); each station is visited once a cycle, so each is busy X * D_k; and the
    asymptotic bounds X <= 1 / D_max and X <= N / (D + Z)."""
    r = ev(system, data.draw(settings_of(system)))
    net = r["network"]
    x, n, z = net["throughput"], net["population"], net["think_s"]
    assert x * z + sum(net["queues"].values()) == pytest.approx(n, rel=1e-9)
    d = net["demands_s"]
    copies = {"boot disks": r["knobs"]["boot_disks"]} if system == "lavc" else {}
    total = sum(v * copies.get(name, 1) for name, v in d.items())
    assert x <= n / (total + z) * (1 + REL)
    if max(d.values()) > 0:
        assert x <= 1 / max(d.values()) * (1 + REL)
    for name, q in net["queues"].items():
        # a station's queue is at least its utilization (Q = X R >= X D) and below N
        assert x * d[name] * copies.get(name, 1) <= q * (1 + REL) + 1e-15
        assert q <= n * (1 + REL)


# ---- more resources are never slower ----------------------------------------------------

# (knob, step towards more of the resource, metrics that must not fall, metrics that must not rise)
RESOURCES = {
    "decnet": [
        ("link_quota", +2, ["throughput_bps", "messages_per_s"], []),
        ("copy_us_per_byte", -0.1, ["throughput_bps"], []),
    ],
    "ofn": [("hash_size", +1, [], ["lookups_hit", "lookups_passed", "lookups_miss"])],
    "rsx-swap": [
        ("core_kw", +1, [], ["elapsed_ratio", "elapsed_s"]),
        ("swap_interval_s", +0.05, [], ["swap_overhead_percent"]),
    ],
    "rsx-qio": [("maxpkt", +1, ["time_saving_percent", "hit_percent"], ["request_ms"])],
    "ffs": [
        ("cpu_speed", +0.05, ["throughput_kBps"], []),
        ("free_space_percent", +1, ["throughput_kBps"], []),
        ("rpm", +60, ["throughput_kBps"], []),
        ("sectors_per_track", +1, ["throughput_kBps"], []),
    ],
    # (not the I/O time: a faster station lets users cycle faster, so the queues an I/O finds
    # at the other stations can grow by a hair while the cluster carries more)
    "lavc": [
        ("boot_disks", +1, ["max_users", "ethernet_mbps"], []),
        ("ethernet_usable_mbps", +0.1, ["max_users", "ethernet_mbps"], []),
    ],
    "afs": [
        ("rx_maxiovecs", +1, ["read_kBps", "write_kBps", "io_size_bytes"], []),
        ("afsv_buffersize", +4096, ["read_kBps", "write_kBps", "io_size_bytes"], []),
        ("rx_packet_bytes", +4, ["read_kBps", "write_kBps", "io_size_bytes"], []),
    ],
}
# Load: one more user never makes the cluster faster.
LOADS = {"lavc": [("users", +1, ["io_elapsed_ms", "cpu_demand_percent"], [])]}


def _step(system: str, k: dict, knob: str, delta: float) -> dict | None:
    spec_k = spec(system).knob(knob)
    v = k[knob] + delta
    if v < spec_k.min - 1e-9 or v > spec_k.max + 1e-9:
        return None
    return {**k, knob: int(round(v)) if spec_k.integer else round(v, 10)}


def _same_mechanism_step(system: str, a: dict, b: dict) -> bool:
    """FFS: a faster disk may add a whole block to the rotational gap (the allocator rounds
    rotdelay up), or make a turnaround that just missed a block miss it by one more
    revolution; those steps are the mechanism's own, pinned by test_ffs."""
    if system != "ffs":
        return True
    return all(a["metrics"][m] == b["metrics"][m] for m in ("gap_blocks", "revolutions_lost"))


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=EXAMPLES // 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_more_resources_never_slower(system, data):
    k = data.draw(settings_of(system))
    base = ev(system, k)
    for knob, delta, up, down in RESOURCES[system] + LOADS.get(system, []):
        k2 = _step(system, k, knob, delta)
        if k2 is None:
            continue
        more = ev(system, k2)
        if not _same_mechanism_step(system, base, more):
            continue
        for m in up:
            a, b = base["metrics"][m], more["metrics"][m]
            if a is not None and b is not None:
                assert b >= a * (1 - REL) - 1e-12, (system, knob, m, a, b, k)
        for m in down:
            a, b = base["metrics"][m], more["metrics"][m]
            if a is not None and b is not None:
                assert b <= a * (1 + REL) + 1e-12, (system, knob, m, a, b, k)


@settings(max_examples=EXAMPLES // 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_slower_controller_set_up_never_speeds_ffs_up(data):
    """A longer average set-up (the spread held) can only make more requests miss their block:
    no more revolutions caught, no more throughput, whatever the other knobs; and with no
    spread the revolutions lost are whole (every request alike)."""
    k = data.draw(settings_of("ffs"))
    base = ev("ffs", k)
    k2 = _step("ffs", k, "controller_setup_ms", +0.5)
    if k2 is not None:
        more = ev("ffs", k2)
        assert more["metrics"]["revolutions_lost"] >= base["metrics"]["revolutions_lost"] - 1e-12, k
        assert more["metrics"]["throughput_kBps"] <= base["metrics"]["throughput_kBps"] * (1 + REL), k
    # (a named controller whose set-up no source prints strays as the era's typical one does)
    if k["controller_setup_spread_ms"] == 0 and k["bus"] == "MASSBUS" and k["controller"] == "the memo's":
        lost = base["metrics"]["revolutions_lost"]
        assert lost == int(lost), k
