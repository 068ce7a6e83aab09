"""The FFS model: the memo's arithmetic, the rotational-miss mechanism, and the steps it pins."""

import pytest

import perfmodels
from perfmodels.ffs import gap_blocks


def ev(**k):
    return perfmodels.evaluate("ffs", k)["metrics"]


def test_disk_bandwidth_is_bytes_per_track_times_revolutions():
    assert ev()["disk_bandwidth_kBps"] == pytest.approx(983.04)  # the memo's 983
    assert ev(sectors_per_track=48)["disk_bandwidth_kBps"] == pytest.approx(1474.56)


def test_no_layout_without_a_track_buffer_exceeds_half_the_bandwidth():
    for b in (2048, 4096, 8192, 16384):
        for rd in (0.0, 0.5, 1.0, 4.0, 8.0):
            for spt in (32, 33, 48, 51):
                m = ev(block_size=b, cpu_speed=8.0, rotdelay_ms=rd, sectors_per_track=spt)
                assert m["bandwidth_percent"] <= 50.0 + 1e-9


def test_rotdelay_zero_misses_a_revolution_on_every_block():
    """A block the head has already passed costs most of a revolution: with no gap the next
    block's start has gone by during the turnaround, so each block costs t_x + a revolution."""
    zero, tuned = ev(rotdelay_ms=0), ev(rotdelay_ms=4)
    assert zero["gap_blocks"] == 0 and zero["revolutions_lost"] == 1
    assert zero["throughput_kBps"] < tuned["throughput_kBps"] / 2
    rev, t_x = 60_000 / 3600, 4096 / (32 * 512) * 60_000 / 3600
    assert zero["throughput_kBps"] < 4096 / (rev + t_x) * 1.001


def test_a_track_buffer_makes_contiguous_blocks_best():
    buffered = {r: ev(track_buffer="yes", rotdelay_ms=r, cpu_speed=4.0)["throughput_kBps"] for r in (0, 4, 8)}
    assert buffered[0] > buffered[4] > buffered[8]
    assert ev(track_buffer="yes", rotdelay_ms=0, cpu_speed=8)["bandwidth_percent"] > 50


def test_gap_is_rotdelay_rounded_up_to_whole_blocks_as_4_2bsd_does():
    assert gap_blocks(4.0, 3600, 32, 1024, 4096) == 1
    assert gap_blocks(4.0, 3600, 48, 1024, 4096) == 2  # 5.76 sectors of 1K frags
    assert gap_blocks(4.0, 3600, 32, 4096, 4096) == 0  # C's integer division
    assert gap_blocks(0.0, 3600, 32, 1024, 8192) == 0


def test_a_faster_disk_can_step_down_when_the_gap_gains_a_block():
    """The mechanism's own discontinuity (the laws allow it only here): at rotdelay 4 ms the gap
    grows from one block to two between 3720 and 3780 rpm with 48 sectors, and each block then
    waits a block longer; with the rotdelay retuned, the faster disk is faster again."""
    slow = ev(sectors_per_track=48, rpm=3120)
    fast = ev(sectors_per_track=48, rpm=3180)
    assert (slow["gap_blocks"], fast["gap_blocks"]) == (1, 2)
    assert fast["throughput_kBps"] < slow["throughput_kBps"]
    retuned = ev(sectors_per_track=48, rpm=3180, rotdelay_ms=3.0)
    assert retuned["gap_blocks"] == 1 and retuned["throughput_kBps"] > slow["throughput_kBps"]


def test_fragments_keep_a_small_files_tail():
    small = {"file_size_kb": 10, "block_size": 8192}
    assert ev(**small, fragment_size=1024)["space_used_percent"] < ev(**small, fragment_size=8192)["space_used_percent"]
    assert ev()["space_used_percent"] == pytest.approx(100.0)  # 8-Mbyte files: no tail


def test_full_file_system_runs_at_about_half():
    assert ev(free_space_percent=0)["throughput_kBps"] == pytest.approx(ev()["throughput_kBps"] / 2, rel=0.03)


def test_old_layout_is_seek_bound_and_writes_faster_than_reads():
    r, w = ev(layout="old", bus="UNIBUS"), ev(layout="old", operation="write", bus="UNIBUS")
    assert r["bandwidth_percent"] < 5 and w["throughput_kBps"] > r["throughput_kBps"]


