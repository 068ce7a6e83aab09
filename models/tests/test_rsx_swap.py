"""The RSX-11M swapping model: the memo's qualitative findings, memory and the round robin."""

import pytest

import perfmodels


def m(**k):
    return perfmodels.evaluate("rsx-swap", k)["metrics"]


def ratio(**k):
    return m(**k)["elapsed_ratio"]


def test_longer_intervals_approach_the_baseline_and_rk05_needs_longer():
    rs = [ratio(swap_interval_s=s) for s in (0.2, 0.4, 1.0, 2.0)]
    assert rs == sorted(rs, reverse=True) and rs[-1] < 1.25
    # The interval an RK05 needs for the RK07's overhead at 0.4 s is longer than 0.4 s.
    target = ratio(swap_interval_s=0.4, disk="RK07")
    assert ratio(swap_interval_s=0.4, disk="RK05") > target
    assert any(ratio(swap_interval_s=s / 20, disk="RK05") <= target for s in range(9, 41))


def test_no_swapping_when_everything_fits_and_shfpar_helps():
    assert m(tasks=3)["swap_overhead_percent"] == 0
    assert ratio(shuffler="SYSPAR") > ratio(shuffler="SHFPAR")


def test_the_shufflers_gain_passes_the_memos_five_percent_within_the_intervals_it_tried():
    gains = [m(swap_interval_s=s)["shf_gain_percent"] for s in (0.2, 0.4, 0.6, 0.8, 1.0)]
    assert gains == sorted(gains, reverse=True)
    assert gains[0] > 5 > gains[-1]


def test_a_task_larger_than_memory_never_runs():
    r = perfmodels.evaluate("rsx-swap", {"task_size_kw": 30, "core_kw": 20})
    assert r["metrics"]["resident_tasks"] == 0 and r["metrics"]["elapsed_ratio"] is None
    assert r["bottleneck"] == "memory"


def test_the_round_robin_interval_sets_when_swaps_happen_and_what_switching_costs():
    # 0.4 s on 0.3 s ticks swaps every 0.6 s: less swapping, and fewer switches
    assert m(round_robin_s=0.3)["swap_overhead_percent"] < m(round_robin_s=0.05)["swap_overhead_percent"]
    # with everything resident, only the switching share is left
    assert ratio(tasks=3, round_robin_s=0.01) == pytest.approx(1.05)
    assert ratio(tasks=1) == 1.0
