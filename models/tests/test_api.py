"""perfmodels' public entry points: JSON-able results and clear errors."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perfmodels


def test_systems_and_describe():
    assert "decnet" in perfmodels.systems()
    d = perfmodels.describe("decnet")
    names = [k["name"] for k in d["knobs"]]
    assert names == ["circuit", "link_quota", "buffer_size", "test", "copy_us_per_byte", "return_queue_share"]
    assert {m["name"] for m in d["metrics"]} == {"throughput_bps", "messages_per_s", "cpu_percent"}
    lq = d["knobs"][1]
    assert (lq["label"], lq["default"], lq["min"], lq["max"]) == ("Link quota", 16, 2, 64)
    json.dumps(d)


def test_evaluate_defaults_are_the_memos_configuration():
    r = perfmodels.evaluate("decnet", {})
    assert r["knobs"] == {
        "circuit": "CI",
        "link_quota": 16,
        "buffer_size": 576,
        "test": "SENDER/SERVER",
        "copy_us_per_byte": 2.0,
        "return_queue_share": 0.0,
    }
    json.dumps(r)


def test_string_values_from_urls_are_accepted():
    r = perfmodels.evaluate("decnet", {"link_quota": "32", "circuit": "NI"})
    assert r["knobs"]["link_quota"] == 32


@pytest.mark.parametrize(
    "knobs, words",
    [
        ({"link_quota": 65}, ["link_quota", "2", "64"]),
        ({"link_quota": 3}, ["link_quota", "steps of 2"]),
        ({"link_quota": "lots"}, ["link_quota"]),
        ({"link_quota": float("nan")}, ["link_quota"]),
        ({"circuit": "XYZ"}, ["circuit", "DTE, CI, NI"]),
        ({"colour": 1}, ["unknown knob", "colour"]),
        ({"buffer_size": True}, ["buffer_size"]),
    ],
)
def test_bad_knobs_raise_value_error_naming_the_knob(knobs, words):
    with pytest.raises(ValueError) as e:
        perfmodels.evaluate("decnet", knobs)
    for w in words:
        assert w in str(e.value)


@pytest.mark.parametrize("value", [3000, 1536, 4095, "5000"])
def test_a_log2_knob_refuses_values_off_its_grid(value):
    with pytest.raises(ValueError, match="block_size' must be a power of 2 from 1024 to 16384"):
        perfmodels.evaluate("ffs", {"block_size": value})
    assert perfmodels.evaluate("ffs", {"block_size": 8192})["knobs"]["block_size"] == 8192


def test_unknown_system_and_sweep_limits():
    with pytest.raises(ValueError, match="unknown system"):
        perfmodels.evaluate("nope", {})
    with pytest.raises(ValueError, match="at most"):
        perfmodels.sweep("decnet", {}, "buffer_size", list(range(64, 64 + 600)))
    with pytest.raises(ValueError, match="unknown knob"):
        perfmodels.sweep("decnet", {}, "speed", [1])


def test_default_sweep_grid_covers_the_knob_range():
    s = perfmodels.sweep("decnet", {}, "link_quota")
    xs = s["x"]
    assert xs[0] == 2 and xs[-1] == 64 and len(xs) == 32
    assert all(len(v) == 32 for v in s["metrics"].values()) and len(s["bottleneck"]) == 32
    b = perfmodels.sweep("decnet", {}, "buffer_size")["x"]
    assert b[0] == 64 and b[-1] == 1467 and len(b) <= 102
    json.dumps(s)


def test_command_line(capsys):
    from perfmodels.__main__ import main

    assert main(["sweep", "decnet", "--x", "link_quota", "--values", "8,16", "circuit=NI"]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert lines[0] == "link_quota,throughput_bps,messages_per_s,cpu_percent,bottleneck"
    assert [line.split(",")[0] for line in lines[1:]] == ["8", "16"]
    assert main(["sweep", "decnet", "--x", "link_quota", "--values", "7"]) == 2
    assert "link_quota" in capsys.readouterr().err
    assert main(["evaluate", "decnet", "link_quota=32"]) == 0
    assert json.loads(capsys.readouterr().out)["knobs"]["link_quota"] == 32


@st.composite
def system_and_knobs(draw):
    """Any system, and any valid setting of any subset of its knobs."""
    system = draw(st.sampled_from(perfmodels.systems()))
    knobs = {}
    for k in perfmodels.describe(system)["knobs"]:
        if not draw(st.booleans()):
            continue
        if "choices" in k:
            knobs[k["name"]] = draw(st.sampled_from(k["choices"]))
        elif k["scale"] == "log2":  # the minimum times a power of the step
            n = round(math.log(k["max"] / k["min"]) / math.log(k["step"]))
            knobs[k["name"]] = int(k["min"] * k["step"] ** draw(st.integers(0, n)))
        elif k["integer"]:
            steps = int((k["max"] - k["min"]) // k["step"])
            knobs[k["name"]] = int(k["min"] + draw(st.integers(0, steps)) * k["step"])
        else:
            knobs[k["name"]] = draw(st.floats(k["min"], k["max"]))
    return system, knobs


@settings(max_examples=300, deadline=None)
@given(system_and_knobs())
def test_every_answer_is_strict_json_without_nan(sk):
    """No exception, NaN or infinity anywhere in the declared knob ranges (null marks 'none')."""
    system, knobs = sk
    r = perfmodels.evaluate(system, knobs)
    json.dumps(r, allow_nan=False)
    for s in r["stages"]:
        assert s["utilization"] is None or 0 <= s["utilization"]
    x = perfmodels.describe(system)["x_default"]
    json.dumps(perfmodels.sweep(system, knobs, x), allow_nan=False)


def test_a_card_quotes_a_fitted_range_only_from_the_calibration():
    # the FFS docstring once said "335 to 1040" while the table said 409 to 1,040
    card = perfmodels.card("ffs")
    lo, hi = card["ranges"]["unibus_kBps"]
    assert "335" not in card["doc"] and f"{lo:g} to" not in card["doc"]
