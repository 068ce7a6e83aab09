"""The OpenAFS model: the I/O-size limiters the memo found, and its properties."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import perfmodels


def io(**k):
    return perfmodels.evaluate("afs", k)["metrics"]["io_size_bytes"]


def test_the_memos_io_sizes():
    assert io(chunksize=13) == 8192  # 8k at afsd's chunksize 13
    assert io(chunksize=15) == 16384  # 16k: AFSV_BUFFERSIZE
    assert io(chunksize=15, afsv_buffersize=32768) == 22592  # 16 iovecs of 1412 bytes


def test_raising_buffersize_changes_nothing_and_chunksize_does():
    a = perfmodels.evaluate("afs", {"chunksize": 15})["metrics"]
    b = perfmodels.evaluate("afs", {"chunksize": 15, "afsv_buffersize": 32768})["metrics"]
    c = perfmodels.evaluate("afs", {"chunksize": 13})["metrics"]
    assert abs(a["read_kBps"] / b["read_kBps"] - 1) < 0.01
    assert a["read_kBps"] > 2 * c["read_kBps"]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(10, 19),
    st.integers(1, 16).map(lambda n: n * 4096),
    st.integers(1, 64),
    st.integers(128, 2048).map(lambda n: n * 4),
    st.sampled_from(["redhat72", "solaris7"]),
)
def test_properties(chunk, buf, iovecs, packet, client):
    k = {
        "chunksize": chunk,
        "afsv_buffersize": buf,
        "rx_maxiovecs": iovecs,
        "rx_packet_bytes": packet,
        "client": client,
    }
    r = perfmodels.evaluate("afs", k)
    m = r["metrics"]
    assert m["io_size_bytes"] == min(2**chunk, buf, iovecs * packet)
    assert all(math.isfinite(v) and v > 0 for v in m.values())
    servers = [s for s in r["stages"] if s["resource"] != "round trip"]
    assert all(0 <= s["utilization"] <= 1 for s in servers)
    bigger = perfmodels.evaluate("afs", {**k, "chunksize": chunk + 1})["metrics"]
    assert bigger["read_kBps"] > m["read_kBps"] and bigger["write_kBps"] > m["write_kBps"]


def test_reading_ahead_overlaps_the_round_trips_up_to_the_network_rate():
    def read(n, chunksize=15):
        return perfmodels.evaluate("afs", {"read_ahead": n, "chunksize": chunksize})

    speeds = [read(n)["metrics"]["read_kBps"] for n in range(5)]
    assert speeds == sorted(speeds) and speeds[1] > 1.2 * speeds[0]  # one RPC in flight ahead
    cap = read(0)["limits"]["read_kBps"]
    assert speeds[-1] <= cap * (1 + 1e-12)
    # a large chunk is already network bound: reading ahead moves it less
    big = [read(n, 20)["metrics"]["read_kBps"] for n in (0, 4)]
    assert big[1] / big[0] < speeds[4] / speeds[0]
    # writes are stored behind the writer already: reading ahead changes nothing there
    assert read(4)["metrics"]["write_kBps"] == read(0)["metrics"]["write_kBps"]
    # the round trip is a delay, never a busy server: the client waits on it 97 % of the time at
    # 1K, yet bigger chunks read many times faster, so nothing may call it saturated
    for n in (0, 4):
        stages = {s["resource"]: s["utilization"] for s in read(n, 10)["stages"]}
        assert stages["round trip"] is None
        assert all(0 <= u <= 1 for r, u in stages.items() if r != "round trip")
    along = perfmodels.sweep("afs", {}, "chunksize", list(range(10, 21)))
    assert along["saturation"] is None or along["saturation"]["resource"] != "round trip"
