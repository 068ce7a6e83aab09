"""The LAVC model: one closed network of the boot member's stations, and the memo's figures."""

import pytest

import perfmodels

MEMO = {"users": 86, "locks_per_user_s": 0.54, "ios_per_user_s": 0.63, "blocks_per_io": 4}


def ev(**k):
    return perfmodels.evaluate("lavc", k)


def test_boot_member_demand_and_its_band():
    """86 users at 0.54 locks/s, 0.63 I/Os/s, 4 blocks: the memo saw 80% of the boot member's
    CPU. The model predicts it from the I/O tables alone; the lock cost's range brackets it."""
    lo = ev(**MEMO, lock_cpu_ms=4.6)["metrics"]["cpu_demand_percent"]
    hi = ev(**MEMO, lock_cpu_ms=6.0)["metrics"]["cpu_demand_percent"]
    assert lo < 80 < hi


def test_saturated_resources_carry_no_more_than_their_capacity():
    """The issue's example: 86 users, 2 I/Os each, 32 blocks per I/O."""
    r = ev(users=86, ios_per_user_s=2.0, blocks_per_io=32)
    m = r["metrics"]
    assert m["cpu_demand_percent"] > 100  # offered: far more than the CPU
    assert m["boot_cpu_percent"] <= 100 and m["adapter_percent"] <= 100 + 1e-9
    assert m["ethernet_mbps"] <= 8.0
    assert r["bottleneck"] == "adapter" and m["adapter_percent"] > 99
    assert m["max_users"] == pytest.approx(800 / (2 * 32))  # the adapter's 800 blocks/s


def test_io_time_grows_as_the_cpu_nears_saturation():
    times = [ev(users=u)["metrics"]["io_elapsed_ms"] for u in (1, 50, 100, 150, 250)]
    assert times == sorted(times)
    assert times[-1] > 5 * times[0]  # far past saturation, queueing dominates
    one = ev(users=1, ios_per_user_s=0.01, locks_per_user_s=0, blocks_per_io=1)["metrics"]["io_elapsed_ms"]
    assert one == pytest.approx(64, rel=0.06)  # the memo's single served 1-block I/O


def test_users_at_full_offered_demand_is_the_smallest_station_limit():
    """The planner's count, 1 / D_max: where the users' offered demand fills the busiest station.
    The knee N* comes after it (test_one_knee.py)."""
    r = ev(**MEMO)
    st = {s["name"]: s for s in r["stages"]}
    cpu = (st["locks"]["demand"] + st["server"]["demand"]) / 1e3
    assert r["metrics"]["max_users"] == pytest.approx(1 / cpu)
    deuna = ev(**{**MEMO, "adapter": "DEUNA", "blocks_per_io": 32})["metrics"]["max_users"]
    assert deuna == pytest.approx(300 / (0.63 * 32))


def test_local_disks_leave_only_locks_at_the_boot_member():
    r = ev(**MEMO, disk="local")["metrics"]
    assert r["adapter_percent"] == 0 and r["ethernet_mbps"] == 0
    assert r["cpu_demand_percent"] == pytest.approx(86 * 0.54 * 4.8 / 10)


def test_below_the_knee_the_number_of_users_is_named_as_the_limit() -> None:
    """What limits the curve is always said: below the knee N* the users are too few to keep a
    station busy (not "none"), and no stage is marked as the bottleneck there."""
    from perfmodels import registry

    few = registry.evaluate("lavc", {"users": 20})
    assert few["bottleneck"] == "number of users"
    assert not any(st.get("bottleneck") for st in few["stages"])
    many = registry.evaluate("lavc", {"users": 200})
    assert many["bottleneck"] not in (None, "number of users")
