"""TOPS-20 DECnet throughput as a closed queueing network whose population is the link quota.

Source: DECnet IO performance (DECNET-IO-PERFORMANCE.MEM, TOPS-20 6.1, 1985), dataset
`decnet-throughput`: SENDER/SERVER, DTS/DTR and NFT/FAL over the DTE, CI and NI, two runs each.

Mechanism. A logical link may have `link_quota / 2` transmit buffers in flight (the memo's quota
of 16 means 8 to send and 8 to receive). Each buffer carries one message of `buffer_size - 17`
bytes (576 - 559 and 1467 - 1450 in the memo) around a loop:

  program   the sending test program's work on the data: SENDER only fills buffers; DTS touches
            each byte once; NFT reads the file and hands it on, passing over the data a number
            of times the memo does not give (fitted: `nft_passes`);
  monitor   the sending monitor's protocol work, a fixed cost per message, plus copying the
            buffer (the CI path copies each outgoing message once more than the NI);
  circuit   the wire: (buffer + framing) * 8 / line rate;
  receiver  the receiving host: its monitor's per-message cost and copy, and the receiving
            program's passes over the data (DTR, FAL);
  return    the latency until the receiver's side frees the buffer again: a fixed part and a
            part that grows with the buffer's size. Measured at one quota, it could be a pure
            delay (buffers wait in parallel) or a queue (they wait in turn): see below.

The sending host's program and monitor share one CPU, so they form one queueing station; the
circuit and the receiving host are the others. Exact MVA (`mva.py`) gives the message rate X
for N = link_quota / 2 buffers:

    throughput_bps = X * (buffer_size - 17) * 8        messages_per_s = X
    cpu_percent    = 100 * X * (program + monitor)     (the sending host's CPU, as the memo's % cpu)

A small quota leaves every station idle part of the time, so throughput grows almost linearly
with the quota (the window is the bottleneck); a large one drives the busiest station towards
saturation and throughput flattens at 1 / max demand. The knee N* = (D + Z) / D_max (in
buffers, twice that), where the textbook's two asymptotes meet, is where the busiest station
takes over the pace from the window; it is not full there (messages still queue behind each
other at the other stations, about 83 % busy on the CI at the memo's costs). The explorer says
it saturates only where the model has it at least 95 % busy, further along the quota.

Where the memo did not measure. Every figure is at link quota 16 (8 buffers in flight), and one
population cannot tell whether the buffer return is a delay or a queue. The knob
`return_queue_share` (0 to 1, an unknown drawn as a band) makes that share of the return a
queueing station, with the return's time rescaled so that every configuration keeps its
throughput at quota 16: the band is zero-width where the memo measured and widens as the
quota moves away from it.

Service times. The model is exact MVA, for exponential times; the messages are of one size,
so the copies and the circuit take nearly constant times, and a closed loop of constant times
settles into a periodic schedule that runs exactly at the asymptotic bound min(N / (D + Z),
1 / D_max) (the simulation, message by message, gives it to the last digit: 5.9 % above the
curve at quota 16 on the CI). The memo, at one quota, cannot tell the two apart, so the
difference is drawn as a band, "service times (constant)": the same link with constant times,
its return's delay lengthened to carry the memo's throughput at quota 16 (zero width there, up
to 17 % above the curve near the knee).

Parameters. Fitted (params/decnet.json, by `python -m calibration decnet`): the per-message
monitor cost, the test programs' cost per byte per pass, NFT's passes over the data, and the
return latency's fixed and per-byte parts: five numbers for twelve distinct figures. Fixed from outside the fit: the
line rates (the DTE's 56 kbaud from the memo; the CI's 70 Mbit/s and the Ethernet's 10 Mbit/s
from the hardware), DDCMP framing on the DTE line (8-byte header and 2-byte CRC), the CI's extra
output copy (memo), and the copy cost per byte, which the memo does not determine: it is the
knob `copy_us_per_byte` (0.5 to 3 microseconds; 2 assumes a KL10 moving a byte with a load and
a deposit instruction), and charts draw the band of outcomes across its range.

Not captured: the receiving host's own CPU limit when it runs other work, DECnet flow control
and retransmission (the memo saw no errors), segment sizes other than the buffer, and any
quota other than 16, which the memo never measured (hence the band).
"""

from __future__ import annotations

from dataclasses import replace

from . import closed
from .datasets import load as load_dataset
from .knobs import load_spec
from .mechanism import EXPONENTIAL, single
from .mva import mva_throughputs
from .types import Evaluation, Knobs, Observation, Params, Stage, observation, stage

