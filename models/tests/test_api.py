"""perfmodels' public entry points: JSON-able results and clear errors."""

import json

import pytest

import perfmodels


def test_systems_and_describe():
    assert "decnet" in perfmodels.systems()
    d = perfmodels.describe("decnet")
    names = [k["name"] for k in d["knobs"]]
    assert names == ["circuit", "link_quota", "buffer_size", "test"]
    assert {m["name"] for m in d["metrics"]} == {"throughput_bps", "messages_per_s", "cpu_percent"}
    lq = d["knobs"][1]
    assert (lq["label"], lq["default"], lq["min"], lq["max"]) == ("Link quota", 16, 2, 64)
    json.dumps(d)


def test_evaluate_defaults_are_the_memos_configuration():
    r = perfmodels.evaluate("decnet", {})
    assert r["knobs"] == {"circuit": "CI", "link_quota": 16, "buffer_size": 576, "test": "SENDER/SERVER"}
    json.dumps(r)


def test_string_values_from_urls_are_accepted():
    r = perfmodels.evaluate("decnet", {"link_quota": "32", "circuit": "NI"})
    assert r["knobs"]["link_quota"] == 32


@pytest.mark.parametrize("knobs, words", [
    ({"link_quota": 65}, ["link_quota", "2", "64"]),
    ({"link_quota": 3}, ["link_quota", "steps of 2"]),
    ({"link_quota": "lots"}, ["link_quota"]),
    ({"link_quota": float("nan")}, ["link_quota"]),
    ({"circuit": "XYZ"}, ["circuit", "DTE, CI, NI"]),
    ({"colour": 1}, ["unknown knob", "colour"]),
    ({"buffer_size": True}, ["buffer_size"]),
])
def test_bad_knobs_raise_value_error_naming_the_knob(knobs, words):
    with pytest.raises(ValueError) as e:
        perfmodels.evaluate("decnet", knobs)
    for w in words:
        assert w in str(e.value)


def test_unknown_system_and_sweep_limits():
    with pytest.raises(ValueError, match="unknown system"):
        perfmodels.evaluate("nope", {})
    with pytest.raises(ValueError, match="at most"):
        perfmodels.sweep("decnet", {}, "buffer_size", list(range(64, 64 + 600)))
    with pytest.raises(ValueError, match="unknown knob"):
        perfmodels.sweep("decnet", {}, "speed", [1])


def test_default_sweep_grid_covers_the_knob_range():
    s = perfmodels.sweep("decnet", {}, "link_quota")
    xs = [p["x"] for p in s["points"]]
    assert xs[0] == 2 and xs[-1] == 64 and len(xs) == 32
    b = [p["x"] for p in perfmodels.sweep("decnet", {}, "buffer_size")["points"]]
    assert b[0] == 64 and b[-1] == 1467 and len(b) <= 130
