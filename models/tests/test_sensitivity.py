"""Which knob matters most: elasticities checked against finite differences made here, the span
over each knob's range, choice knobs under each choice, knobs that do nothing here said so."""

import math

import pytest

from perfmodels import registry
from perfmodels.sensitivity import sensitivity


def test_a_continuous_knobs_elasticity_is_the_log_slope_of_the_metric_and_its_span_its_ends():
    def cpu(v):
        return registry.evaluate("ffs", {"cpu_speed": v})["metrics"]["cpu_percent"]

    r = sensitivity("ffs", {"cpu_speed": 1.0}, "cpu_percent")
    row = next(k for k in r["knobs"] if k["name"] == "cpu_speed")
    assert r["value"] == cpu(1.0)
    # an independent finite difference, 5 % either side on the knob's own grid
    assert row["elasticity"] == pytest.approx(math.log(cpu(1.05) / cpu(0.95)) / math.log(1.05 / 0.95), abs=0.05)
    assert row["elasticity"] < 0  # a faster CPU, a smaller share of the time busy
    assert (row["low"], row["high"]) == (cpu(0.25), cpu(8.0))


def test_choice_knobs_give_the_metric_under_each_choice_and_rows_are_sorted_by_span():
    r = sensitivity("decnet", {}, "throughput_bps")
    circuit = next(k for k in r["knobs"] if k["name"] == "circuit")
    for c, v in circuit["choices"].items():
        assert v == registry.evaluate("decnet", {"circuit": c})["metrics"]["throughput_bps"]
    spans = [abs(k["high"] - k["low"]) for k in r["knobs"] if k.get("low") is not None]
    assert spans == sorted(spans, reverse=True)


def test_a_knob_that_does_nothing_here_says_why_and_an_unknown_metric_is_refused():
    r = sensitivity("ffs", {"layout": "old"}, "throughput_kBps")
    block = next(k for k in r["knobs"] if k["name"] == "block_size")
    assert block["active"] is False and "1024-byte blocks" in block["reason"]
    with pytest.raises(ValueError, match="unknown metric 'speed'"):
        sensitivity("ffs", {}, "speed")


def test_an_integer_knobs_elasticity_uses_its_neighbouring_settings():
    def bps(q):
        return registry.evaluate("decnet", {"link_quota": q})["metrics"]["throughput_bps"]

    row = next(
        k for k in sensitivity("decnet", {"link_quota": 8}, "throughput_bps")["knobs"] if k["name"] == "link_quota"
    )
    assert row["elasticity"] == pytest.approx(math.log(bps(10) / bps(6)) / math.log(10 / 6), rel=1e-12)
    # a power-of-two knob steps to the powers either side
    size = next(k for k in sensitivity("ffs", {}, "throughput_kBps")["knobs"] if k["name"] == "block_size")

    def kbps(b):
        return registry.evaluate("ffs", {"block_size": b})["metrics"]["throughput_kBps"]

    assert size["elasticity"] == pytest.approx(math.log(kbps(8192) / kbps(2048)) / math.log(4), rel=1e-12)


def test_the_bottleneck_and_the_knob_behind_it():
    # below its knee DECnet's window is the limit, and the window is a knob
    r = sensitivity("decnet", {}, "throughput_bps")
    assert (r["bottleneck"], r["cause"]) == ("link quota", "link_quota")
    # a cluster below saturation has no bottleneck, so no cause
    assert sensitivity("lavc", {"users": 50}, "boot_cpu_percent")["cause"] is None
    # past it the boot CPU sets the pace: the knob that moves its demand most is the I/O rate
    r = sensitivity("lavc", {"users": 200}, "boot_cpu_percent")
    assert (r["bottleneck"], r["cause"]) == ("boot CPU", "ios_per_user_s")
    # on an open path, the knob that moves the bottleneck term's own limit the most: FFS's
    # rotation is relieved by more sectors under the head each turn (its range spans 4x, rpm's 4x
    # too, but sectors also shrink the gap a block needs)
    r = sensitivity("ffs", {}, "throughput_kBps")
    assert r["bottleneck"] == "rotation and layout" and r["cause"] in ("sectors_per_track", "rpm")
    # the cause is a knob that acts here, and moving it moves the bottleneck's limit
    for name, knobs, metric in [("afs", {}, "read_kBps"), ("rsx-qio", {}, "time_saving_percent")]:
        r = sensitivity(name, knobs, metric)
        active = {k["name"] for k in r["knobs"] if k["active"]}
        assert r["cause"] in active
