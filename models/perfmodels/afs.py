"""OpenAFS sequential throughput: one chunk per RPC, and the limiters on the fileserver's I/O.

Source: "even more namei/inode fileserver performance tests" (chas williams, openafs-info,
23 Nov 2002), datasets `afs-bonnie` and `afs-figures`.

Mechanism. The cache manager moves a file in chunks of 2^chunksize bytes, one RPC per chunk.

  io_size_bytes = min(2^chunksize, AFSV_BUFFERSIZE, RX_MAXIOVECS * rx packet bytes)

is the size of the fileserver's disk reads and writes: a chunk is read or written in
ceil(chunk / io_size) of them. The memo watched exactly this: 8k I/O at chunksize 13; 16k at
chunksize 15 (AFSV_BUFFERSIZE 16k); about 22k with AFSV_BUFFERSIZE 32k, because readv/writev
takes at most 16 iovecs of 1412-byte rx packets (22592 bytes).

Reading is synchronous: each chunk costs a round trip to the fileserver plus the
bytes over the network,

    read time per chunk  = rtt + chunk / network rate        read_kBps  = chunk / time / 1024

A cache manager that reads ahead (the knob read_ahead, n chunks; 0 by default, as the fit to the
memo has it) keeps n + 1 RPCs in flight: the round trips overlap with the transfers, and a chunk
takes the longer of its transfer and its share of the window,

    read time per chunk  = max(chunk / network rate, (rtt + chunk / network rate) / (n + 1))

Writing goes through the cache and is stored behind the writer, so the round trip overlaps
with the next chunk and only a smaller per-chunk cost remains:

    write time per chunk = store overhead[client] + chunk / network rate

The fileserver's disk (20 MB/s, memo) is never the limit here; its per-I/O cost fitted to zero,
which is why raising AFSV_BUFFERSIZE changed nothing in the memo's runs. The inode and namei
fileservers move data alike (the memo found them virtually the same), so the back end is not a
knob: the memo's runs on both are drawn side by side.

Parameters: the network rate, one read round trip, and each client's write overhead: four
numbers for the four inputs the model can tell apart (two chunksizes on two clients: the
fileserver back end and AFSV_BUFFERSIZE 32k change nothing it predicts), fitted to the block
input and output columns, eight distinct figures. Not
modelled: bonnie's per-character and rewrite columns, seeks, and %CP (the client's CPU is not
in the mechanism; the card reports no secondary fit for that reason).

Not captured: the client's CPU (bonnie's %CP), which of the memo's clients read ahead and by
how much (read_ahead is one knob for both; the fit assumes neither does), bonnie's
per-character, rewrite and seek columns, and the memcache size.
"""

from __future__ import annotations

import math

from . import bounds
from .datasets import load as load_dataset
from .fitted import fitted
from .knobs import load_spec
from .system import POINT_BY_POINT
from .types import Evaluation, Knobs, Observation, Params, observation, stage

DEFAULT_BUFFERSIZE = 16384  # memo: I/O stayed 16k at chunksize 15 until AFSV_BUFFERSIZE was raised

SPEC = load_spec("afs")  # knobs and metrics: specs/afs.toml

# What calibration fits, from where, within which bounds, and what each is called:
# the [[params]] of specs/afs.toml.
FITTED, START, BOUNDS, PARAMETER_LABELS = SPEC.fitted, SPEC.start, SPEC.bounds, SPEC.parameter_labels
FIXED_DEFAULTS: Params = {}
# Bars this model does not reach, and why (its card shows them; the tests hold it to the rest).
KNOWN_MISSES = {
    "in_sample_max": "solaris7's chunksize-15 reads (5447 and 5603 K/sec) run 13-15 % faster than "
    "one synchronous round trip per chunk allows: their step up from chunksize 13 "
    "implies more than the network rate every other row agrees on, so that client "
    "must overlap its next fetch with the current one (the read-ahead knob), which the "
    "fit, with one read-ahead for both clients, takes as none",
    "loco_median": "four distinct inputs carry four parameters: with one input left out, a "
    "client's write overhead rests on a single row, and the median error left out "
    "is about 15 %",
}
# Memo figures this model misses by more than 15 %, each with the mechanism it lacks (its card
# shows them; the tests hold every other figure within 15 %).
MISSED_FIGURES = {
    "Chunksize 15 tables, solaris8 stock namei fileserver, solaris7 [memcache=146m,chunksize=15], "
    "in_block_kps": "solaris7 reads faster than one synchronous round trip per chunk allows: the "
    "missing mechanism is that client fetching the next chunk while it uses the current one "
    "(read-ahead), which one fitted read-ahead for both clients takes as none",
}
SECONDARY_NOTE = (
    "bonnie's %CP is the client's CPU, which this mechanism leaves out, so the model makes no prediction for it"
)
WRITE_RATE = {"write_kBps": 1 / 1024}  # Kbytes/sec a byte a second
DISK_MBPS = 20.0  # memo: the fileserver's disk sustains 20MB/s


