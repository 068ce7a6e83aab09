"""The LAVC capacity model: composition of the measured costs, and its properties."""

import math

import pytest
from hypothesis import given, settings, strategies as st

import perfmodels


def test_boot_member_prediction_and_its_band():
    """86 users at 0.54 locks/s, 0.63 I/Os/s, 4 blocks: the memo saw 80% of the boot member's CPU.
    The model predicts it from the I/O tables alone; the lock cost's range brackets the figure."""
    base = {"users": 86, "locks_per_user_s": 0.54, "ios_per_user_s": 0.63, "blocks_per_io": 4}
    lo = perfmodels.evaluate("lavc", {**base, "lock_cpu_ms": 4.6})["metrics"]["boot_cpu_percent"]
    hi = perfmodels.evaluate("lavc", {**base, "lock_cpu_ms": 6.0})["metrics"]["boot_cpu_percent"]
    assert lo < 80 < hi


def test_adapter_limits_from_the_memo():
    k = {"users": 100, "ios_per_user_s": 1.0, "blocks_per_io": 3, "locks_per_user_s": 0.0}
    deuna = perfmodels.evaluate("lavc", {**k, "adapter": "DEUNA"})["metrics"]
    deqna = perfmodels.evaluate("lavc", {**k, "adapter": "DEQNA"})["metrics"]
    assert deuna["adapter_percent"] == pytest.approx(100.0)  # 300 blocks/s
    assert deqna["adapter_percent"] == pytest.approx(37.5)   # of 800 blocks/s
    assert deuna["io_elapsed_ms"] > deqna["io_elapsed_ms"]


def test_max_users_is_where_the_first_resource_fills():
    k = {"users": 10}
    r = perfmodels.evaluate("lavc", k)
    at = perfmodels.evaluate("lavc", {"users": int(r["metrics"]["max_users"])})["metrics"]
    assert max(at["boot_cpu_percent"], at["adapter_percent"], at["ethernet_mbps"] / 8 * 100) <= 100
    past = perfmodels.evaluate("lavc", {"users": int(r["metrics"]["max_users"]) + 1})["metrics"]
    assert max(past["boot_cpu_percent"], past["adapter_percent"], past["ethernet_mbps"] / 8 * 100) > 100


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 399), st.integers(0, 500).map(lambda n: n / 100), st.integers(0, 500).map(lambda n: n / 100),
       st.integers(1, 64), st.sampled_from(["served", "local"]), st.sampled_from(["DEUNA", "DEQNA", "DELUA"]))
def test_properties(users, locks, ios, blocks, disk, adapter):
    k = {"users": users, "locks_per_user_s": locks, "ios_per_user_s": ios, "blocks_per_io": blocks,
         "disk": disk, "adapter": adapter}
    r = perfmodels.evaluate("lavc", k)
    m = r["metrics"]
    assert all(v is None or (math.isfinite(v) and v >= 0) for v in m.values())
    # I/O time has no steady state once the boot member's CPU is saturated; otherwise it is finite.
    assert (m["io_elapsed_ms"] is None) == (disk == "served" and m["boot_cpu_percent"] >= 100)
    more = perfmodels.evaluate("lavc", {**k, "users": users + 1})["metrics"]
    assert more["boot_cpu_percent"] >= m["boot_cpu_percent"]
    if more["io_elapsed_ms"] is not None:
        assert more["io_elapsed_ms"] >= m["io_elapsed_ms"]
    # utilization is the users' demand over capacity (Utilization law)
    assert m["adapter_percent"] == pytest.approx(
        100 * users * (ios * blocks if disk == "served" else 0) / {"DEUNA": 300, "DEQNA": 800, "DELUA": 800}[adapter])
