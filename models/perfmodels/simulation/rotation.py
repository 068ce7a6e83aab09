"""FFS's rotation simulated block by block: a file read or written sequentially in the new
layout, each block a request the controller turns around before the next block's sector
passes under the head.

Block i's data passes the head at i (1 + gap) t_x, and again every revolution after (the
layout: a block, then the rotational gap 4.2BSD's rotdelay leaves, ffs.gap_blocks). A block's
transfer takes t_x plus the revolutions the UNIBUS controller's buffer loses inside it
(controller.through_buffer); then the next request needs the turnaround (the driver, a write's
buffer filling or a read's backlog crossing the bus) and the controller's set-up, drawn for
each request (even between mean - spread and mean + spread, as the model has it, or of another
spread: constant, exponential, or a coefficient of variation), and waits for its block's next
pass. The CPU runs beside it: a read's process works through block i - 1 while block i is
read (the request for i + 1 waits for it: one block ahead), and a writer's blocks are handed
over as the CPU makes them. So the simulation sees what the model's max(disk, CPU) leaves out:
a request the CPU delays past its slot loses a whole turn.

Metrics, per block: revolutions lost (the model's `revolutions_lost`: missed turns and buffer
overruns), and the steady rate of the file's blocks, block / period (the model's: block /
max(disk, CPU, bus)). The file's throughput adds a first positioning, a tail, track switches
and free space, which the simulation does not redo. Neither the old layout (scattered blocks)
nor a track buffer is simulated: no rotation to time block by block.
"""

from __future__ import annotations

import random

from .. import ffs
from ..controller import revolutions_lost, through_buffer
from ..ffs_machine import machine
from ..mechanism import CONSTANT, EXPONENTIAL
from ..types import Knobs, Params
from .engine import sampler

BATCH = 400  # blocks a batch
WARM = 200  # blocks thrown away first