def solve(k: Knobs, p: Params | None = None, detail: bool = True) -> Evaluation:
    p = p or fitted(SPEC.id)
    chunk = 2 ** k["chunksize"]
    io = min(chunk, k["afsv_buffersize"], k["rx_maxiovecs"] * k["rx_packet_bytes"])
    ios = math.ceil(chunk / io)
    wire = chunk / (p["network_MBps"] * 1e6)
    disk = chunk / (DISK_MBPS * 1e6)  # overlapped with the wire: streamed in io-sized pieces
    rtt = p["rtt_ms"] * 1e-3
    store = p[f"store_{k['client']}_ms"] * 1e-3
    moving = max(wire, disk)
    window = k["read_ahead"] + 1  # RPCs in flight
    t_read = max(moving, (rtt + moving) / window)
    t_write = store + max(wire, disk)
    parts = {"round trip": rtt / window, "network": wire, "fileserver disk": disk}  # per chunk, the window shared
    worst = max(parts, key=parts.__getitem__)
    out: Evaluation = {
        "metrics": {"read_kBps": chunk / t_read / 1024, "write_kBps": chunk / t_write / 1024, "io_size_bytes": io},
        "bottleneck": worst,
        "limits": {"read_kBps": p["network_MBps"] * 1e6 / 1024, "write_kBps": p["network_MBps"] * 1e6 / 1024},
        # each term alone (bounds.py): a chunk each term's seconds
        "bounds": bounds.stage_limits(chunk, parts, {"read_kBps": 1 / 1024})
        + bounds.stage_limits(chunk, {"client store": store, "network": wire, "fileserver disk": disk}, WRITE_RATE),
    }
    if detail:
        out["stages"] = [
            stage(
                "round trip",
                f"RPC round trip ({k['client']})",
                rtt * 1e3,
                "ms/chunk",
                resource="round trip",
                # a delay, not a server: nothing queues for it, so it is never "busy" or saturated
                # (at 1K the client waits on it 97 % of the time, yet bigger chunks read 30 times
                # faster); it sets the pace while (rtt + moving) / window > moving
                utilization=None,
                bottleneck=worst == "round trip",
            ),
            stage(
                "network",
                "Rx over the network",
                wire * 1e3,
                "ms/chunk",
                resource="network",
                utilization=wire / t_read,
                bottleneck=worst == "network",
            ),
            stage(
                "fileserver disk",
                f"Fileserver disk ({ios} I/O of {io} bytes)",
                disk * 1e3,
                "ms/chunk",
                resource="fileserver disk",
                utilization=disk / t_read,
                bottleneck=worst == "fileserver disk",
            ),
        ]
    return out


def observations() -> list[Observation]:
    """Block input (reads) and block output (writes) of every bonnie row."""
    out: list[Observation] = []
    for r in load_dataset("afs-bonnie")["rows"]:
        config = {
            "chunksize": r["chunksize_log2"],
            "client": r["client"],
            "afsv_buffersize": 32768 if r["afsv_buffersize"] == "32k" else DEFAULT_BUFFERSIZE,
        }
        cid = f"{r['fileserver']} {r['afsv_buffersize']} {r['client']} chunk {r['chunksize_log2']}"
        for field, metric in (("in_block_kps", "read_kBps"), ("out_block_kps", "write_kBps")):
            out.append(
                observation(
                    config,
                    cid,
                    metric,
                    float(r[field]),
                    dataset="afs-bonnie",
                    figure=f"{r['locator']}, {field}",
                )
            )
    return out


ALONG = POINT_BY_POINT  # each point is cheap: nothing faster to do along a knob
