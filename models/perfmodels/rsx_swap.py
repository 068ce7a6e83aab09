"""RSX-11M swapping interval: how much of a taskbuild storm is spent moving tasks to and fro.

Source: "RSX11M System Tuning, Performance Optimization and Measurement" (DECUS RSX SIG
workshop notes), round robin scheduler and swapping interval; dataset `rsx-tuning-figures`.

Mechanism. T tasks of task_size_kw K words compete for core_kw K words of memory, so
m = floor(core / size) fit at once (3 of the memo's 6 taskbuilds of 23K). A task larger than
the memory for tasks cannot be loaded at all: the model says so (no elapsed time) rather than
pretend it runs. While more tasks are waiting than fit, the executive swaps one resident task
out and a waiting one in every swapping interval, so all make progress. Each swap writes and
reads task_size_kw words on the swap disk:

    one move W = average seek + half a revolution + 2 * 1024 * size / bytes per revolution

If the shuffler (SHF) lives in SYSPAR it must first be read in from disk before it can make
room, one more load of its image (shf_kw K words, about 2K: not given by the memo, a band) per
swap; fixed in its own partition (SHFPAR) it is already there.

The round robin interval decides when the executive looks at the queues: a swap can only
happen at a round robin tick, so the effective swapping interval is the set one rounded up to
a whole number of round robin intervals; and each tick that passes the CPU to another task
costs a context switch (SWITCH_MS of an 11/45's time, an assumption), a share
SWITCH_MS / round robin of the time whenever more than one task competes.

Taskbuilds keep the disk busy themselves, so the swap time is added to the work rather than
hidden behind it. Against the baseline of running the tasks one after another:

    elapsed_ratio = (1 + (2 W + SHF load) / effective interval) * (1 + switching share)
    elapsed_s     = T * (one taskbuild alone) * elapsed_ratio
    shf_gain_percent = elapsed with SHF in SYSPAR / elapsed with SHF fixed in SHFPAR - 1

so a longer interval approaches the baseline asymptotically, as the memo's graph did, and a
slower disk needs a longer interval for the same overhead.

The disks are the hardware catalog's (hardware/disks.toml, each figure with its source, shown on
the card): RK05 1500 rpm, 12 sectors of 512 bytes per track, 50 ms average seek; RK07 22
sectors per track, and 2400 rpm and 36.5 ms average seek, which no source found prints (the
catalog says so: they are the model's assumptions). No parameter is fitted: the memo prints no
point of its graph, only the experiment's settings and the shuffler's 5 % gain, measured
somewhere in the 0.2 to 1 s it tried on an RK07; the model gives 4 to 11 % over that range (see
the card).

Not captured: the taskbuilds' own disk traffic competing with swaps, checkpoint file
placement, and the shuffler's repeated attempts to make room on a thrashing system.
"""

from __future__ import annotations

import math
from typing import Any

from . import hardware
from .datasets import load as load_dataset
from .knobs import load_spec
from .system import POINT_BY_POINT
from .types import Evaluation, Knobs, Observation, Params, observation, stage

# what the model reads of a disk (its card shows these)
HARDWARE_FIGURES = {"disk": ("sectors_per_track", "rpm", "avg_seek_ms")}


def _disk(name: str) -> tuple[float, float, float]:
    """A swap disk from the catalog: its revolution (ms), bytes per track, average seek (ms)."""
    d = hardware.part("disks", name)
    sectors, rpm, seek = (d.number(f) for f in HARDWARE_FIGURES["disk"])
    if not (sectors and rpm and seek is not None):
        raise ValueError(f"{name}: the hardware catalog lacks a figure the model reads")
    return 60_000 / rpm, sectors * 512, seek


DISKS = {name: _disk(name) for name in ("RK05", "RK07")}  # rev ms, bytes per track, average seek ms
SWITCH_MS = 0.5  # assumption: a context switch between resident tasks on a PDP-11/45

SPEC = load_spec("rsx-swap")  # knobs and metrics: specs/rsx-swap.toml

# What calibration fits, from where, within which bounds, and what each is called:
# the [[params]] of specs/rsx-swap.toml.
FITTED, START, BOUNDS, PARAMETER_LABELS = SPEC.fitted, SPEC.start, SPEC.bounds, SPEC.parameter_labels
FIXED_DEFAULTS: Params = {}
SECONDARY_NOTE: str | None = None
KNOWN_MISSES = {
    "in_sample_median": "the only figure, the shuffler's 'about 5%', is not tied to an interval: "
    "over the 0.2 to 1 s the memo tried on its RK07 the model gives about 11 "
    "to 4 %, passing 5 % near 0.8 s; compared at the recommended 0.4 s it is "
    "about 8 %",
    "in_sample_max": "the same single figure",
    "loco_median": "the model has nothing fitted, so leaving the figure out changes nothing",
    "loco_max": "the same single figure",
}
# Memo figures this model misses by more than 15 %, each with the mechanism it lacks (its card
# shows them; the tests hold every other figure within 15 %).
MISSED_FIGURES = {
    "Shuffler and RMDEMO, SHF in its own partition": "the memo gives the shuffler's gain without "
    "the swapping interval it was measured at; the missing piece is that setting, not a "
    "mechanism: the model passes 5 % near 0.8 s, inside the 0.2 to 1 s the memo tried",
}


