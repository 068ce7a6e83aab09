"""Local Area VAXcluster capacity: the boot member as a closed queueing network of its users.

Source: "Low End Cluster Performance" (DECUS Fall 1986, session V095), datasets `lavc-io-cpu`,
`lavc-io-elapsed`, `lavc-lock-cpu` and `lavc-figures`.

Costs of one I/O. Every disk I/O costs a fixed amount per request plus an amount per 512-byte
block, on each path the memo measured: the CPU of a node reading its own disk (local), the CPU
of a client reading a served disk (client), the CPU of the node serving it (server), and the
elapsed time of a local I/O. A served I/O's elapsed time on an idle cluster is the local one,
plus a fixed protocol round trip, plus the blocks' time through the Ethernet adapter at its
rated speed (DEUNA 1.2 Mbit/s; DEQNA and DELUA 3.3 Mbit/s, from the memo).

The cluster. In a cluster whose disks are served by the boot member, every user's lock
requests and served I/Os land on that node. Each user is a customer of a closed network: a
cycle is one second of the user's nominal activity (`locks_per_user_s` lock operations and
`ios_per_user_s` I/Os), spent mostly thinking and partly at four stations of the boot member,
with these service demands per cycle:

    CPU        locks * lock cost + I/Os * server CPU per I/O
    disks      I/Os * disk time per I/O / boot_disks     (each of boot_disks spindles, balanced)
    adapter    I/Os * blocks / adapter limit             (300 or 800 blocks/s, memo)
    Ethernet   I/Os * blocks * 4096 bits / usable rate   (6-8 Mbit/s usable, memo: a band)

and a think time Z of one second. The requests are of two kinds, each with its own times: a lock
operation takes the lock cost of the CPU and nothing else, a served I/O its CPU time, one disk,
the adapter and the wire. The CPU's, the adapter's and the wire's times are fixed work
(constant); a disk's seek and rotation vary (exponential; the memo gives no spread). MVA with
kinds of request (`mva.recursion_kinds`, Reiser's for FCFS stations with such times) gives the
cycle rate X(N) for N users (a user alone runs at 1 / (1 + sum D_k) cycles a second, a little
under the nominal rates); then, for every station k,

    utilization U_k = X * D_k <= 1               (utilization law; never above 100 %)
    carried Ethernet data = X * I/Os * blocks * 4096 bits  <=  the usable rate
    served I/O time = idle-cluster time + sum_k W_k(N)
    W_k(N) = sum_c (Q_ck - U_ck) s_ck + sum_c U_ck s_ck (1 + scv_ck) / 2   (at N - 1)

where an arriving I/O waits at station k for the requests queued there, each for its own kind's
time s_ck (a lock's 4.8 ms, not an I/O's 9.85), and for the rest of the one in service, half its
time when constant. The simulation of this mechanism, request by request, agrees within 1.5 %
along the users at the memo's setting (measured to intervals of 0.5 %: at 86 users, the largest
gap, an I/O takes 123.6 ms in the model and 122.2 to 122.6 ms simulated over five seeds, the
model 0.8 to 1.1 % high; exponential times everywhere, as exact MVA assumed, said 135.3); a run
whose intervals are 2 % wide can land up to about 3 % from the model by sampling alone. Where
two stations saturate together (a DEUNA adapter with the CPU, about 160 users) the I/O time is
up to 5 % high. Being no product-form network, it has the asymptotic bounds, not the balanced
job bounds. So the I/O time grows as any station nears saturation, and the carried rates stop
growing there: N users offer N user-seconds per second, the network carries X <= min(N, 1 / D_max).

What the planner asks is offered demand: `cpu_demand_percent` = 100 * N * D_CPU, which may
exceed 100 % (the explorer draws the 100 % line). The knee is the textbook's N* = (D + Z) / D_max
(pace.py): below it the users are too few to keep any station busy, and from it the busiest
station sets the pace (the knee the chart marks). That station is not full there: with each user
thinking between requests, the boot CPU is about 92 % busy at the knee (119 users at the memo's
setting), and the model has it saturated (at least 95 % busy, marked apart) only some users later.
The planner's own count, `max_users`, is another number: the users at 100 % offered demand on the
busiest station, 1 / D_max (114 at the memo's setting). It counts each user as one second of
activity, while a user being served is not thinking, so the knee comes D / D_max users later.

The boot member's processor. The memo measured a MicroVAX II. Another processor takes the same
work in the memo's CPU times scaled by the ratio of VUP ratings (0.9 for the MicroVAX II over its
own: a VAX-11/750 at 0.6 takes 1.5 times as long), each rating from its source in
hardware/cpus.toml; the lock cost and the server's CPU per I/O scale, the client's (a satellite,
"this node") does not. A VUP is measured on compute-bound programs; serving I/O is mostly
copying and protocol work, which need not scale alike (DEC's 1992 tables put the 11/780 below
its rating: docs/validation.md).

Parameters: eight per-request and per-block costs (local CPU, client CPU, server CPU, local
elapsed) and the protocol round trip, fitted to the memo's two I/O tables. The lock master's
CPU per lock operation (the memo's table spans 4.6 to 6.0 ms on a MicroVAX II) and the usable
share of the Ethernet (6 to 8 Mbit/s) are not determined by the memo: they are knobs drawn as
bands. The boot member's number of disks is not given either (an assumption, a knob). The boot
member's 80 % at 86 users is predicted, not fitted.

Not captured: lock traffic on the Ethernet and the adapter (the memo gives no message sizes),
the client nodes' own CPUs, and MSCP buffering limits at the server.
"""

