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


def test_a_knob_with_whole_steps_gives_the_effect_of_its_next_step_and_powers_of_two_a_doubling():
    def bps(q):
        return registry.evaluate("decnet", {"link_quota": q})["metrics"]["throughput_bps"]

    row = next(
        k for k in sensitivity("decnet", {"link_quota": 8}, "throughput_bps")["knobs"] if k["name"] == "link_quota"
    )
    assert row["effect"] == {"kind": "step", "percent": pytest.approx(100 * (bps(10) / bps(8) - 1)), "to": 10}
    assert row["elasticity"] is None  # no derivative on a grid of whole steps
    # at the top end, the step that ends there
    top = next(
        k for k in sensitivity("decnet", {"link_quota": 64}, "throughput_bps")["knobs"] if k["name"] == "link_quota"
    )
    assert top["effect"] == {"kind": "step", "percent": pytest.approx(100 * (bps(64) / bps(62) - 1)), "to": 62}

    def kbps(b):
        return registry.evaluate("ffs", {"block_size": b})["metrics"]["throughput_kBps"]

    size = next(
        k for k in sensitivity("ffs", {"block_size": 2048}, "throughput_kBps")["knobs"] if k["name"] == "block_size"
    )
    assert size["effect"] == {
        "kind": "doubling",
        "percent": pytest.approx(100 * (kbps(4096) / kbps(2048) - 1)),
        "to": 4096,
    }


def test_afs_chunksize_is_per_doubling_of_its_bytes_never_per_1_percent_of_its_logarithm():
    """Issue 39: AFS chunksize read '7.27 % per 1 %', per 1 % of log2(bytes); per 1 % more bytes
    it is about 0.75 %, and per doubling (8K to 16K bytes) about 69 %."""

    def read(c):
        return registry.evaluate("afs", {"chunksize": c})["metrics"]["read_kBps"]

    row = next(k for k in sensitivity("afs", {}, "read_kBps")["knobs"] if k["name"] == "chunksize")
    assert row["effect"]["kind"] == "doubling" and row["effect"]["to"] == 14
    assert row["effect"]["percent"] == pytest.approx(100 * (read(14) / read(13) - 1))
    per_byte = math.log(read(14) / read(13)) / math.log(2)  # the same, per 1 % of bytes
    assert 0.5 < per_byte < 1.0
    assert row.get("elasticity") is None


def test_rsx_swapping_moves_in_steps_its_figures_are_the_next_steps_with_the_bars_sign():
    """Issue 39: the swapping interval showed -34.16 % per 1 % and round robin +33.58 % (rising
    while its bar falls): a 1 % difference that lands on one of the model's steps."""
    r = sensitivity("rsx-swap", {}, "shf_gain_percent")
    for name in ("swap_interval_s", "round_robin_s"):
        row = next(k for k in r["knobs"] if k["name"] == name)
        k = registry.spec("rsx-swap").knob(name)
        here = r["value"]
        nxt = registry.evaluate("rsx-swap", {name: row["effect"]["to"]})["metrics"]["shf_gain_percent"]
        assert row["effect"]["kind"] == "step" and row["effect"]["to"] == pytest.approx(k.default + k.step)
        assert row["effect"]["percent"] == pytest.approx(100 * (nxt / here - 1))
        assert (row["effect"]["percent"] < 0) == (row["high"] < row["low"])
        assert abs(row["effect"]["percent"]) < 20


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


def test_the_largest_effect_and_the_knob_behind_the_bottleneck_are_each_named_for_what_they_are():
    """Issue 39: the panel marked the bottleneck's knob as the one that moves the metric most,
    false on RSX swapping, RSX QIO and FFS. `largest` is the widest span, found here apart."""
    for name, metric, cause, largest in [
        ("rsx-swap", "shf_gain_percent", "disk", "swap_interval_s"),
        ("rsx-qio", "time_saving_percent", "record_cpu_us", "maxpkt"),
    ]:
        r = sensitivity(name, {}, metric)
        assert (r["cause"], r["largest"]) == (cause, largest)
    r = sensitivity("ffs", {}, "throughput_kBps")
    assert r["largest"] != r["cause"]
