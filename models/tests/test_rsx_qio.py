"""The RSX-11M MAXPKT model: its mechanism and properties."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import perfmodels


def saving(**k):
    return perfmodels.evaluate("rsx-qio", k)["metrics"]["time_saving_percent"]


def test_no_preallocation_saves_nothing_and_nl_saves_more_than_a_disk():
    assert saving(maxpkt=0) == 0
    assert saving(device="NL", tasks=1) > saving(device="RK05", tasks=1) > 0


def test_the_memos_band_covers_the_six_task_figure():
    lo = saving(device="NL", tasks=6, record_cpu_us=4000.0)
    hi = saving(device="NL", tasks=6, record_cpu_us=1000.0)
    assert lo < 6.6 < hi


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 30),
    st.integers(1, 32),
    st.sampled_from(["NL", "RK05"]),
    st.integers(20, 80).map(lambda n: n * 50.0),
    st.integers(8, 32).map(lambda n: n * 50.0),
)
def test_properties(maxpkt, tasks, device, rec, svc):
    k = dict(maxpkt=maxpkt, tasks=tasks, device=device, record_cpu_us=rec, qio_service_us=svc)
    r = perfmodels.evaluate("rsx-qio", k)
    m = r["metrics"]
    assert all(math.isfinite(v) for v in m.values()) and 0 <= m["time_saving_percent"] < 100
    assert abs(sum(s["utilization"] for s in r["stages"]) - 1) < 1e-9
    if maxpkt < 30:
        assert saving(**{**k, "maxpkt": maxpkt + 1}) >= m["time_saving_percent"]


def test_a_fraction_has_no_capacity() -> None:
    """Time saved and the hit rate are fractions of a whole, not a resource's throughput: the
    model gives them no capacity for the chart to draw or say ("its capacity is 100 %")."""
    from perfmodels import registry

    assert registry.evaluate("rsx-qio")["limits"] == {}
