"""Local Area VAXcluster capacity: per-request plus per-block costs, composed into a boot member.

Source: "Low End Cluster Performance" (DECUS Fall 1986, session V095), datasets `lavc-io-cpu`,
`lavc-io-elapsed`, `lavc-lock-cpu` and `lavc-figures`.

Mechanism. Every disk I/O costs a fixed amount per request plus an amount per 512-byte block,
on each path the memo measured: the CPU of a node reading its own disk (local), the CPU of a
client reading a served disk (client), the CPU of the node serving it (server), and the elapsed
time of a local I/O. A served I/O's elapsed time is the local one, plus a fixed protocol
round trip, plus the blocks' time through the Ethernet adapter at its rated speed (DEUNA 1.2
Mbit/s; DEQNA and DELUA 3.3 Mbit/s, from the memo), plus queueing at the serving CPU when it is
busy (M/M/1: the server's CPU time times U / (1 - U)).

In a cluster whose disks are served by the boot member, each user's lock requests and I/Os land
on that node:

    boot CPU per user   = locks/s * lock cost + I/Os/s * server CPU per I/O
    boot_cpu_percent    = users * boot CPU per user
    adapter_percent     = users * I/Os/s * blocks / adapter limit (300 or 800 blocks/s, memo)
    ethernet_mbps       = users * I/Os/s * blocks * 512 * 8 / 10^6
    max_users           = the users at which the first of these reaches its capacity
                          (CPU 100%, adapter 100%, Ethernet's usable 8 Mbit/s from the memo)

A saturated boot member has no steady-state I/O time, and a cluster without load no saturation
point: those metrics are None (null in JSON) rather than infinite.

Parameters: eight per-request and per-block costs (local CPU, client CPU, server CPU, local
elapsed) and the protocol round trip, fitted to the memo's two I/O tables (twenty figures).
The lock master's CPU per lock operation is not determined by the memo (its table gives 4.6 to
6.0 ms on a MicroVAX II for the operations it lists): it is the knob `lock_cpu_ms`, drawn as a
band. The boot member's 80% at 86 users is predicted, not fitted.
"""

from __future__ import annotations

import math

from .datasets import load as load_dataset
from .fitted import fitted
from .knobs import Knob, Metric, Spec

ADAPTER_MBPS = {"DEUNA": 1.2, "DEQNA": 3.3, "DELUA": 3.3}          # memo, Ethernet interface
ADAPTER_BLOCKS_S = {"DEUNA": 300, "DEQNA": 800, "DELUA": 800}        # memo, Ethernet interface
ETHERNET_USABLE_MBPS = 8.0   # memo: 6-8 Mbit usable, 8 for I/O-intensive work
BLOCK_BITS = 512 * 8
RESOURCES = ("boot CPU", "adapter", "Ethernet")

SPEC = Spec(
    id="lavc",
    title="Local Area VAXcluster capacity",
    question="How many users can one boot member carry before it saturates?",
    knobs=(
        Knob("users", "Users", "users", 86, "active users in the cluster", min=1, max=400, step=1,
             integer=True),
        Knob("locks_per_user_s", "Locks per user", "locks/s", 0.54, "lock operations per user "
             "per second (0.54 measured)", min=0.0, max=5.0, step=0.01),
        Knob("ios_per_user_s", "I/Os per user", "I/Os/s", 0.63, "disk I/Os per user per second "
             "(0.63 measured)", min=0.0, max=5.0, step=0.01),
        Knob("blocks_per_io", "Blocks per I/O", "blocks", 4, "512-byte blocks per disk I/O "
             "(4 measured; typical 4 to 8)", min=1, max=64, step=1, integer=True),
        Knob("disk", "Disk", "", "served", "users' disks served by the boot member over the "
             "Ethernet, or each node's own local disk", choices=("served", "local")),
        Knob("adapter", "Adapter", "", "DEQNA", "the boot member's Ethernet interface",
             choices=("DEUNA", "DEQNA", "DELUA")),
        Knob("lock_cpu_ms", "Lock cost", "ms/lock", 4.8, "lock master CPU per lock operation; "
             "the memo's table spans 4.6 to 6.0 ms on a MicroVAX II", min=4.6, max=6.0, step=0.1),
    ),
    metrics=(
        Metric("boot_cpu_percent", "Boot member CPU", "%"),
        Metric("adapter_percent", "Adapter load", "%"),
        Metric("ethernet_mbps", "Ethernet data", "Mbit/s"),
        Metric("io_elapsed_ms", "I/O time", "ms"),
        Metric("max_users", "Users at saturation", "users"),
        Metric("io_cpu_ms", "CPU per I/O (this node)", "ms"),
        Metric("server_cpu_ms", "Server CPU per I/O", "ms"),
    ),
    x_default="users",
    y_default="boot_cpu_percent",
    stages=("locks", "server", "adapter", "ethernet"),
    unknowns=("lock_cpu_ms",),
    overlay={
        "dataset": "lavc-io-elapsed",
        "knobs": {"blocks_per_io": "blocks"},
        "metrics": {"io_elapsed_ms": {"field": "served_ms", "scale": 1}},
    },
)

FITTED = ("local_cpu_ms", "local_cpu_block_ms", "client_cpu_ms", "client_cpu_block_ms",
          "server_cpu_ms", "server_cpu_block_ms", "local_io_ms", "local_io_block_ms",
          "protocol_ms")
START = {"local_cpu_ms": 2.5, "local_cpu_block_ms": 0.05, "client_cpu_ms": 7.0,
         "client_cpu_block_ms": 0.6, "server_cpu_ms": 7.0, "server_cpu_block_ms": 0.7,
         "local_io_ms": 50.0, "local_io_block_ms": 1.3, "protocol_ms": 8.0}
