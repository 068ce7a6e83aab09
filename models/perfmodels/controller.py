"""A disk controller's turnaround between one request and the next, in revolutions lost: its
set-up (a mean and a spread) against the rotational gap the file system left, and its buffer
between a platter and a slower bus. Used by ffs.py (the equations are explained there)."""

from __future__ import annotations

import math


def revolutions_lost(tau: float, setup: float, spread: float, window: float, rev: float) -> float:
    """Expected revolutions a request waits for its block: the turnaround tau plus the
    controller's set-up, even between setup - spread and setup + spread (ms; a set-up is never
    negative, so the spread is held at the mean at most), against the gap's `window` and each
    revolution after it. Spread 0: every request alike, so all blocks miss or none does."""
    half = min(spread, setup)
    if half <= 0:
        return float(max(0, math.ceil((tau + setup - window) / rev - 1e-12)))
    total = 0.0
    j = 0
    while True:
        late = window + j * rev - tau  # how long the set-up may take and still catch the j-th chance
        p_miss = min(1.0, max(0.0, (setup + half - late) / (2 * half)))
        if p_miss <= 0:
            return total
        total += p_miss
        j += 1


def through_buffer(block: float, platter: float, bus: float, buffer: float, rev: float) -> tuple[float, float, float]:
    """A controller moving a block between the platter (`platter` bytes/ms, a revolution every
    `rev` ms) and the bus (`bus` bytes/ms) through a buffer of `buffer` bytes. A bus slower than
    the platter falls behind at (platter - bus): the buffer covers buffer * platter /
    (platter - bus) bytes of the block in one pass; then the controller stops, lets its buffer
    cross the bus, and picks up where it stopped when that place next comes round (a whole
    number of revolutions, at least one). Returns the revolutions so lost within the block; the
    time a write's buffer takes to fill before it can start (the whole buffer, or the block if
    smaller: a write cannot wait for the bus in mid-sector); and the time a read's backlog takes
    to cross the bus after its last pass (a read sends as it goes)."""
    fill = min(block, buffer) / bus
    if bus >= platter:
        return 0.0, fill, 0.0
    per_pass = buffer * platter / (platter - bus)
    passes = max(1, math.ceil(block / per_pass - 1e-9))
    last = block - (passes - 1) * per_pass
    turns_per_stop = max(1, math.ceil(buffer / bus / rev - 1e-9))
    return float((passes - 1) * turns_per_stop), fill, last * (1.0 / bus - 1.0 / platter)