from __future__ import annotations

import math
from typing import Any

from . import closed, hardware
from .datasets import load as load_dataset
from .knobs import load_spec
from .mechanism import CONSTANT, EXPONENTIAL, Kind, Mechanism
from .types import Evaluation, Knobs, KnobValue, Observation, Params, Stage, observation, stage

MEMO_VUPS = float(hardware.part("cpus", "MicroVAX II").number("vups") or 0.9)  # the memo's boot member
ADAPTER_MBPS = {"DEUNA": 1.2, "DEQNA": 3.3, "DELUA": 3.3}  # memo, Ethernet interface
ADAPTER_BLOCKS_S = {"DEUNA": 300, "DEQNA": 800, "DELUA": 800}  # memo, Ethernet interface
HARDWARE_FIGURES = {"cpu": ("vups",)}  # what the model reads of a processor (its card shows these)
BLOCK_BITS = 512 * 8
STATIONS = ("boot CPU", "boot disks", "adapter", "Ethernet")

SPEC = load_spec("lavc")  # knobs and metrics: specs/lavc.toml
USERS = "number of users"

# What calibration fits, from where, within which bounds, and what each is called:
# the [[params]] of specs/lavc.toml.
FITTED, START, BOUNDS, PARAMETER_LABELS = SPEC.fitted, SPEC.start, SPEC.bounds, SPEC.parameter_labels
FIXED_DEFAULTS: Params = {}
SECONDARY_NOTE: str | None = None
KNOWN_MISSES: dict[str, str] = {}
# Memo figures this model misses by more than 15 %, each with the mechanism it lacks (its card
# shows them; the tests hold every other figure within 15 %).
MISSED_FIGURES: dict[str, str] = {}


def _slower(k: Knobs) -> float:
    """How many times the memo's MicroVAX II CPU time the boot member's processor takes for the
    same work: the ratio of their VUP ratings (hardware/cpus.toml). The memo's machine is 1."""
    return MEMO_VUPS / float(hardware.part("cpus", str(k["cpu"])).number("vups") or MEMO_VUPS)


def _costs(k: Knobs, p: Params) -> dict[str, Any]:
    """One I/O's costs and the per-user-second demands (seconds) at the boot member's stations."""
    b = k["blocks_per_io"]
    served = k["disk"] == "served"
    slower = _slower(k)
    server_cpu = slower * (p["server_cpu_ms"] + p["server_cpu_block_ms"] * b)
    disk_ms = p["local_io_ms"] + p["local_io_block_ms"] * b
    adapter_ms = 1e3 * b / ADAPTER_BLOCKS_S[k["adapter"]]
    wire_ms = 1e3 * b * BLOCK_BITS / (k["ethernet_usable_mbps"] * 1e6)
    ios = k["ios_per_user_s"] if served else 0.0
    lock_ms = k["locks_per_user_s"] * k["lock_cpu_ms"] * slower
    # one served I/O's service at each station, ms (its disk is one of boot_disks)
    per_io = (server_cpu, disk_ms, adapter_ms, wire_ms)
    demands = (
        1e-3 * (lock_ms + ios * server_cpu),
        1e-3 * ios * disk_ms / k["boot_disks"],
        1e-3 * ios * adapter_ms,
        1e-3 * ios * wire_ms,
    )
    return {
        "served": served,
        "server_cpu": server_cpu,
        "disk_ms": disk_ms,
        "per_io": per_io,
        "demands": demands,
        "lock_ms": lock_ms,
        "ios": ios,
    }


