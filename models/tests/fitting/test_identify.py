"""Which unknowns a user's rows can tell apart (identify.py): a parameter that moves no row, or
moves the rows only together with another, is not fitted; it keeps the memo's value and the
answer lists it as unpinned, with why."""

import math

from perfmodels import registry
from perfmodels.fitted import fitted
from perfmodels.fitting import Unknown, own
from perfmodels.fitting.identify import identifiable
from perfmodels.fitting.leastsq import Box


def rows_of(settings, params=None, metric="throughput_kBps"):
    return [{"knobs": k, "metrics": {metric: registry.evaluate("ffs", k, params)["metrics"][metric]}} for k in settings]


NEW_LAYOUT = [
    {"layout": "new", "block_size": b, "operation": op, "bus": bus}
    for b in (4096, 8192)
    for op in ("read", "write")
    for bus in ("UNIBUS", "MASSBUS")
]


def test_a_table_of_new_layout_rows_leaves_the_old_layouts_seek_unpinned_at_the_memos_value():
    r = own.fit("ffs", rows=rows_of(NEW_LAYOUT, {"cpu_block_ms": 5.0, "track_ms": 2.0}), left_out=False)
    assert "old_seek_ms" not in r["fitted"]
    [seek] = [u for u in r["unpinned"] if u["name"] == "old_seek_ms"]
    assert seek["reason"] == "no effect" and seek["value"] == fitted("ffs")["old_seek_ms"]
    assert "moves none of your rows" in seek["message"] and "keeps the memo's value" in seek["message"]
    assert r["params"]["old_seek_ms"] == fitted("ffs")["old_seek_ms"]
    assert "track_ms" in r["fitted"]  # what the rows do move is fitted


def test_two_parameters_that_only_move_together_are_not_both_fitted():
    # one block size, CPU-bound writes: the per-block and per-byte CPU costs enter only as one sum
    settings = [
        {"block_size": 8192, "operation": "write", "bus": bus, "rpm": rpm}
        for bus in ("UNIBUS", "MASSBUS")
        for rpm in (3600, 7200)
    ]
    r = own.fit(
        "ffs", rows=rows_of(settings, {"cpu_block_ms": 6.0}), fit=["cpu_block_ms", "cpu_byte_us"], left_out=False
    )
    assert len(r["fitted"]) == 1
    [other] = r["unpinned"]
    assert other["reason"] == "collinear" and other["partners"] == r["fitted"]
    assert "only together with" in other["message"]
    # with two block sizes the rows tell them apart
    settings += [{**s, "block_size": 4096} for s in settings]
    r = own.fit(
        "ffs", rows=rows_of(settings, {"cpu_block_ms": 6.0}), fit=["cpu_block_ms", "cpu_byte_us"], left_out=False
    )
    assert sorted(r["fitted"]) == ["cpu_block_ms", "cpu_byte_us"] and r["unpinned"] == []


def test_identifiable_is_generic_over_any_residuals():
    # y = a * b * x on every row: a and b only move together; c moves nothing; d moves row 2
    xs = [1.0, 2.0, 3.0]

    def f(v):
        a, b, c, d = (math.exp(t) for t in v)
        return [math.log(a * b * x) + (math.log(d) if i == 2 else 0.0) for i, x in enumerate(xs)]

    us = [Unknown(n, "param", 0.01, 100.0, 1.0) for n in "abcd"]
    fit, unpinned = identifiable(f, us, Box.of(us))
    assert [u.name for u in fit] == ["a", "d"]
    assert [(u.name, u.reason, u.partners) for u in unpinned] == [("b", "collinear", ("a",)), ("c", "no effect", ())]
