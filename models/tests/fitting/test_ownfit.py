"""Fitting a model to a user's own table: the memo calibration's own code (the memo's rows give
the committed parameters back), parameters and open knobs recovered from data made by the model,
the judgement (left-out rows, the nearest-row baseline, warnings), and what may be fitted."""

import json

import pytest

from perfmodels import registry
from perfmodels.fitted import fitted, report
from perfmodels.fitting import own
from perfmodels.registry import SYSTEMS
from perfmodels.sweep import band, sweep


def memo_rows(system: str) -> list[dict]:
    """The memo's observations as a user's table would give them: one row per setting and run
    (a setting the memo measured twice is two rows, as in its tables)."""
    rows: list[dict] = []
    for o in SYSTEMS[system].observations():
        key = json.dumps(o["config"], sort_keys=True)
        row = next((r for r in rows if r["key"] == key and o["metric"] not in r["metrics"]), None)
        if row is None:
            row = {"key": key, "knobs": o["config"], "metrics": {}}
            rows.append(row)
        row["metrics"][o["metric"]] = o["value"]
    return [{"knobs": r["knobs"], "metrics": r["metrics"]} for r in rows]


@pytest.mark.parametrize("system", [s for s, m in SYSTEMS.items() if m.FITTED])
def test_the_memos_rows_through_the_users_path_give_the_committed_calibration(system):
    r = own.fit(system, rows=memo_rows(system), fit=list(SYSTEMS[system].FITTED), left_out=False)
    committed = report(system)["ranges"]
    for name in SYSTEMS[system].FITTED:
        lo, hi = committed[name]
        assert lo * 0.999 <= r["params"][name] <= hi * 1.001, (name, r["params"][name], committed[name])


def synthetic(system: str, settings: list[dict], metric: str, params: dict | None = None, knobs: dict | None = None):
    rows = []
    for k in settings:
        v = registry.evaluate(system, {**(knobs or {}), **k}, params)["metrics"][metric]
        rows.append({"knobs": k, "metrics": {metric: v}})
    return rows


FFS_SETTINGS = [
    {"block_size": b, "operation": op, "bus": bus}
    for b in (4096, 8192)
    for op in ("read", "write")
    for bus in ("UNIBUS", "MASSBUS")
]


def test_a_parameter_is_recovered_from_measurements_the_model_made_with_it():
    truth = {"cpu_block_ms": 6.0, "write_factor": 1.3}
    rows = synthetic("ffs", FFS_SETTINGS, "throughput_kBps", truth)
    r = own.fit("ffs", rows=rows, fit=list(truth))
    for name, v in truth.items():
        assert r["best"][name] == pytest.approx(v, rel=0.01)
    assert r["summary"]["in_sample"]["median_abs"] < 0.1
    assert any(row["memo_model"] != pytest.approx(row["fitted"], rel=1e-3) for row in r["rows"])  # the memo's differs


def test_an_open_knob_is_recovered_within_its_range():
    settings = [{"users": n} for n in (10, 40, 80, 120)]
    rows = synthetic("lavc", settings, "boot_cpu_percent", knobs={"lock_cpu_ms": 5.3})
    r = own.fit("lavc", rows=rows, fit=["lock_cpu_ms"])
    assert r["knobs"]["lock_cpu_ms"] == pytest.approx(5.3, rel=0.01)
    assert r["params"] == fitted("lavc")  # nothing else moved


def test_by_default_only_parameters_the_table_can_move_are_fitted():
    # reads on the MASSBUS: no write's extra cost and no UNIBUS in these rows
    rows = synthetic("ffs", [{"block_size": b, "bus": "MASSBUS"} for b in (4096, 8192, 16384)], "throughput_kBps")
    r = own.fit("ffs", rows=rows)
    assert "write_factor" not in r["fitted"] and "unibus_kBps" not in r["fitted"]
    assert "track_ms" in r["fitted"]


def test_what_cannot_be_fitted_is_refused_with_what_can():
    rows = synthetic("lavc", [{"users": n} for n in (10, 40)], "boot_cpu_percent")
    with pytest.raises(ValueError, match="cannot fit 'users'; what can be fitted here: .*lock_cpu_ms"):
        own.fit("lavc", rows=rows, fit=["users"])  # a column of the table, and an integer
    with pytest.raises(ValueError, match="cannot fit 'nonsense'"):
        own.fit("lavc", rows=rows, fit=["nonsense"])
    with pytest.raises(ValueError, match="fit must be a list"):
        own.fit("lavc", rows=rows, fit="lock_cpu_ms")