def _per_cycle(k: Knobs, c: dict[str, Any]) -> dict[str, float]:
    """Each metric is X times this much a user-second: the bounds on X bound them too (bounds.py)."""
    d_cpu, d_disk, d_adapter, _ = c["demands"]
    return {
        "boot_cpu_percent": 100.0 * d_cpu,
        "disk_percent": 100.0 * d_disk,
        "adapter_percent": 100.0 * d_adapter,
        "ethernet_mbps": c["ios"] * k["blocks_per_io"] * BLOCK_BITS / 1e6,
    }


def _mechanism(k: Knobs, c: dict[str, Any]) -> Mechanism:
    """The requests one by one: a lock operation takes the lock cost of the boot member's CPU
    and nothing else; a served I/O its CPU time, one of the disks, the adapter and the wire.
    Every time but the disk's is a fixed amount of work (constant); a disk's seek and rotation
    vary from one I/O to the next, and the memo gives no spread: exponential."""
    per_io = tuple(1e-3 * t for t in c["per_io"])
    return Mechanism(
        (
            Kind("lock", k["locks_per_user_s"], (1e-3 * k["lock_cpu_ms"] * _slower(k), 0.0, 0.0, 0.0), (CONSTANT,) * 4),
            Kind("io", c["ios"], per_io, (CONSTANT, EXPONENTIAL, CONSTANT, CONSTANT)),
        ),
        says="constant CPU, adapter and Ethernet times for each kind of request, exponential disk times",
    )


class _Cluster(closed.Engine[dict[str, Any]]):
    """The boot member's four stations (CPU, one of boot_disks identical disks, adapter, Ethernet)
    with a second of nominal activity between visits; the population is the users. Below the
    knee N* the users are too few to keep any station busy and no resource is the limit."""

    def network(self, k: Knobs, p: Params) -> closed.Loop[dict[str, Any]]:
        c = _costs(k, p)
        b = k["blocks_per_io"]
        idle_io = c["disk_ms"]
        if c["served"]:
            idle_io += p["protocol_ms"] + 1e3 * b * BLOCK_BITS / (ADAPTER_MBPS[k["adapter"]] * 1e6)
            cpu_here = p["client_cpu_ms"] + p["client_cpu_block_ms"] * b
        else:
            cpu_here = p["local_cpu_ms"] + p["local_cpu_block_ms"] * b
        c.update(idle_io=idle_io, cpu_here=cpu_here)
        copies = (1, k["boot_disks"], 1, 1)
        loop = closed.Loop(STATIONS, c["demands"], 1.0, _per_cycle(k, c), copies, c)
        loop.mechanism = _mechanism(k, c)
        return loop

    def point(self, k: Knobs, loop: closed.Loop[dict[str, Any]], s: closed.Solved) -> Evaluation:
        c, x = loop.of, s.x
        d_cpu, d_disk, d_adapter, _ = loop.demands
        planned = 1.0 / loop.demands[loop.busiest] if loop.demands[loop.busiest] > 0 else math.inf
        if not c["served"]:
            wait = 0.0
        elif s.waits is not None and "io" in s.waits:  # an I/O's own waits, at the stations it visits
            wait = 1e3 * sum(w for w, sv in zip(s.waits["io"], c["per_io"], strict=True) if sv > 0)
        else:
            wait = sum(sv * qk for sv, qk in zip(c["per_io"], s.before, strict=True))
        return {
            "metrics": {
                "boot_cpu_percent": 100.0 * (x * d_cpu),
                "cpu_demand_percent": 100.0 * s.n * d_cpu,
                "adapter_percent": 100.0 * (x * d_adapter),
                "disk_percent": 100.0 * (x * d_disk),
                "ethernet_mbps": x * c["ios"] * k["blocks_per_io"] * BLOCK_BITS / 1e6,
                "io_elapsed_ms": c["idle_io"] + wait,
                "max_users": planned if math.isfinite(planned) else None,  # the planner's count, not N*
                "io_cpu_ms": c["cpu_here"],
                "server_cpu_ms": c["server_cpu"],
            },
            "bottleneck": s.bottleneck,
            "limits": {
                "boot_cpu_percent": 100.0,
                "cpu_demand_percent": 100.0,
                "adapter_percent": 100.0,
                "disk_percent": 100.0,
                "ethernet_mbps": k["ethernet_usable_mbps"],
            },
        }

    def stages(self, k: Knobs, loop: closed.Loop[dict[str, Any]], s: closed.Solved) -> list[Stage]:
        c, x = loop.of, s.x
        d_cpu, d_disk, d_adapter, d_net = loop.demands
        lock_u = x * 1e-3 * c["lock_ms"]
        rows = (
            ("locks", "Lock mastering", 1e3 * 1e-3 * c["lock_ms"], "boot CPU", lock_u, 0),
            ("server", "Serving disk I/O", c["ios"] * c["server_cpu"], "boot CPU", x * d_cpu - lock_u, 0),
            ("disks", f"{k['boot_disks']} boot member disks", 1e3 * d_disk, "boot disks", x * d_disk, 1),
            ("adapter", f"{k['adapter']} adapter", 1e3 * d_adapter, "adapter", x * d_adapter, 2),
            ("ethernet", "Ethernet", 1e3 * d_net, "Ethernet", x * d_net, 3),
        )
        return [
            stage(
                name,
                label,
                demand,
                "ms per user-second",
                resource=res,
                utilization=max(0.0, min(1.0, u)),
                bottleneck=s.bottleneck != USERS and i == loop.busiest,
            )
            for name, label, demand, res, u, i in rows
        ]


