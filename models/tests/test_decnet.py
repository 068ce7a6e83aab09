"""The DECnet model against the memo's figures, its mechanism, and its calibration."""

import json
from pathlib import Path

import pytest

import perfmodels
from perfmodels import decnet

PARAMS = json.loads((Path(decnet.__file__).parent / "params" / "decnet.json").read_text())


def test_every_memo_figure_within_tolerance_and_report():
    """Each averaged Bps and % cpu figure is within 10% of the memo; the errors are printed."""
    p = decnet.load_params()
    worst = 0.0
    for o in decnet.observations():
        err = decnet.predict(o, p) / o["value"] - 1
        print(f"{o['circuit']} {o['test']} {o['column']}: memo {o['value']:.0f}, error {100 * err:+.1f}%")
        worst = max(worst, abs(err))
        assert abs(err) < 0.10, o
    print(f"worst error {100 * worst:.1f}%")


def test_observations_cover_all_circuits_and_tests():
    obs = decnet.observations()
    assert {(o["circuit"], o["test"]) for o in obs if o["column"] == "Bps"} == {
        (c, t) for c in decnet.CIRCUITS for t in decnet.TESTS}
    assert {o["circuit"] for o in obs if o["column"] == "% cpu"} == set(decnet.CIRCUITS)


def test_calibration_reproduces_committed_params():
    fitted = decnet.calibrate()["params"]
    for k, v in fitted.items():
        assert PARAMS["params"][k] == pytest.approx(v, rel=1e-3, abs=1e-6), k


def test_link_quota_helps_where_the_window_limits():
    base = {"circuit": "CI", "test": "SENDER/SERVER", "buffer_size": 576}
    x16 = perfmodels.evaluate("decnet", {**base, "link_quota": 16})
    x32 = perfmodels.evaluate("decnet", {**base, "link_quota": 32})
    assert x16["bottleneck"] == "link quota"
    assert x32["metrics"]["throughput_bps"] > 1.3 * x16["metrics"]["throughput_bps"]


def test_dte_is_wire_bound():
    r = perfmodels.evaluate("decnet", {"circuit": "DTE", "link_quota": 64})
    assert r["bottleneck"] == "circuit"
    assert r["metrics"]["throughput_bps"] < 56_000


def test_sweep_equals_pointwise_evaluation():
    knobs = {"circuit": "NI", "buffer_size": 1467, "test": "DTS/DTR"}
    s = perfmodels.sweep("decnet", knobs, "link_quota", [2, 8, 16, 64])
    for pt in s["points"]:
        one = perfmodels.evaluate("decnet", {**knobs, "link_quota": pt["x"]})
        assert pt["metrics"] == pytest.approx(one["metrics"])


def test_stage_utilisations_sum_to_station():
    r = perfmodels.evaluate("decnet", {"test": "NFT/FAL"})
    st = {s["name"]: s for s in r["stages"]}
    assert st["program"]["utilization"] + st["monitor"]["utilization"] == pytest.approx(
        r["metrics"]["cpu_percent"] / 100)
    assert [s["name"] for s in r["stages"]] == ["program", "monitor", "circuit", "receiver"]
