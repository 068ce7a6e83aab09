"""TOPS-20 DECnet throughput as a closed queueing network whose population is the link quota.

Mechanism. A DECnet logical link may have at most `link_quota / 2` transmit buffers in flight
(the memo's quota of 16 means 8 to send, 8 to receive). Each buffer cycles through:

  program   the sending test program's CPU work for one message (SENDER does almost nothing,
            DTS/DTR manipulate the data, NFT/FAL read and write files and checksum);
  monitor   the sending TOPS-20 monitor's protocol work: a fixed cost per message plus a copy
            cost per byte; the CI path copies each outgoing message once more than the NI;
  circuit   the wire: (payload + header + framing) * 8 / line rate, plus the port's or front
            end's per-message handling time;
  receiver  the receiving host: monitor cost and the receiving program's work;
  return    the delay until the receiver's acknowledgement frees the buffer (process wake-up
            and acknowledgement turnaround), a pure latency that does not queue.

program and monitor share the sending CPU, so they form one queueing station; circuit and
receiver are queueing stations; return is a delay station. Exact MVA (`mva.py`) gives the
message rate X for N = link_quota / 2 buffers. Then

    throughput_bps   = X * (buffer_size - header) * 8
    messages_per_s   = X
    cpu_percent      = 100 * X * (program + monitor demand)      (the sending host's CPU)

Small quotas leave every station idle part of the time: throughput then grows almost linearly
with the quota (the window is the bottleneck). Larger quotas drive the busiest station towards
saturation, and throughput flattens at 1 / max demand.

Parameters live in `params/decnet.json`, fitted by `calibrate()` against the memo's tables
(`data/decnet-throughput.json`); run `python -m perfmodels.calibrate decnet` to reproduce them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from .datasets import load as load_dataset
from .knobs import Knob, Metric, Spec
from .mva import mva

CIRCUITS = ("DTE", "CI", "NI")
TESTS = ("SENDER/SERVER", "DTS/DTR", "NFT/FAL")

# Fixed physical facts (not fitted).
HEADER_BYTES = 17  # derived: 576 - 559 and 1467 - 1450 (buffer size minus DTS message size, memo)
LINE_RATE_BPS = {
    "DTE": 56_000,        # memo: "56Kbaud connections" (DECnet IO performance, Summary)
    "CI": 70_000_000,     # not from the memo: the CI's nominal 70 Mbit/s per path
    "NI": 10_000_000,     # not from the memo: Ethernet's 10 Mbit/s
}
OUTPUT_COPIES = {"DTE": 1, "CI": 2, "NI": 1}  # memo: the CI makes one more output copy than the NI

SPEC = Spec(
    id="decnet",
    title="TOPS-20 DECnet link throughput",
    question="How much does a bigger link quota buy on the CI?",
    knobs=(
        Knob("circuit", "Circuit", "", "CI", "DECnet circuit between the two systems: DTE "
             "(56 kbaud line via the front end), CI (computer interconnect) or NI (Ethernet)",
             choices=CIRCUITS),
        Knob("link_quota", "Link quota", "buffers", 16, "buffers per logical link, half for "
             "sending and half for receiving (the memo used 16)", min=2, max=64, step=2,
             integer=True),
        Knob("buffer_size", "Buffer size", "bytes", 576, "bytes per DECnet buffer; each message "
             "carries the buffer size less a 17-byte header (576 on DTE and CI, 1467 on the NI "
             "in the memo)", min=64, max=1467, step=1, integer=True),
        Knob("test", "Test", "", "SENDER/SERVER", "test program pair: SENDER/SERVER only moves "
             "data, DTS/DTR is the DECnet test suite, NFT/FAL copies a file", choices=TESTS),
    ),
    metrics=(
        Metric("throughput_bps", "Throughput", "bit/s"),
        Metric("messages_per_s", "Messages", "msg/s"),
        Metric("cpu_percent", "Sender CPU", "%"),
    ),
    x_default="link_quota",
    y_default="throughput_bps",
    overlay={
        "dataset": "decnet-throughput",
        "knobs": {"circuit": "circuit", "test": "test", "link_quota": "link_quota",
                  "buffer_size": "buffer_size"},
        "metrics": {
            "throughput_bps": {"field": "bps", "scale": 1},
            "messages_per_s": {"field": "messages", "scale": 1 / 300,
                               "note": "derived: # of msg in the 300 s run divided by 300"},
            "cpu_percent": {"field": "cpu_percent", "scale": 1},
        },
    },
    stages=("program", "monitor", "circuit", "receiver"),
)

PARAM_NAMES = ("host_msg_ms", "host_byte_us", "dte_msg_ms", "return_router_ms", "return_endnode_ms",
               "dts_msg_ms", "dts_byte_us", "nft_msg_ms", "nft_byte_us")
# Which buffer-return latency applies: the memo ran the DTE and CI tests with the systems as
# DECnet routers and the NI test with them as Ethernet endnodes.
ROLE = {"DTE": "router", "CI": "router", "NI": "endnode"}


@lru_cache(maxsize=1)
def _params() -> dict:
    text = (resources.files(__package__) / "params" / "decnet.json").read_text(encoding="utf-8")
    return json.loads(text)["params"]


def load_params() -> dict:
    return dict(_params())


def demands(knobs: dict, p: dict) -> dict:
    """Per-message service demands in seconds for each stage, and the return delay."""
    payload = knobs["buffer_size"] - HEADER_BYTES
    circuit, test = knobs["circuit"], knobs["test"]
    if test == "DTS/DTR":
        app = p["dts_msg_ms"] * 1e-3 + p["dts_byte_us"] * 1e-6 * payload
    elif test == "NFT/FAL":
        app = p["nft_msg_ms"] * 1e-3 + p["nft_byte_us"] * 1e-6 * payload
    else:
        app = 0.0  # SENDER/SERVER: the baseline program; its small cost is inside host_msg_ms
    host = p["host_msg_ms"] * 1e-3 + p["host_byte_us"] * 1e-6 * knobs["buffer_size"]
    monitor = host + p["host_byte_us"] * 1e-6 * knobs["buffer_size"] * (OUTPUT_COPIES[circuit] - 1)
    handling = p["dte_msg_ms"] if circuit == "DTE" else 0.0  # the front end's per-message work
    wire = knobs["buffer_size"] * 8 / LINE_RATE_BPS[circuit] + handling * 1e-3
    return {"program": app, "monitor": monitor, "circuit": wire, "receiver": host + app,
            "return": p[f"return_{ROLE[circuit]}_ms"] * 1e-3}


def _solve(knobs: dict, p: dict, populations: list[int], detail: bool = True) -> list[dict]:
    d = demands(knobs, p)
    stations = [d["program"] + d["monitor"], d["circuit"], d["receiver"]]
    names = ("sender CPU", "circuit", "receiver")
    res = mva(stations, max(populations), think_time=d["return"])
    payload = knobs["buffer_size"] - HEADER_BYTES
    xmax = 1.0 / max(stations)
    out = []
    for n in populations:
        x = res["throughput"][n - 1]
        util = res["utilizations"][n - 1]
        busiest = max(range(3), key=util.__getitem__)
        # The window limits throughput while the busiest station still has idle time to spare.
        bottleneck = names[busiest] if x >= 0.8 * xmax else "link quota"
        point = {"metrics": {"throughput_bps": x * payload * 8, "messages_per_s": x,
                             "cpu_percent": 100.0 * util[0]},
                 "bottleneck": bottleneck}
        if detail:
            station_of = {"program": 0, "monitor": 0, "circuit": 1, "receiver": 2}
            point["stages"] = [{"name": s, "demand_ms": d[s] * 1e3, "utilization": x * d[s],
                                "station_utilization": util[station_of[s]],
                                "bottleneck": bottleneck == names[station_of[s]]}
                               for s in SPEC.stages]
        out.append(point)
    return out


def evaluate(knobs: dict, p: dict | None = None, detail: bool = True) -> dict:
    """Metrics and bottleneck for one validated knob set, and with `detail` the stage loads."""
    return _solve(knobs, p or _params(), [knobs["link_quota"] // 2], detail)[0]


def sweep_link_quota(knobs: dict, quotas: list[int], p: dict | None = None) -> list[dict]:
    """All link quotas from one MVA pass (MVA yields every smaller population on the way)."""
    return _solve(knobs, p or _params(), [q // 2 for q in quotas], detail=False)


# ---- calibration against the memo's tables ------------------------------------------------

def observations() -> list[dict]:
    """Mean of Test 1 and Test 2 for each circuit and test: Bps, and % cpu where printed."""
    groups: dict[tuple, list] = {}
    for r in load_dataset("decnet-throughput")["rows"]:
        for field, column in (("bps", "Bps"), ("cpu_percent", "% cpu")):
            if r[field] is not None:
                key = (r["circuit"], r["test"], column, r["link_quota"], r["buffer_size"])
                groups.setdefault(key, []).append(r[field])
    return [{"circuit": c, "test": t, "column": col, "link_quota": q, "buffer_size": b,
             "value": sum(v) / len(v)} for (c, t, col, q, b), v in sorted(groups.items())]


def predict(obs: dict, p: dict) -> float:
    knobs = {"circuit": obs["circuit"], "test": obs["test"], "link_quota": obs["link_quota"],
             "buffer_size": obs["buffer_size"]}
    m = evaluate(knobs, p)["metrics"]
    return m["throughput_bps"] if obs["column"] == "Bps" else m["cpu_percent"]


def calibrate() -> dict:
    """Fit PARAM_NAMES by least squares on relative errors (all positive, fitted in log space)."""
    import math
    from .fit import nelder_mead

    obs = observations()
    start = {"host_msg_ms": 4.0, "host_byte_us": 1.0, "dte_msg_ms": 5.0,
             "return_router_ms": 60.0, "return_endnode_ms": 60.0, "dts_msg_ms": 3.0, "dts_byte_us": 5.0, "nft_msg_ms": 5.0,
             "nft_byte_us": 10.0}

    def loss(v: list[float]) -> float:
        p = {k: math.exp(x) for k, x in zip(PARAM_NAMES, v)}
        return sum((predict(o, p) / o["value"] - 1.0) ** 2 for o in obs)

    best, value = [math.log(start[k]) for k in PARAM_NAMES], float("inf")
    for _ in range(6):  # restarts let the simplex escape early collapse
        best, value = nelder_mead(loss, best, step=0.5, iterations=3000)
    params = {k: round(math.exp(x), 6) for k, x in zip(PARAM_NAMES, best)}
    errors = [{**o, "model": predict(o, params),
               "error_percent": 100.0 * (predict(o, params) / o["value"] - 1.0)} for o in obs]
    return {"params": params, "loss": value, "errors": errors}