FIXED_DEFAULTS: dict = {}


def _params() -> dict:
    return fitted("lavc")


def load_params() -> dict:
    return dict(_params())


def evaluate(k: dict, p: dict | None = None, detail: bool = True) -> dict:
    p = p or _params()
    b = k["blocks_per_io"]
    served = k["disk"] == "served"
    server_cpu = p["server_cpu_ms"] + p["server_cpu_block_ms"] * b
    # Per user, per second, at the boot member: ms of CPU, blocks through the adapter, bits.
    lock_ms = k["locks_per_user_s"] * k["lock_cpu_ms"]
    io_ms = k["ios_per_user_s"] * server_cpu if served else 0.0
    blocks = k["ios_per_user_s"] * b if served else 0.0
    bits = blocks * BLOCK_BITS
    users = k["users"]
    u_cpu = users * (lock_ms + io_ms) / 1000.0
    u_adapter = users * blocks / ADAPTER_BLOCKS_S[k["adapter"]]
    u_net = users * bits / (ETHERNET_USABLE_MBPS * 1e6)
    per_user = [(lock_ms + io_ms) / 1000.0, blocks / ADAPTER_BLOCKS_S[k["adapter"]],
                bits / (ETHERNET_USABLE_MBPS * 1e6)]
    # None where a quantity has no finite value: no load at all, or a saturated server.
    max_users = min((1.0 / u for u in per_user if u > 0), default=None)
    if max_users is not None and not math.isfinite(max_users):
        max_users = None  # a vanishing load never saturates anything
    local_io = p["local_io_ms"] + p["local_io_block_ms"] * b
    if served:
        wire = b * BLOCK_BITS / (ADAPTER_MBPS[k["adapter"]] * 1e6) * 1e3
        wire_ms = local_io + p["protocol_ms"] + wire
        elapsed = wire_ms + server_cpu * u_cpu / (1.0 - u_cpu) if u_cpu < 1.0 else None
        cpu_here = p["client_cpu_ms"] + p["client_cpu_block_ms"] * b
    else:
        elapsed = local_io
        cpu_here = p["local_cpu_ms"] + p["local_cpu_block_ms"] * b
    utils = [u_cpu, u_adapter, u_net]
    worst = max(range(3), key=utils.__getitem__)
    out = {"metrics": {"boot_cpu_percent": 100.0 * u_cpu, "adapter_percent": 100.0 * u_adapter,
                       "ethernet_mbps": users * bits / 1e6, "io_elapsed_ms": elapsed,
                       "max_users": max_users,
                       "io_cpu_ms": cpu_here, "server_cpu_ms": server_cpu},
           "bottleneck": RESOURCES[worst] if utils[worst] > 0 else None}
    if detail:
        out["stages"] = [
            {"name": "locks", "label": "Lock mastering", "demand": lock_ms, "unit": "ms CPU per user-second",
             "resource": "boot CPU", "utilization": users * lock_ms / 1000.0, "bottleneck": worst == 0},
            {"name": "server", "label": "Serving disk I/O", "demand": io_ms, "unit": "ms CPU per user-second",
             "resource": "boot CPU", "utilization": users * io_ms / 1000.0, "bottleneck": worst == 0},
            {"name": "adapter", "label": f"{k['adapter']} adapter", "demand": blocks,
             "unit": "blocks per user-second", "resource": "adapter", "utilization": u_adapter,
             "bottleneck": worst == 1},
            {"name": "ethernet", "label": "Ethernet", "demand": bits / 1e6, "unit": "Mbit per user-second",
             "resource": "Ethernet", "utilization": u_net, "bottleneck": worst == 2},
        ]
    return out


# ---- calibration data -------------------------------------------------------------------

def observations() -> list[dict]:
    """The two I/O tables (single I/O streams, so one user issuing few I/Os) and the boot
    member's load at 86 users."""
    quiet = {"users": 1, "ios_per_user_s": 0.01, "locks_per_user_s": 0.0, "adapter": "DEQNA"}
    out = []
    for r in load_dataset("lavc-io-cpu")["rows"]:
        b = r["blocks"]
        for field, disk, metric in (("local_rd53_ms", "local", "io_cpu_ms"),
                                    ("cluster_client_ms", "served", "io_cpu_ms"),
                                    ("cluster_server_ms", "served", "server_cpu_ms")):
            out.append({"config": {**quiet, "disk": disk, "blocks_per_io": b},
                        "config_id": f"{field} {b}", "metric": metric, "value": r[field],
                        "secondary": False, "figure": f"{r['locator']}, {field}"})
    for r in load_dataset("lavc-io-elapsed")["rows"]:
        b = r["blocks"]
        for field, disk in (("local_ms", "local"), ("served_ms", "served")):
            out.append({"config": {**quiet, "disk": disk, "blocks_per_io": b},
                        "config_id": f"{field} {b}", "metric": "io_elapsed_ms", "value": r[field],
                        "secondary": False, "figure": f"{r['locator']}, {field}"})
    figs = {r["name"]: r for r in load_dataset("lavc-figures")["rows"]}
    out.append({"config": {"users": int(figs["boot_users"]["value"]),
                           "locks_per_user_s": figs["locks_per_user"]["value"],
                           "ios_per_user_s": figs["ios_per_user"]["value"],
                           "blocks_per_io": int(figs["blocks_per_io"]["value"]), "disk": "served"},
                "config_id": "boot member", "metric": "boot_cpu_percent",
                "value": figs["boot_cpu"]["value"], "secondary": False,
                "figure": figs["boot_cpu"]["locator"]})
    return out


def predict(config: dict, p: dict) -> dict:
    return evaluate(SPEC.validate(config), p, detail=False)["metrics"]
