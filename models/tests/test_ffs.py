"""The FFS model: the memo's arithmetic and mechanisms, and its properties."""

import math

import pytest
from hypothesis import given, settings, strategies as st

import perfmodels


def ev(**k):
    return perfmodels.evaluate("ffs", k)["metrics"]


def test_disk_bandwidth_is_bytes_per_track_times_revolutions():
    assert ev()["disk_bandwidth_kBps"] == pytest.approx(983.04)          # the memo's 983
    assert ev(sectors_per_track=48)["disk_bandwidth_kBps"] == pytest.approx(1474.56)


def test_new_layout_uses_at_most_half_the_bandwidth_without_chaining():
    for b in (4096, 8192):
        assert ev(block_size=b, cpu_speed=8.0)["bandwidth_percent"] <= 50.0 + 1e-9


def test_full_file_system_runs_at_about_half():
    assert ev(free_space_percent=0)["throughput_kBps"] == pytest.approx(ev()["throughput_kBps"] / 2, rel=0.02)


def test_old_layout_is_seek_bound_and_writes_faster_than_reads():
    r, w = ev(layout="old"), ev(layout="old", operation="write")
    assert r["bandwidth_percent"] < 5 and w["throughput_kBps"] > r["throughput_kBps"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["new", "old"]), st.sampled_from([1024, 2048, 4096, 8192, 16384]),
       st.sampled_from(["read", "write"]), st.sampled_from(["UNIBUS", "MASSBUS"]),
       st.integers(5, 160).map(lambda n: n / 20), st.integers(16, 128), st.integers(30, 120).map(lambda n: n * 60),
       st.integers(0, 40).map(lambda n: n / 2), st.integers(0, 50))
def test_properties(layout, block, op, bus, cpu, spt, rpm, rotdelay, free):
    k = dict(layout=layout, block_size=block, operation=op, bus=bus, cpu_speed=cpu, sectors_per_track=spt,
             rpm=rpm, rotdelay_ms=rotdelay, free_space_percent=free)
    r = perfmodels.evaluate("ffs", k)
    m = r["metrics"]
    assert all(math.isfinite(v) and v > 0 for v in m.values())
    assert m["throughput_kBps"] <= m["disk_bandwidth_kBps"] * (1 + 1e-9)
    assert 0 < m["cpu_percent"] <= 100
    assert all(0 <= s["utilization"] <= 1 for s in r["stages"])
    faster = perfmodels.evaluate("ffs", {**k, "cpu_speed": min(8.0, cpu * 2)})["metrics"]
    assert faster["throughput_kBps"] >= m["throughput_kBps"] * (1 - 1e-9)
    if free < 50:
        roomier = perfmodels.evaluate("ffs", {**k, "free_space_percent": free + 1})["metrics"]
        assert roomier["throughput_kBps"] >= m["throughput_kBps"] * (1 - 1e-9)