# Every user count from one MVA pass, its bounds and knee: the closed-network engine along the users.
# Below the knee the users are too few to keep any station busy: their number sets the pace
# (named, so that a readout says what limits the curve; not a resource: the spec's not_resources).
ALONG = _Cluster(SPEC.id, "users", window=USERS)
solve = ALONG.solve


# ---- calibration data -------------------------------------------------------------------


def observations() -> list[Observation]:
    """The two I/O tables (single I/O streams, so one user issuing few I/Os) and the boot
    member's load at 86 users: its per-user rates were measured at that load, so they are the
    carried rates, and 80 % is their CPU demand."""
    quiet: dict[str, KnobValue] = {"users": 1, "ios_per_user_s": 0.01, "locks_per_user_s": 0.0, "adapter": "DEQNA"}
    out: list[Observation] = []
    for r in load_dataset("lavc-io-cpu")["rows"]:
        b = r["blocks"]
        for field, disk, metric in (
            ("local_rd53_ms", "local", "io_cpu_ms"),
            ("cluster_client_ms", "served", "io_cpu_ms"),
            ("cluster_server_ms", "served", "server_cpu_ms"),
        ):
            out.append(
                observation(
                    {**quiet, "disk": disk, "blocks_per_io": b},
                    f"{field} {b}",
                    metric,
                    r[field],
                    dataset="lavc-io-cpu",
                    figure=f"{r['locator']}, {field}",
                )
            )
    for r in load_dataset("lavc-io-elapsed")["rows"]:
        b = r["blocks"]
        for field, disk in (("local_ms", "local"), ("served_ms", "served")):
            out.append(
                observation(
                    {**quiet, "disk": disk, "blocks_per_io": b},
                    f"{field} {b}",
                    "io_elapsed_ms",
                    r[field],
                    dataset="lavc-io-elapsed",
                    figure=f"{r['locator']}, {field}",
                )
            )
    figs = {r["name"]: r for r in load_dataset("lavc-figures")["rows"]}
    out.append(
        observation(
            {
                "users": int(figs["boot_users"]["value"]),
                "locks_per_user_s": figs["locks_per_user"]["value"],
                "ios_per_user_s": figs["ios_per_user"]["value"],
                "blocks_per_io": int(figs["blocks_per_io"]["value"]),
                "disk": "served",
            },
            "boot member",
            "cpu_demand_percent",
            figs["boot_cpu"]["value"],
            dataset="lavc-figures",
            figure=figs["boot_cpu"]["locator"],
        )
    )
    return out