CIRCUITS = ("DTE", "CI", "NI")
TESTS = ("SENDER/SERVER", "DTS/DTR", "NFT/FAL")

HEADER_BYTES = 17  # memo-derived: 576 - 559 and 1467 - 1450
LINE_RATE_BPS = {"DTE": 56_000, "CI": 70_000_000, "NI": 10_000_000}
FRAMING_BYTES = {"DTE": 10, "CI": 0, "NI": 0}  # DDCMP header and CRC on the DTE's line
OUTPUT_COPIES = {"DTE": 1, "CI": 2, "NI": 1}
PASSES = {"SENDER/SERVER": 0.0, "DTS/DTR": 1.0}  # NFT/FAL's passes are fitted
MEASURED_QUOTA = 16  # memo: every run used link quota 16
RESOURCES = ("sending CPU", "circuit", "receiving CPU")

SPEC = load_spec("decnet")  # knobs and metrics: specs/decnet.toml

# What calibration fits, from where, within which bounds, and what each is called:
# the [[params]] of specs/decnet.toml.
FITTED, START, BOUNDS, PARAMETER_LABELS = SPEC.fitted, SPEC.start, SPEC.bounds, SPEC.parameter_labels
FIXED_DEFAULTS: Params = {}
SECONDARY_NOTE: str | None = None
KNOWN_MISSES: dict[str, str] = {}
# Memo figures this model misses by more than 15 %, each with the mechanism it lacks (its card
# shows them; the tests hold every other figure within 15 %).
MISSED_FIGURES: dict[str, str] = {}

STAGE_LABELS = {
    "program": "Sending program",
    "monitor": "Sending monitor",
    "circuit": "Circuit",
    "receiver": "Receiving side",
    "return": "Buffer return",
}
STAGE_RESOURCE = {
    "program": "sending CPU",
    "monitor": "sending CPU",
    "circuit": "circuit",
    "receiver": "receiving CPU",
    "return": None,
}


def demands(k: Knobs, p: Params) -> dict[str, float]:
    """Seconds per message at each stage (the return entry is the delay, not a queue)."""
    size, circuit = k["buffer_size"], k["circuit"]
    payload = size - HEADER_BYTES
    copy = k["copy_us_per_byte"] * 1e-6 * size
    passes = p["nft_passes"] if k["test"] == "NFT/FAL" else PASSES[k["test"]]
    program = passes * p["pass_us"] * 1e-6 * payload
    host = p["host_msg_ms"] * 1e-3 + copy
    return {
        "program": program,
        "monitor": host + copy * (OUTPUT_COPIES[circuit] - 1),
        "circuit": (size + FRAMING_BYTES[circuit]) * 8 / LINE_RATE_BPS[circuit],
        "receiver": host + program,
        "return": p["return_ms"] * 1e-3 + p["return_byte_us"] * 1e-6 * size,
    }


def _throughputs(stations: list[float], ret: float, share: float, population: int) -> list[float]:
    """X(1..population) with the return split into a delay and a queue (share of it queued)."""
    if share <= 0:
        return mva_throughputs(stations, population, ret)
    return mva_throughputs([*stations, share * ret], population, (1 - share) * ret)


def _return_scale(stations: list[float], ret: float, share: float) -> float:
    """The factor on the return's time that keeps X at the memo's quota when share of it queues.
    X falls smoothly as the return grows: a few secant steps on 1 / X, which is nearly linear
    in the factor, reach 1e-12 (bisection would take fifty MVA solutions)."""
    n = MEASURED_QUOTA // 2
    target = 1.0 / mva_throughputs(stations, n, ret)[-1]

    def f(c: float) -> float:
        return 1.0 / _throughputs(stations, c * ret, share, n)[-1] - target

    a, b = 0.5, 1.0
    fa, fb = f(a), f(b)
    for _ in range(30):
        if fb == fa:
            break
        c = max(1e-6, b - fb * (b - a) / (fb - fa))
        a, fa, b, fb = b, fb, c, f(c)
        if abs(fb) <= 1e-12 * target:
            break
    return b


def _per_message(k: Knobs, queues: list[float]) -> dict[str, float]:
    """Each metric is X times this much a message: the bounds on X bound them too (bounds.py)."""
    payload_bits = (k["buffer_size"] - HEADER_BYTES) * 8
    return {"throughput_bps": payload_bits, "messages_per_s": 1.0, "cpu_percent": 100.0 * queues[0]}