class Rotation:
    """The disk's timeline as a run.Source: `setup_scv` None draws the model's uniform set-up."""

    def __init__(self, k: Knobs, p: Params, setup_scv: float | None, seed: int) -> None:
        if k["layout"] == "old" or (k["track_buffer"] == "yes" and k["operation"] == "read"):
            raise ValueError(
                "only the new layout's rotation is simulated, block by block: the old layout's "
                "blocks are scattered, and a track buffer reads whole tracks"
            )
        a = rotation(k, p)
        self.block, self.rev, self.t_x, self.stride = a["block"], a["rev"], a["t_x"], a["step"]
        self.cpu, self.tau, self.overruns, self.write = a["cpu"], a["tau"], a["overruns"], a["write"]
        self.bus = a["bus_ms"]
        rng = random.Random(seed)
        mean, half = a["setup"], min(a["spread"], a["setup"])
        if setup_scv is None:
            self.setup = (lambda u=rng.random: mean - half + 2 * half * u()) if half > 0 else (lambda: mean)
        else:
            self.setup = sampler(rng, mean, setup_scv)
        self.start = 0.0  # when the current block's transfer began
        self.cpu_done = 0.0  # when the CPU finished its last block
        self.events = 0
        self.blocks = 0
        self.sums = [0.0, 0.0, 0]  # revolutions lost, period, blocks of the batch

    def _next(self, n: int) -> None:
        """Simulate n blocks."""
        rev, t_x, step, lost_sum, time_sum = self.rev, self.t_x, self.stride, 0.0, 0.0
        start, last = self.start, self.cpu_done
        for _ in range(n):
            end = start + t_x + self.overruns * rev
            if self.write:  # the next block is handed over once the CPU has made it
                last += self.cpu
                gate = last
            else:  # the process works on this block once it is here; the next read is asked
                # when it has finished the one before (read-ahead: one block)
                gate, last = last, max(last, end) + self.cpu
            ready = max(end + self.tau + self.setup(), gate)
            # the next block's data passes at start + step, and every revolution after it
            turns = max(0.0, -(-(ready - start - step) // rev))
            nxt = start + step + turns * rev + self.overruns * rev
            lost_sum += turns + self.overruns
            time_sum += nxt - start
            start = nxt
        self.start, self.cpu_done = start, last
        self.sums[0] += lost_sum
        self.sums[1] += time_sum
        self.sums[2] += n
        self.blocks += n
        self.events += 2 * n  # a request and a transfer each

    def warm(self, budget: int) -> bool:
        self._next(max(1, min(WARM - self.blocks, budget // 2)))
        if self.blocks < WARM:
            return False
        self.sums = [0.0, 0.0, 0]
        return True

    def step(self, budget: int) -> tuple[float, float, float] | None:
        self._next(max(1, min(BATCH - int(self.sums[2]), budget // 2)))
        if self.sums[2] < BATCH:
            return None
        lost, span, n = self.sums
        self.sums = [0.0, 0.0, 0]
        return lost, span, n

    def merge(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> tuple[float, float, float]:
        return a[0] + b[0], a[1] + b[1], a[2] + b[2]

    def metrics(self, batch: tuple[float, float, float]) -> dict[str, float]:
        lost, span, n = batch
        # (the bus bounds the rate too, as in the model: a block cannot cross it faster)
        period = max(span / n, self.bus)
        return {"revolutions_lost": lost / n, "steady_kBps": self.block / period}


def rotation(k: Knobs, p: Params) -> dict[str, float]:
    """The rotation's quantities at a setting, as ffs.solve computes them from the hardware the
    knobs name (ffs_machine.py; checked against its metrics by models/tests/test_rotation.py)."""
    m = machine(k, p)
    write = k["operation"] != "read"  # a write or a rewrite: its data in hand before the transfer
    block = k["block_size"]
    rev = 60_000.0 / m.rpm
    track = m.sectors_per_track * ffs.SECTOR_BYTES
    t_x = block / track * rev
    bus_kBps = m.bus_kBps
    overruns, fill_ms, drain_ms = (
        (0.0, 0.0, 0.0) if m.buffer_bytes <= 0 else through_buffer(block, track / rev, bus_kBps, m.buffer_bytes, rev)
    )
    copy = p["cpu_block_ms"] / m.cpu_speed + p["cpu_byte_us"] * 1e-3 * block / m.memory_speed
    g = ffs.gap_blocks(k["rotdelay_ms"], m.rpm, m.sectors_per_track, k["fragment_size"], block)
    setup, spread = m.setup_ms, m.spread_ms
    return {
        "block": float(block),
        "rev": rev,
        "t_x": t_x,
        "step": (1 + g) * t_x,
        "gap": g * t_x,
        "cpu": copy * (p["write_factor"] if k["operation"] == "write" else 1.0),
        "tau": ffs.DRIVER_MS / m.cpu_speed + (fill_ms if write else drain_ms),
        "overruns": overruns,
        "setup": setup,
        "spread": spread,
        "write": float(write),
        "bus_ms": block / bus_kBps,
    }


def analytic(k: Knobs, p: Params) -> dict[str, float | None]:
    """The model's answer to what is simulated: revolutions lost per block, and the blocks'
    steady rate, block / max(disk, CPU, bus)."""
    a = rotation(k, p)
    lost = revolutions_lost(a["tau"], a["setup"], a["spread"], a["gap"], a["rev"]) + a["overruns"]
    disk = a["step"] + lost * a["rev"]
    return {"revolutions_lost": lost, "steady_kBps": a["block"] / max(disk, a["cpu"], a["bus_ms"])}


def setup_scv(service: str, cv: float | None) -> float | None:
    """The set-up's spread a simulation draws: the model's uniform (None), or another."""
    return {"mechanism": None, "constant": CONSTANT, "exponential": EXPONENTIAL}.get(
        service, None if cv is None else cv**2
    )
