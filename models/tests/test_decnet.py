"""The DECnet model: its mechanism, its calibration against the memo, and its fidelity bars."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perfmodels
from perfmodels import decnet
from perfmodels.fitted import fitted


def test_link_quota_helps_where_the_window_limits():
    base = {"circuit": "CI", "test": "SENDER/SERVER", "buffer_size": 576}
    x16 = perfmodels.evaluate("decnet", {**base, "link_quota": 16})
    x32 = perfmodels.evaluate("decnet", {**base, "link_quota": 32})
    assert x16["bottleneck"] == "link quota"
    assert x32["metrics"]["throughput_bps"] > 1.3 * x16["metrics"]["throughput_bps"]


def test_dte_is_wire_bound_and_nft_is_cpu_bound():
    r = perfmodels.evaluate("decnet", {"circuit": "DTE", "link_quota": 64})
    assert r["bottleneck"] == "circuit" and r["metrics"]["throughput_bps"] < 56_000
    r = perfmodels.evaluate("decnet", {"circuit": "NI", "buffer_size": 1467, "test": "NFT/FAL", "link_quota": 64})
    assert r["bottleneck"] in ("sending CPU", "receiving CPU")


def test_stages_walk_the_path_with_units():
    r = perfmodels.evaluate("decnet", {"test": "NFT/FAL"})
    assert [s["name"] for s in r["stages"]] == ["program", "monitor", "circuit", "receiver", "return"]
    st_ = {s["name"]: s for s in r["stages"]}
    assert all(s["unit"] == "ms/message" for s in r["stages"])
    assert st_["program"]["utilization"] + st_["monitor"]["utilization"] == pytest.approx(
        r["metrics"]["cpu_percent"] / 100
    )
    assert sum(s["bottleneck"] for s in r["stages"]) >= 1


def test_sweep_equals_pointwise_evaluation():
    knobs = {"circuit": "NI", "buffer_size": 1467, "test": "DTS/DTR"}
    s = perfmodels.sweep("decnet", knobs, "link_quota", [2, 8, 16, 64])
    for i, q in enumerate(s["x"]):
        one = perfmodels.evaluate("decnet", {**knobs, "link_quota": q})
        for m, v in one["metrics"].items():
            assert s["metrics"][m][i] == pytest.approx(v, rel=1e-12)
        assert s["bottleneck"][i] == one["bottleneck"]


def test_band_brackets_the_curve():
    s = perfmodels.sweep("decnet", {}, "buffer_size")
    band = s["band"]["copy_us_per_byte"]
    idx = [s["x"].index(v) for v in band["x"]]
    for j, i in enumerate(idx):
        lo, hi = band["low"]["cpu_percent"][j], band["high"]["cpu_percent"][j]
        assert min(lo, hi) <= s["metrics"]["cpu_percent"][i] <= max(lo, hi)


knob_sets = st.fixed_dictionaries(
    {
        "circuit": st.sampled_from(decnet.CIRCUITS),
        "test": st.sampled_from(decnet.TESTS),
        "link_quota": st.integers(1, 32).map(lambda n: 2 * n),
        "buffer_size": st.integers(64, 1467),
        "copy_us_per_byte": st.integers(5, 30).map(lambda n: n / 10),
    }
)


@settings(max_examples=300, deadline=None)
@given(knob_sets)
def test_properties_across_the_knob_ranges(k):
    r = perfmodels.evaluate("decnet", k)
    m = r["metrics"]
    assert all(math.isfinite(v) and v > 0 for v in m.values())
    for s in r["stages"]:
        assert 0 <= s["utilization"] <= 1 + 1e-9
    # Asymptotic bounds on the message rate: N / (sum of demands + Z) and 1 / D_max.
    d = decnet.demands(perfmodels.registry.spec("decnet").validate(k), fitted("decnet"))
    queues = [d["program"] + d["monitor"], d["circuit"], d["receiver"]]
    n = k["link_quota"] // 2
    assert m["messages_per_s"] <= min(1 / max(queues), n / (sum(queues) + d["return"])) * (1 + 1e-9)
    # More buffers never lower throughput.
    if k["link_quota"] < 64:
        more = perfmodels.evaluate("decnet", {**k, "link_quota": k["link_quota"] + 2})["metrics"]
        assert more["throughput_bps"] >= m["throughput_bps"] * (1 - 1e-12)