class _Link(closed.Engine[dict[str, float]]):
    """The link's queueing stations (sending CPU, circuit, receiving CPU, and the queued part of
    the buffer return) with the rest of the return as the delay; the population is the buffers
    in flight, half the link quota. The window (the link quota) limits throughput below the knee
    N* (pace.py): the messages a quota lets out cannot keep any station busy. The stage demands
    (the return rescaled when part of it queues) ride along for the points."""

    def network(self, k: Knobs, p: Params) -> closed.Loop[dict[str, float]]:
        d = demands(k, p)
        stations = [d["program"] + d["monitor"], d["circuit"], d["receiver"]]
        share = k["return_queue_share"]
        if share <= 0:
            queues, think = stations, d["return"]
        else:
            ret = d["return"] * _return_scale(stations, d["return"], share)
            d = {**d, "return": ret}
            queues, think = [*stations, share * ret], (1 - share) * ret
        names = (*RESOURCES, "buffer return")[: len(queues)]
        copies = (1,) * len(queues)
        loop = closed.Loop(names, tuple(queues), think, _per_message(k, queues), copies, d)
        # one message a cycle, its times exponential as exact MVA has them (the mechanism's fixed
        # -size messages make them nearly constant: the band "constant service")
        mechanism = single(queues, copies, EXPONENTIAL, "message")
        loop.mechanism = replace(mechanism, says="exponential service times, as the analysis assumes them")
        return loop

    def point(self, k: Knobs, loop: closed.Loop[dict[str, float]], s: closed.Solved) -> Evaluation:
        x = s.x
        return {
            "metrics": {
                "throughput_bps": x * ((k["buffer_size"] - HEADER_BYTES) * 8),
                "messages_per_s": x,
                "cpu_percent": 100.0 * (x * loop.demands[0]),
            },
            "bottleneck": s.bottleneck,
            "limits": {
                "throughput_bps": LINE_RATE_BPS[k["circuit"]]
                * (k["buffer_size"] - HEADER_BYTES)
                / (k["buffer_size"] + FRAMING_BYTES[k["circuit"]]),
                "cpu_percent": 100.0,
            },
        }

    # the same link with constant times, calibrated at the memo's quota: a band (constant.py)
    constant_at = {"link_quota": MEASURED_QUOTA}

    def stages(self, k: Knobs, loop: closed.Loop[dict[str, float]], s: closed.Solved) -> list[Stage]:
        d, x, n, share = loop.of, s.x, s.n, k["return_queue_share"]
        home = {st: STAGE_RESOURCE[st] or ("buffer return" if share > 0 else "link quota") for st in SPEC.stages}
        return [
            stage(
                st,
                STAGE_LABELS[st],
                d[st] * 1e3,
                "ms/message",
                resource=home[st],
                # a queue's utilization; for the return, its queued part's, or the share of
                # buffers waiting there when it is a pure delay
                utilization=min(1.0, x * d[st] / (n if st == "return" else 1))
                if st != "return" or share <= 0
                else min(1.0, x * share * d[st]),
                # only a resource's stages that take time are marked: below the knee the
                # window is the limit and no stage is
                bottleneck=home[st] == s.bottleneck != "link quota" and d[st] > 0,
            )
            for st in SPEC.stages
        ]


# Every link quota from one MVA pass, its bounds and knees: the closed-network engine along the
# quota (two buffers a message: quota = 2 N).
ALONG = _Link(SPEC.id, "link_quota", window="link quota", per_customer=2)
solve = ALONG.solve


# ---- calibration data -------------------------------------------------------------------


def observations() -> list[Observation]:
    """Every printed Bps (primary) and % cpu (secondary) figure with its configuration."""
    out: list[Observation] = []
    for r in load_dataset("decnet-throughput")["rows"]:
        config = {
            "circuit": r["circuit"],
            "test": r["test"],
            "link_quota": r["link_quota"],
            "buffer_size": r["buffer_size"],
        }
        for field, metric, secondary in (("bps", "throughput_bps", False), ("cpu_percent", "cpu_percent", True)):
            if r[field] is not None:
                out.append(
                    observation(
                        config,
                        f"{r['circuit']} {r['test']}",
                        metric,
                        float(r[field]),
                        dataset="decnet-throughput",
                        figure=f"{r['locator']}, {field}",
                        secondary=secondary,
                    )
                )
    return out
