"""The OFN lookup model: the memo's equations and their properties."""

import math

import pytest
from hypothesis import given, settings, strategies as st

import perfmodels


def test_the_memos_worked_example():
    r = perfmodels.evaluate("ofn", {"method": "hash", "open_ofns": 300, "hash_size": 59})["metrics"]
    assert r["lookups_hit"] == pytest.approx(2.5, rel=0.05)
    assert r["lookups_miss"] == pytest.approx(5, rel=0.05)
    lin = perfmodels.evaluate("ofn", {"method": "linear", "open_ofns": 300, "hit_position": 0.67})["metrics"]
    assert lin["lookups_miss"] == 300 and lin["lookups_hit"] == pytest.approx(201)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 1999), st.integers(2, 1024), st.sampled_from(["linear", "hash"]),
       st.integers(50, 67).map(lambda n: n / 100))
def test_properties(n, hs, method, f):
    k = {"open_ofns": n, "hash_size": hs, "method": method, "hit_position": f}
    m = perfmodels.evaluate("ofn", k)["metrics"]
    assert all(math.isfinite(v) and v > 0 for v in m.values())
    assert m["lookups_hit"] <= m["lookups_miss"]
    more = perfmodels.evaluate("ofn", {**k, "open_ofns": n + 1})["metrics"]
    assert more["lookups_miss"] > m["lookups_miss"]
    hashed = perfmodels.evaluate("ofn", {**k, "method": "hash"})["metrics"]
    linear = perfmodels.evaluate("ofn", {**k, "method": "linear"})["metrics"]
    assert hashed["lookups_miss"] < linear["lookups_miss"]
