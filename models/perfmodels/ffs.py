"""4.2BSD Fast File System sequential throughput: rotational layout, turnaround and copies.

Source: "A Fast File System for UNIX", section 4 (McKusick, Joy, Leffler, Fabry), datasets
`ffs-throughput` (tables 2a and 2b) and `ffs-figures`.

The disk. A track holds sectors_per_track * 512 bytes and passes under the head rpm / 60 times
a second: the disk's bandwidth (983 Kbytes/sec for the memo's 32 sectors at 3600 rpm). One
block of b bytes takes t_x = b / track bytes * one revolution to transfer.

The layout. Without chained transfers the driver asks for one block at a time. When a block's
transfer ends, the next request reaches the disk only after a turnaround tau: the driver's
interrupt and start-up (0.5 ms of an 11/750's time, an assumption, divided by cpu_speed), the
controller's set-up, and on the UNIBUS the controller's buffer (below). The file system
therefore leaves a rotational gap after each block. 4.2BSD
turns the administrator's rotdelay into that gap with integer arithmetic:

    gap_fragments = floor(rotdelay_ms * rps * sectors / (sectors per fragment * 1000))
    gap_blocks    = gap_fragments rounded up to whole blocks

so the next block starts (1 + gap_blocks) * t_x after the previous one. If the gap covers the
turnaround, the disk reads it on time; if not, the head has already passed the block and the
request waits until it comes round again, a whole revolution later:

    disk period = (1 + gap_blocks) * t_x + k * revolution,   k = the least whole number with
                  gap_blocks * t_x + k * revolution >= tau

The controller's set-up per request varies from request to request: a mean m and a spread w,
each request's set-up even between m - w and m + w (never below none, so w is held at m at
most). A request misses its slot when its set-up runs past the gap; the expected revolutions
lost per block (controller.py) are

    E[k] = sum over j >= 0 of P(tau + setup > gap_blocks * t_x + j * revolution)

With w = 0 every request is alike: a set-up longer than the gap costs a revolution on every
block, and a rotdelay whose gap covers it costs none (a VAX-11/780 with a 5.5 ms set-up loses
a turn per 4 Kbyte block at rotdelay 4, about 160 Kbytes/sec, and none at rotdelay 7, about
300). That edge is a cliff: a set-up a little past the gap costs a whole revolution a block.
With w > 0 the period mixes caught and missed blocks near the edge, a ramp as wide as the
spread; at its foot the revolutions lost rise from none, so a per cent change of set-up time
moves them by many per cent (an elasticity of ten and more) while they are still a hundredth of
a turn a block. The knobs
controller_setup_ms and controller_setup_spread_ms describe a controller beyond the memo's
(the means add, and so do the spreads, the farthest a set-up strays); the memo's MASSBUS
controller's set-up is under the gap at every memo row, so taken as none.

The memo's UNIBUS controller (the only difference between its UNIBUS and MASSBUS runs) moves
data between the platter (983 Kbytes/sec) and a slower UNIBUS through a buffer of C bytes
(controller.py). A read sends as it goes: the backlog grows at (platter - bus) and the buffer
covers C * platter / (platter - bus) bytes of a block in one pass; a longer block overflows
it, and the controller picks up where it stopped a revolution later. After the last pass the
backlog must still cross the bus before the next request can start. A write must have its
data in hand: it fills the buffer (or the whole block, if smaller) before it starts. So a
4 Kbyte read catches its next block on some requests, a 4 Kbyte write (its buffer to fill)
on almost none, and an 8 Kbyte transfer loses a turn inside every block either way: the
memo's 221, 142, 233 and 215 Kbytes/sec. The buffer, the bus rate and the controller's mean
set-up are calibrated; the rows pin where the set-up's edge lies, not a mean and a spread
apart, so its spread is taken as half the mean (set-ups from half to one and a half times the
mean, MEMO_UNIBUS_SPREAD, an assumption; the widest spread, none to twice the mean, puts the
best fit on the very edge where 8 Kbyte blocks stop overflowing the buffer, where rounding its
numbers can tip it over).

A gap of at least one block is needed (tau > 0), so no layout exceeds half the track's
bandwidth, as the memo says; rotdelay 0 costs a revolution per block. A faster disk or a
longer rotdelay can move gap_blocks by one whole block: that step is real (the allocator
rounds up), and it is why a faster disk with an unchanged rotdelay can be slower.

A controller that buffers a whole track reads a track per revolution without a turnaround per
block: reading, the file's share of each track, 1 / (1 + gap_blocks), arrives per revolution
and then crosses the bus; rotdelay 0 is best there, as contiguous blocks are then all file.

The hardware. The Processor, Disk and Controller knobs name parts of the era (ffs_machine.py,
figures and their sources in perfmodels/hardware): a processor's speed and UNIBUS adapter, a
disk's sectors per track and rpm, a controller's bus rate, buffer and set-up. A controller on a
bus slower than the platter (a UNIBUS) works through its buffer as the memo's UNIBUS controller
does; one on a faster bus streams. "speed below" and "numbers below" keep the numeric knobs.

The CPU. Per block, per-block cost / cpu_speed + per-byte copy cost * b / memory_speed (a named
processor's memory paces its copy; "speed below" scales both alike), times a write factor
for writes of a new file (allocation and buffer work); a rewrite of a file's existing blocks
allocates nothing, so costs as a read does, but must have its data in hand as a write. Reads
run one block ahead and writes queue, so CPU and disk overlap: period = max(disk period, CPU).
The bus rate also bounds the period.

The old file system: 1024-byte blocks scattered over the disk: each read waits for a seek, half
a revolution, the transfer and the controller's turnaround, after the CPU has asked for it;
writes are queued and sorted by the disk scheduler, which shortens their seeks by a factor the
memo does not give (the knob disksort_factor, 0.3 to 0.7, drawn as a band).

Free space: measured with a 10 % reserve; a full file system runs at about half the rate (memo):
below the reserve, a growing share of blocks lands out of place and costs a scattered
positioning instead, reaching half speed when full.

Files and fragments: a file of file_size_kb is its whole blocks plus a tail kept in fragments.
Reading or writing one file costs a first positioning (a seek and half a revolution) and, for a
tail, another half revolution and the tail's transfer; the space it takes is rounded up to
whole fragments (the space_used metric). The memo's 8-Mbyte files have no tail.

    throughput_kBps = file bytes / time for the file     (1 Kbyte = 1000 bytes, as 983 is)
    bandwidth_percent = throughput / disk bandwidth       cpu_percent = CPU time / elapsed

Parameters: per-block and per-byte CPU cost, the write factor, the UNIBUS rate, its
controller's buffer and average set-up, the old layout's average seek and the cost of moving to
the next track: eight numbers for twenty figures (Speed and % CPU of ten configurations). The
card's table of fitted parameters gives each with its range.

Not captured: track and cylinder switches apart from their average cost (the memo's 466
Kbytes/sec is about 5 % below the 1-block-gap limit of 491), the UNIBUS adapter's extra CPU
per block, block chaining and preallocation (which 4.2BSD did not have), and contention from
other users.
"""