def test_outside_hardware_is_expressible():
    """An 11/780 (about 1.6 times an 11/750) on a 48-sector drive with a MASSBUS-compatible
    controller, and a UNIBUS controller that buffers whole tracks."""
    eagle = ev(cpu_speed=1.6, sectors_per_track=48, rpm=3961 // 60 * 60, block_size=8192, rotdelay_ms=4)
    assert 0 < eagle["bandwidth_percent"] <= 50
    buffered = ev(bus="UNIBUS", track_buffer="yes", rotdelay_ms=0, block_size=8192)
    assert buffered["throughput_kBps"] > ev(bus="UNIBUS", block_size=8192)["throughput_kBps"]


def massbus(**k):
    return ev(bus="MASSBUS", **k)


def test_no_controller_set_up_is_the_memos_fixed_turnaround():
    from perfmodels.controller import revolutions_lost

    for tau, window in ((0.5, 0.0), (7.2, 4.17), (0.5, 4.17), (30.0, 4.17)):
        assert revolutions_lost(tau, 0.0, 0.0, window, 16.67) == max(0, -(-(tau - window) // 16.67))
        # a spread with no set-up to spread is nothing (a set-up is never negative)
        assert revolutions_lost(tau, 0.0, 2.0, window, 16.67) == revolutions_lost(tau, 0.0, 0.0, window, 16.67)


def test_a_set_up_that_varies_mixes_caught_and_missed_blocks():
    # 8 Kbyte blocks, one block of gap (8.33 ms): a set-up of 5 ms, straying up to 5 ms either
    # side, misses the slot on the share of requests whose set-up outruns the gap left after
    # the driver's 0.5 ms
    def at(s, w):
        return massbus(block_size=8192, controller_setup_ms=s, controller_setup_spread_ms=w)

    lost = [at(s, s)["revolutions_lost"] for s in (0.0, 3.0, 5.0, 8.0)]
    assert lost[0] == 0 and lost[1] == 0  # up to 6 ms: always in time
    assert 0 < lost[2] < 1  # some requests miss
    assert lost[2] == pytest.approx(1 - (8192 / 16384 * 16.6667 - 0.5) / 10, rel=1e-3)
    assert lost[3] > lost[2]
    speeds = [at(s, s)["throughput_kBps"] for s in (0.0, 3.0, 5.0, 8.0)]
    assert speeds[0] == speeds[1] > speeds[2] > speeds[3]


def test_the_spread_decides_how_sharp_the_edge_is():
    """The share of blocks missed, as the mean set-up crosses the gap: a step with no spread,
    a ramp as wide as twice the spread with one, and the same share at the edge itself."""
    gap = 4096 / 16384 * 60_000 / 3600  # one 4 Kbyte block at 3600 rpm: 4.17 ms
    edge = gap - 0.5  # the set-up that just fills the gap after the 11/750 driver's 0.5 ms
    for w in (0.0, 0.5, 2.0):
        lost = [
            massbus(block_size=4096, controller_setup_ms=edge + d, controller_setup_spread_ms=w)["revolutions_lost"]
            for d in (-w - 0.1, -w / 2, w / 2, w + 0.1)
        ]
        assert lost[0] == 0 and lost[3] == pytest.approx(1)
        if w:
            assert lost[1] == pytest.approx(0.25) and lost[2] == pytest.approx(0.75)


def test_a_slow_controller_loses_a_turn_a_block_until_rotdelay_covers_its_set_up():
    """Issue 40: a VAX-11/780 (1.67 of an 11/750) with the memo's MASSBUS disk, 4 Kbyte blocks,
    and a controller whose set-up is 5.5 ms, straying 0.5 ms: rotdelay 4 leaves one block of
    gap (4.17 ms at 3600 rpm), shorter than every set-up, so every block costs a revolution;
    rotdelay 7 leaves two (8.33 ms), longer than every set-up, so none does."""
    k = {"cpu_speed": 1.67, "bus": "MASSBUS", "block_size": 4096, "controller_setup_ms": 5.5}
    short = ev(**k, controller_setup_spread_ms=0.5, rotdelay_ms=4)
    long = ev(**k, controller_setup_spread_ms=0.5, rotdelay_ms=7)
    assert short["revolutions_lost"] == 1 and long["revolutions_lost"] == 0
    assert short["throughput_kBps"] <= 230
    assert long["throughput_kBps"] >= 1.6 * short["throughput_kBps"]
    # spread so wide that set-ups run from none to twice the mean, half still catch at
    # rotdelay 4 and some still miss at 7: the shape a slow controller does not have
    wide = [ev(**k, controller_setup_spread_ms=5.5, rotdelay_ms=r)["throughput_kBps"] for r in (4, 7)]
    assert wide[1] < 1.2 * wide[0]


def test_a_set_up_under_the_gap_keeps_the_memos_figures():
    """The memo's machine (an 11/750 on the MASSBUS) with a controller whose set-up, with all
    its spread, ends before the gap: every figure of the MASSBUS rows is what it was."""
    from perfmodels.datasets import load

    for r in load("ffs-throughput")["rows"]:
        if r["bus"] != "MASSBUS":
            continue
        k = {"layout": r["layout"], "block_size": r["block_size"], "operation": r["operation"], "bus": "MASSBUS"}
        with_setup = ev(**k, controller_setup_ms=2.0, controller_setup_spread_ms=1.0)  # 0.5 + 3 < 4.17
        assert with_setup["throughput_kBps"] == pytest.approx(ev(**k)["throughput_kBps"], rel=1e-12)
        assert with_setup["throughput_kBps"] == pytest.approx(float(r["speed_kbytes_s"]), rel=0.10)


def test_the_memos_unibus_controller_has_a_calibrated_set_up_and_buffer():
    """The UNIBUS controller's set-up and buffer are fitted from the memo's rows, and the knobs
    add a user's controller on top of it."""
    from perfmodels.fitted import fitted

    p = fitted("ffs")
    assert p["unibus_setup_ms"] > 0
    platter, bus = 16384 / (60_000 / 3600), p["unibus_kBps"]  # bytes per ms
    assert bus < platter  # the UNIBUS falls behind the platter: the buffer matters
    read = ev(bus="UNIBUS", block_size=4096)
    backlog = 4096 * (1 / bus - 1 / platter)  # what is left to send when the platter is done
    assert read["turnaround_ms"] == pytest.approx(0.5 + backlog + p["unibus_setup_ms"])
    more = ev(bus="UNIBUS", block_size=4096, controller_setup_ms=1.0)
    assert more["turnaround_ms"] == pytest.approx(read["turnaround_ms"] + 1.0)


def test_a_buffer_between_a_fast_platter_and_a_slow_bus():
    """A read sends as it goes; the buffer covers buffer * platter / (platter - bus) bytes of a
    block in one pass, and a longer block loses a turn where it overflows. A write fills the
    buffer first."""
    from perfmodels.controller import through_buffer

    platter, bus = 983.04, 681.0  # bytes per ms: the memo's disk, a UNIBUS
    per_pass = 2500 * platter / (platter - bus)  # about 8100 bytes
    overruns, fill, drain = through_buffer(4096, platter, bus, 2500, 16.67)
    assert overruns == 0
    assert fill == pytest.approx(2500 / bus)  # a write waits for a full buffer
    assert drain == pytest.approx(4096 * (1 / bus - 1 / platter))  # a read, for its backlog
    assert drain < fill
    assert through_buffer(8192, platter, bus, 2500, 16.67)[0] == 1  # 8192 > per_pass: one turn lost
    assert through_buffer(2 * per_pass + 1, platter, bus, 2500, 16.67)[0] == 2
    assert through_buffer(8192, platter, 1000.0, 512, 16.67)[0] == 0  # a bus that keeps up never overflows
    assert through_buffer(8192, platter, 1000.0, 512, 16.67)[2] == 0
    # a bus so slow that the buffer takes longer than a turn to empty: each stop costs more turns
    assert through_buffer(1024, platter, 12.0, 665, 23.3)[0] == 3  # 665 / 12 = 55 ms: 3 turns


def test_the_memos_unibus_rows_come_from_the_controller():
    """The memo's four new-layout UNIBUS rows, each within 15 %: a 4 Kbyte read catches some
    blocks, a 4 Kbyte write (its buffer to fill) almost none, and 8 Kbyte blocks overflow the
    buffer and lose a turn inside every block, reading or writing."""
    from perfmodels.datasets import load

    rows = {
        (r["block_size"], r["operation"]): r
        for r in load("ffs-throughput")["rows"]
        if r["bus"] == "UNIBUS" and r["layout"] == "new"
    }
    got = {k: ev(bus="UNIBUS", block_size=k[0], operation=k[1]) for k in rows}
    for k, r in rows.items():
        assert got[k]["throughput_kBps"] == pytest.approx(float(r["speed_kbytes_s"]), rel=0.15), k
    assert 0 < got[4096, "read"]["revolutions_lost"] < 1
    assert got[4096, "write"]["revolutions_lost"] > 0.9
    assert got[8192, "read"]["revolutions_lost"] >= 1 and got[8192, "write"]["revolutions_lost"] >= 1


def test_a_rotdelay_that_covers_the_set_up_recovers_the_revolution_a_short_one_costs():
    slow = massbus(block_size=4096, controller_setup_ms=4.0, rotdelay_ms=0.0)
    covered = massbus(block_size=4096, controller_setup_ms=4.0, rotdelay_ms=12.0)
    assert slow["revolutions_lost"] >= 0.99  # about a revolution per block
    assert covered["revolutions_lost"] == 0
    assert covered["throughput_kBps"] > slow["throughput_kBps"]  # a longer gap, but no lost turn


def test_the_set_up_and_its_spread_are_fittable_knobs():
    """A user's own table may fit both (numeric, not integers, bounded), and the memo
    controller's set-up is a fitted parameter with physical bounds."""
    from perfmodels import ffs
    from perfmodels.fitting import ownfit

    table = {"columns": [{"name": "rotdelay_ms", "kind": "knob"}], "rows": [], "held": {}}
    assert {"controller_setup_ms", "controller_setup_spread_ms", "unibus_setup_ms"} <= set(ownfit.fittable(ffs, table))
    for name in ("controller_setup_ms", "controller_setup_spread_ms"):
        k = ffs.SPEC.knob(name)
        assert k.min == 0 and 0 < k.max <= 20
    assert 0 < ffs.BOUNDS["unibus_setup_ms"][0] < ffs.BOUNDS["unibus_setup_ms"][1] <= 50