def _load_ms(disk: str, kw: float) -> float:
    rev, track, seek = DISKS[disk]
    return seek + rev / 2 + 2048 * kw / track * rev


def _ratio(k: Knobs, shuffler: str) -> tuple[float, dict[str, Any]]:
    resident = int(k["core_kw"] // k["task_size_kw"])
    swapping = k["tasks"] > resident
    move = _load_ms(k["disk"], k["task_size_kw"]) if swapping else 0.0
    shf = _load_ms(k["disk"], k["shf_kw"]) if swapping and shuffler == "SYSPAR" else 0.0
    rr = k["round_robin_s"]
    interval = math.ceil(k["swap_interval_s"] / rr - 1e-9) * rr * 1000.0  # on round robin ticks
    switching = SWITCH_MS / (rr * 1000.0) if k["tasks"] > 1 else 0.0  # tasks take turns
    ratio = (1.0 + (2 * move + shf) / interval) * (1.0 + switching)
    return ratio, {
        "resident": resident,
        "swapping": swapping,
        "move": move,
        "shf": shf,
        "interval": interval,
        "switching": switching,
    }


def solve(k: Knobs, p: Params | None = None, detail: bool = True) -> Evaluation:
    ratio, s = _ratio(k, k["shuffler"])
    out: Evaluation
    if s["resident"] < 1:  # a task larger than the memory for tasks never runs
        out = {
            "metrics": {
                "shf_gain_percent": None,
                "elapsed_ratio": None,
                "elapsed_s": None,
                "swap_overhead_percent": None,
                "swap_ms": None,
                "resident_tasks": 0.0,
            },
            "bottleneck": "memory",
        }
        if detail:
            out["stages"] = [
                stage(n, n, 0.0, "ms per swapping interval", resource="swap disk", utilization=0.0) for n in SPEC.stages
            ]
        return out
    sys_ratio = ratio if k["shuffler"] == "SYSPAR" else _ratio(k, "SYSPAR")[0]
    own_ratio = ratio if k["shuffler"] == "SHFPAR" else _ratio(k, "SHFPAR")[0]
    swap_part = (2 * s["move"] + s["shf"]) / s["interval"]
    out = {
        "metrics": {
            "shf_gain_percent": 100.0 * (sys_ratio / own_ratio - 1),
            "elapsed_ratio": ratio,
            "elapsed_s": k["tasks"] * k["taskbuild_s"] * ratio,
            "swap_overhead_percent": 100.0 * swap_part / (1 + swap_part),
            "swap_ms": 2 * s["move"],
            "resident_tasks": float(min(s["resident"], k["tasks"])),
        },
        "bottleneck": "swap disk" if s["swapping"] else None,
        "limits": {"swap_overhead_percent": 100.0},
    }
    if detail:
        period = s["interval"] + 2 * s["move"] + s["shf"]
        out["stages"] = [
            stage(
                "swap out",
                f"Swap a {k['task_size_kw']}K task out",
                s["move"],
                "ms per swapping interval",
                resource="swap disk",
                utilization=s["move"] / period,
                bottleneck=s["swapping"],
            ),
            stage(
                "swap in",
                "Swap a waiting task in",
                s["move"],
                "ms per swapping interval",
                resource="swap disk",
                utilization=s["move"] / period,
                bottleneck=s["swapping"],
            ),
            stage(
                "shuffler load",
                "Load SHF (when in SYSPAR)",
                s["shf"],
                "ms per swapping interval",
                resource="swap disk",
                utilization=s["shf"] / period,
            ),
            stage(
                "task switching",
                "Round robin task switches",
                SWITCH_MS * s["interval"] / (k["round_robin_s"] * 1000.0) if s["switching"] else 0.0,
                "ms per swapping interval",
                resource="CPU",
                utilization=s["switching"] / (1 + s["switching"]),
            ),
        ]
    return out


def observations() -> list[Observation]:
    """The shuffler's gain, as the ratio of elapsed times with SHF in SYSPAR and in SHFPAR at the
    memo's recommended interval on its RK07 (the memo does not say where it measured)."""
    rows = {r["name"]: r for r in load_dataset("rsx-tuning-figures")["rows"]}
    tried = rows["swap_interval_range"]
    out: list[Observation] = [
        # measured somewhere in the intervals the memo tried: charts draw it across them
        observation(
            {"swap_interval_s": rows["swap_interval_minimum"]["value"], "disk": "RK07"},
            "SHF in its own partition",
            "shf_gain_percent",
            rows["shf_partition_gain"]["value"],
            dataset="rsx-tuning-figures",
            figure=rows["shf_partition_gain"]["locator"],
            x_range={"swap_interval_s": [tried["low"], tried["high"]]},
        )
    ]
    return out


ALONG = POINT_BY_POINT  # each point is cheap: nothing faster to do along a knob