from __future__ import annotations

from typing import Any

from . import bounds
from .controller import revolutions_lost, through_buffer
from .datasets import load as load_dataset
from .ffs_machine import machine
from .fitted import fitted
from .knobs import load_spec
from .pace import slowest
from .system import POINT_BY_POINT
from .types import Evaluation, Knobs, Observation, Params, Stage, observation, stage

SECTOR_BYTES = 512
FULL_SPEED_FRACTION = 0.5  # memo: about half the Table 2 rates when the file system is full
RESERVE_PERCENT = 10.0  # memo: Table 2 was measured with a 10% free space reserve
DRIVER_MS = 0.5  # assumption: interrupt and next-request start-up on an 11/750

SPEC = load_spec("ffs")  # knobs and metrics: specs/ffs.toml
HARDWARE_FIGURES = {"cpu": ("speed", "memory_speed", "unibus_kBps")}  # what it reads of a processor

# What calibration fits, from where, within which bounds, and what each is called:
# the [[params]] of specs/ffs.toml.
FITTED, START, BOUNDS, PARAMETER_LABELS = SPEC.fitted, SPEC.start, SPEC.bounds, SPEC.parameter_labels
FIXED_DEFAULTS: Params = {}
SECONDARY_NOTE: str | None = None
# Bars this model does not reach, and why (its card shows them; the tests hold it to the rest).
KNOWN_MISSES = {
    "loco_max": "left out, an 8192-byte UNIBUS row is predicted about twice as fast as measured "
    "(91 % for the read, 107 % for the write): the two are the only rows that show the "
    "controller's buffer overflowing within a block, and without one of them the fit either "
    "explains the other another way (a longer fill before a write) or settles on the very edge "
    "where an 8 Kbyte block just stops overflowing",
}
# Memo figures this model misses by more than 15 %, each with the mechanism it lacks (its card
# shows them; the tests hold every other figure within 15 %).
MISSED_FIGURES: dict[str, str] = {}