def test_the_judgement_left_out_rows_baseline_and_warnings():
    rows = synthetic("ffs", FFS_SETTINGS, "throughput_kBps", {"cpu_block_ms": 6.0})
    seen: list[float] = []
    r = own.fit("ffs", rows=rows, fit=["cpu_block_ms", "track_ms"], progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 3
    assert {row["line"] for row in r["rows"]} == set(range(1, len(rows) + 1))
    assert all(row["left_out_percent"] is not None for row in r["rows"])
    assert r["summary"]["leave_one_out"]["n"] == len(rows)
    assert r["summary"]["baseline"]["median_abs"] > r["summary"]["leave_one_out"]["median_abs"]
    # the same left-out errors when asked apart, after the fit
    apart = own.fit_left_out("ffs", r["best"], rows=rows, fit=["cpu_block_ms", "track_ms"])
    assert apart == {f"{row['line']} {row['metric']}": row["left_out_percent"] for row in r["rows"]}
    with pytest.raises(ValueError, match="best must give a value for each fitted name"):
        own.fit_left_out("ffs", {"cpu_block_ms": 6.0}, rows=rows, fit=["cpu_block_ms", "track_ms"])


def test_data_the_model_cannot_reach_is_said_with_what_it_leaves_out():
    # throughput falling as blocks grow, on a disk that should speed up: no parameter does that
    rows = [
        {"knobs": {"block_size": b}, "metrics": {"throughput_kBps": v}}
        for b, v in ((4096, 900), (8192, 300), (16384, 100))
    ]
    r = own.fit("ffs", rows=rows)
    [unreached] = [w for w in r["warnings"] if w["kind"] == "unreached"]
    assert "Not captured by the model: track and cylinder switches" in unreached["message"]


def test_parameters_given_to_evaluate_are_checked_and_used():
    base = registry.evaluate("ffs", {"bus": "UNIBUS"})["metrics"]["throughput_kBps"]
    slow = registry.evaluate("ffs", {"bus": "UNIBUS"}, {"unibus_kBps": 100.0})["metrics"]["throughput_kBps"]
    assert slow < base
    curve = sweep("ffs", {"bus": "UNIBUS"}, "block_size", params={"unibus_kBps": 100.0})
    assert max(v for v in curve["metrics"]["throughput_kBps"] if v is not None) <= 100.0
    for bad, says in (
        ({"nope": 1}, "unknown parameter 'nope'"),
        ({"unibus_kBps": 1.0}, "from 10 to 1e\\+06"),
        ({"unibus_kBps": True}, "must be a number"),
        ([1], "params must be an object"),
    ):
        with pytest.raises(ValueError, match=says):
            registry.evaluate("ffs", {}, bad)


def test_the_command_line_fits_a_file(tmp_path, capsys):
    from perfmodels.__main__ import main

    rows = synthetic("ffs", FFS_SETTINGS, "throughput_kBps", {"cpu_block_ms": 6.0})
    lines = ["block_size (KB),operation,bus,throughput (KB/s)"]
    for r in rows:
        k = r["knobs"]
        lines.append(f"{k['block_size'] // 1024},{k['operation']},{k['bus']},{r['metrics']['throughput_kBps']}")
    table = tmp_path / "mine.csv"
    table.write_text("\n".join(lines) + "\n")
    assert main(["fit", "ffs", str(table), "--fit", "cpu_block_ms"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("fitted to 8 measured values: cpu_block_ms\n  cpu_block_ms = ")
    assert float(out.split(" = ")[1].split()[0]) == pytest.approx(6.0, rel=0.002)  # the memo's pull: a hair
    assert main(["fit", "ffs", str(tmp_path / "none.csv")]) == 2
    table.write_text("block size,speed\n4096,1\n")
    assert main(["fit", "ffs", str(table)]) == 2
    assert "unknown column 'speed'" in capsys.readouterr().err


def test_more_values_asked_for_than_the_rows_can_tell_apart_are_left_at_the_memos():
    rows = synthetic("ffs", FFS_SETTINGS[:2], "throughput_kBps")  # two reads at 4 KB: only track_ms moves them
    r = own.fit("ffs", rows=rows, fit=["cpu_block_ms", "cpu_byte_us", "track_ms"])
    assert r["fitted"] == ["track_ms"]
    assert {u["name"]: u["reason"] for u in r["unpinned"]} == {"cpu_block_ms": "no effect", "cpu_byte_us": "no effect"}
    one = own.fit("ffs", rows=rows[:1], fit=["track_ms"])
    assert any("1 value fitted to 1 measurement:" in w["message"] for w in one["warnings"])


# FFS's parameters of the memo's UNIBUS controller alone: no MASSBUS row depends on them
UNIBUS_ONLY = {"unibus_kBps", "unibus_buffer_bytes", "unibus_setup_ms"}


def random_truth(seed: int) -> dict[str, float]:
    """FFS's parameters drawn at random: log-uniform within their bounds, at most a factor 3 from
    the memo's (also bench/fit_transfer.py's)."""
    import math
    import random

    m, memo = SYSTEMS["ffs"], fitted("ffs")
    rng = random.Random(seed)
    out = {}
    for n in m.FITTED:
        lo, hi = m.BOUNDS[n]
        a, b = max(lo, memo[n] / 3), min(hi, memo[n] * 3)
        out[n] = math.exp(rng.uniform(math.log(a), math.log(b)))
    return out


def test_fitted_on_one_cpu_the_model_predicts_a_faster_one():
    """Machine-invariant parameters: rows made by the model on an 11/750 (cpu_speed 1, a column
    of the table) with random parameters (log-uniform within their bounds, at most a factor 3
    from the memo's; twelve truths), fitted, then asked for an 11/780 (1.67): within 2 %, unless
    the fit says which parameter the rows could not pin. Then the rows must indeed not pin it: held
    at the memo's value, though that is far from the truth, the others still reach every row
    within 1 %. That may happen to two of the twelve at most (it does to one, seed 2: every row the
    track time moves is CPU-bound there, so it moves them only as the CPU's costs do, and at 1.67
    the CPU's part shrinks while the track time's does not).

    MASSBUS rows (both layouts): the UNIBUS controller's buffer moves the rows in steps (a block
    overflows it or not) that leave basins a fit does not always find its way out of (measured in
    docs/performance.md); the UNIBUS parameters move no MASSBUS row: the fit must leave them
    unpinned and fit every other it can."""
    import math

    memo = fitted("ffs")
    settings = [
        {"cpu_speed": 1.0, "block_size": b, "operation": op} for b in (4096, 8192, 16384) for op in ("read", "write")
    ] + [{"cpu_speed": 1.0, "layout": "old", "operation": op} for op in ("read", "write")]
    settings = [{**k, "bus": "MASSBUS"} for k in settings]
    explained = []
    for seed in range(12):
        truth = random_truth(seed)
        r = own.fit("ffs", rows=synthetic("ffs", settings, "throughput_kBps", truth), left_out=False)
        unpinned = {u["name"] for u in r["unpinned"]}
        assert unpinned >= UNIBUS_ONLY, seed
        median, worst = r["summary"]["in_sample"]["median_abs"], max(abs(row["error_percent"]) for row in r["rows"])
        off = 0.0
        for k in settings:
            faster = {**k, "cpu_speed": 1.67}
            want = registry.evaluate("ffs", faster, truth)["metrics"]["throughput_kBps"]
            got = registry.evaluate("ffs", faster, r["params"])["metrics"]["throughput_kBps"]
            off = max(off, abs(got / want - 1))
        if off <= 0.02:
            assert median < 0.5, seed  # the rows themselves, reached
            continue
        said = unpinned - UNIBUS_ONLY
        assert said, (seed, off)  # a miss only where the fit says what the rows could not pin
        assert worst < 1.0 and all(abs(math.log(memo[n] / truth[n])) > 0.1 for n in said), (seed, said, worst)
        explained.append(seed)
    assert len(explained) <= 2, explained


def test_a_fitted_parameter_the_table_leaves_open_is_drawn_as_a_band():
    params = {"track_ms": 1.0}
    spread = {"track_ms": [0.5, 4.0]}
    s = sweep("ffs", {}, "block_size", params=params, spread=spread)
    b = s["band"]["track_ms"]
    assert b["parameter"] and b["label"] == "track switch time"
    lows, highs = b["low"]["throughput_kBps"], b["high"]["throughput_kBps"]
    assert all(h <= lo for lo, h in zip(lows, highs, strict=True))  # a slower switch, a lower curve
    assert band("ffs", {}, "block_size", params=params, spread=spread) == s["band"]
    # the memo's own open parameter (the UNIBUS rate) is not this fit's band
    assert "unibus_kBps" not in sweep("ffs", {"bus": "UNIBUS"}, "block_size", params=params)["band"]
    for bad, says in (
        ({"track_ms": [4.0, 0.5]}, "must be \\[low, high\\]"),
        ({"nope": [1, 2]}, "unknown parameter"),
        ({"track_ms": [0.001, 1]}, "from 0.01 to 100"),
    ):
        with pytest.raises(ValueError, match=says):
            sweep("ffs", {}, "block_size", params=params, spread=bad)
    with pytest.raises(ValueError, match="spread goes with params"):
        sweep("ffs", {}, "block_size", spread=spread)
