"""The RSX-11M swapping model: the memo's qualitative findings as properties."""

import math

from hypothesis import given, settings, strategies as st

import perfmodels


def ratio(**k):
    return perfmodels.evaluate("rsx-swap", k)["metrics"]["elapsed_ratio"]


def test_longer_intervals_approach_the_baseline_and_rk05_needs_longer():
    rs = [ratio(swap_interval_s=s) for s in (0.2, 0.4, 1.0, 2.0)]
    assert rs == sorted(rs, reverse=True) and rs[-1] < 1.2
    # The interval an RK05 needs for the RK07's overhead at 0.4 s is longer than 0.4 s.
    target = ratio(swap_interval_s=0.4, disk="RK07")
    assert ratio(swap_interval_s=0.4, disk="RK05") > target
    assert any(ratio(swap_interval_s=s / 20, disk="RK05") <= target for s in range(9, 41))


def test_no_swapping_when_everything_fits_and_shfpar_helps():
    assert ratio(tasks=3) == 1.0
    assert ratio(shuffler="SYSPAR") > ratio(shuffler="SHFPAR")


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 40).map(lambda n: n / 20), st.sampled_from(["RK05", "RK07"]), st.sampled_from(["SYSPAR", "SHFPAR"]),
       st.integers(1, 16), st.integers(4, 32), st.integers(16, 124))
def test_properties(s, disk, shf, tasks, size, core):
    k = dict(swap_interval_s=s, disk=disk, shuffler=shf, tasks=tasks, task_size_kw=size, core_kw=core)
    r = perfmodels.evaluate("rsx-swap", k)
    m = r["metrics"]
    assert all(math.isfinite(v) for v in m.values()) and m["elapsed_ratio"] >= 1
    assert 0 <= m["swap_overhead_percent"] < 100
    assert all(0 <= st_["utilization"] <= 1 for st_ in r["stages"])
    if s < 2.0:
        assert ratio(**{**k, "swap_interval_s": s + 0.05}) <= m["elapsed_ratio"]