def gap_blocks(rotdelay_ms: float, rpm: float, sectors_per_track: int, fragment_size: int, block: int) -> int:
    """4.2BSD's rotdelay arithmetic (ffs_alloc.c, blkpref): whole sectors, then fragments
    (truncated, as C's integer division), rounded up to whole blocks."""
    frag = min(fragment_size, block)
    sectors_per_frag = max(1, frag // SECTOR_BYTES)
    frags_per_block = block // frag
    frags = int(rotdelay_ms * rpm / 60.0 * sectors_per_track // (sectors_per_frag * 1000))
    blocks: int = -(-frags // frags_per_block)
    return blocks


def solve(k: Knobs, p: Params | None = None, detail: bool = True) -> Evaluation:
    p = p or fitted(SPEC.id)
    m = machine(k, p)
    write = k["operation"] != "read"  # a write or a rewrite: data in hand before the transfer
    old = k["layout"] == "old"
    block = 1024 if old else k["block_size"]
    frag = block if old else min(k["fragment_size"], block)
    rev = 60_000.0 / m.rpm  # ms per revolution
    track = m.sectors_per_track * SECTOR_BYTES  # bytes per track
    disk_bw = track * m.rpm / 60.0 / 1000.0  # Kbytes/sec
    t_x = block / track * rev  # ms to transfer one block
    copy = p["cpu_block_ms"] / m.cpu_speed + p["cpu_byte_us"] * 1e-3 * block / m.memory_speed
    # a new file's blocks are allocated as they are written; a rewrite's are already there
    cpu = copy * (p["write_factor"] if k["operation"] == "write" else 1.0)
    bus_kBps = m.bus_kBps
    bus_ms = block / bus_kBps  # bytes / (bytes per ms)
    buffered = k["track_buffer"] == "yes" and not write
    # a controller on a bus slower than the platter works through its buffer: it may lose turns
    # within a block, and before the next request can start a write's buffer must fill and a
    # read's backlog empty; on a bus faster than the platter it streams, the bus only a limit
    # (a controller with no buffer streams, as the memo's MASSBUS adapter: the bus only a limit)
    streams = m.buffer_bytes <= 0
    overruns, fill_ms, drain_ms = (
        (0.0, 0.0, 0.0) if streams else through_buffer(block, track / rev, bus_kBps, m.buffer_bytes, rev)
    )
    backlog = fill_ms if write else drain_ms
    tau = DRIVER_MS / m.cpu_speed + backlog
    setup, spread = m.setup_ms, m.spread_ms
    seek = p["old_seek_ms"] * (k["disksort_factor"] if write else 1.0)
    scattered = seek + rev / 2 + t_x  # a block out of place
    g = 0 if old else gap_blocks(k["rotdelay_ms"], m.rpm, m.sectors_per_track, k["fragment_size"], block)
    lost = 0.0
    if old:  # the controller's own transfer follows each scattered positioning
        disk = scattered + backlog + overruns * rev
        period = max(cpu, disk) if write else cpu + disk
    else:
        if buffered:  # a track per revolution, the file's share of it, then across the bus
            disk = rev * (1 + g) * block / track
            period = max(disk, cpu, bus_ms)
        else:
            lost = revolutions_lost(tau, setup, spread, g * t_x, rev)
            disk = (1 + g) * t_x + (lost + overruns) * rev
            period = max(disk, cpu, bus_ms)
        # Moving on to the next track (a head switch, now and then a cylinder step) costs
        # track_ms per track's worth of the file's blocks.
        period += p["track_ms"] * block * (1 + g) / track
        # Below the reserve, blocks land out of place; full, the rate is about half.
        short = max(0.0, 1.0 - k["free_space_percent"] / RESERVE_PERCENT)
        out_of_place = max(period, p["old_seek_ms"] + rev / 2 + t_x)
        misplaced = min(1.0, short * period * (1 / FULL_SPEED_FRACTION - 1) / max(out_of_place - period, 1e-9))
        period = (1 - misplaced) * period + misplaced * out_of_place
    # One file: its whole blocks at the steady period, a first positioning, and a tail in
    # fragments placed elsewhere (half a revolution and the tail's transfer).
    size = k["file_size_kb"] * 1000
    blocks, tail = divmod(size, block)
    tail_frags = -(-tail // frag)
    first = p["old_seek_ms"] + rev / 2
    # (the tail crosses the bus as well: at the slower of the platter and the bus)
    tail_ms = (rev / 2 + max(tail_frags * frag / track * rev, tail / bus_kBps) + cpu * tail / block) if tail else 0.0
    elapsed = blocks * period + first + tail_ms
    cpu_total = blocks * cpu + (cpu * tail / block if tail else 0.0)
    throughput = size / elapsed  # bytes per ms = Kbytes/sec
    cpu_share = min(1.0, cpu_total / elapsed)
    terms = {"rotation and layout": disk, "CPU": cpu, "bus": bus_ms}
    out: Evaluation = {
        "metrics": {
            "throughput_kBps": throughput,
            "bandwidth_percent": 100.0 * throughput / disk_bw,
            "cpu_percent": 100.0 * cpu_share,
            "disk_bandwidth_kBps": disk_bw,
            "gap_blocks": float(g),
            "revolutions_lost": float(lost + overruns),
            "turnaround_ms": tau + (0.0 if old else setup),
            "space_used_percent": 100.0 * (blocks * block + tail_frags * frag) / size,
        },
        # the term that sets the period (pace.py): the disk's time per block (transfer, the gap
        # passing under the head, missed turns; on the old layout the seek and rotation too), the
        # CPU's, or the bus's
        "bottleneck": slowest(terms),
        # each term alone (bounds.py): the file's whole blocks a term's time each, and nothing
        # else (the first positioning, the tail) taking any
        "bounds": bounds.stage_limits(
            size,
            {n: blocks * t for n, t in terms.items()},
            {"throughput_kBps": 1.0, "bandwidth_percent": 100 / disk_bw},
        ),
        # what the hardware could carry: the track's bandwidth, or the bus if slower
        "limits": {
            "throughput_kBps": min(disk_bw, bus_kBps),
            "bandwidth_percent": 100.0 * min(1.0, bus_kBps / disk_bw),
            "cpu_percent": 100.0,
        },
    }
    if detail:
        alloc = cpu - copy
        # the disk's time per block, split into transferring and waiting for the block to come round
        t_x_part = min(disk, t_x)
        wait_label = "seek and rotation" if old else "the gap and missed turns"
        bottleneck = out["bottleneck"]

        def per_block(name: str, label: str, ms: float, resource: str, **more: Any) -> Stage:
            # a stage's share of the period a block takes, and whether its resource sets the pace
            return stage(
                name,
                label,
                ms,
                "ms/block",
                resource=resource,
                utilization=min(1.0, ms / period),
                bottleneck=bottleneck == resource,
                **more,
            )

        # the disk is occupied for the whole of `disk` per block: transferring, and waiting for
        # the block (the gap passing, a missed turn, a seek): both count
        waiting = min(1.0, max(0.0, disk - t_x_part) / period)
        out["stages"] = [
            per_block("copy and system call", "System call and copy", copy, "CPU"),
            per_block("allocation", "Allocation and buffers (writes)", alloc, "CPU"),
            per_block("bus and controller", f"{m.bus} controller", bus_ms, "bus"),
            per_block(
                "rotation and transfer",
                "Rotation and transfer",
                disk,
                "rotation and layout",
                parts=[("transferring", min(1.0, t_x_part / period)), (wait_label, waiting)],
            ),
        ]
    return out


def observations() -> list[Observation]:
    """Speed (primary) and % CPU (secondary) of every row of tables 2a and 2b."""
    out: list[Observation] = []
    for r in load_dataset("ffs-throughput")["rows"]:
        config = {"layout": r["layout"], "block_size": r["block_size"], "operation": r["operation"], "bus": r["bus"]}
        cid = f"{r['operation']} {r['file_system']} {r['block_fragment']} {r['processor_bus']}"
        for field, metric, secondary in (
            ("speed_kbytes_s", "throughput_kBps", False),
            ("cpu_percent", "cpu_percent", True),
        ):
            out.append(
                observation(
                    config,
                    cid,
                    metric,
                    float(r[field]),
                    dataset="ffs-throughput",
                    figure=f"{r['locator']}, {field}",
                    secondary=secondary,
                )
            )
    return out


ALONG = POINT_BY_POINT  # each point is cheap: nothing faster to do along a knob
