"""The atlas: each system's main curve made dimensionless, so that all seven share one chart.

A queueing textbook compares systems by one picture: throughput over its upper bound against
the load over the knee, where the light-load bound and the capacity meet (N* = (D + Z) / D_max
for a closed network, bounds.py). Scaled so, the two asymptotes are y = x and y = 1 for every
system, and a curve's distance below them says how much its queues cost; the roofline model
compares machines the same way. Each system here is read from its own model's answers (a
sweep along one knob: its bounds, its knee, its stages), never from numbers of its own:

  closed network (DECnet, LAVC)  y = X / (1 / D_max), read from the asymptotic upper bound;
                                 x = population / N*
  open path (FFS, AFS)           y = rate / the bound that holds (the least of the terms that do
                                 not grow with the knob); x = the knob's quantity over where the
                                 term that grows in proportion to it reaches that bound
  swapping (RSX swap)            y = taskbuilds' share of the time = 1 / elapsed ratio (one after
                                 another is 1); x = swapping interval / the swaps' time in it
  QIO packets (RSX QIO)          y = best request time / request time; x = MAXPKT / where the free
                                 list first serves every request
  lookups (OFN)                  y = best search / search, counted in lookups; x = open OFNs / where
                                 the entries passed cost as much as the found entry's own probe

The last is a cost that grows with the load: its rate falls, under y = 1 and towards y = 1 / x,
the mirror of the others. `curve` checks that no point lies above its bound (y <= 1): a bound
that is wrong (too low) is an error, not a curve drawn above the line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .registry import evaluate, system
from .sweep import default_values, sweep
from .types import BoundLine, SweepResult
from .types.atlas import AtlasBound, AtlasCurve

# A point may exceed its bound by a rounding error, never by more.
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Read:
    """What a system's reading gives: the knee in the knob's unit, y at each point, and the bound."""

    knee: float
    y: list[float | None]
    capacity: float
    capacity_unit: str
    capacity_is: str
    before: str
    after: str
    shape: str = "saturates"
    bounds: tuple[AtlasBound, ...] = ()


@dataclass(frozen=True)
class Reading:
    name: str
    x: str
    metric: str
    read: Callable[[SweepResult], Read]


def _metric(s: SweepResult, name: str) -> list[float | None]:
    return s["metrics"][name]


def _line(s: SweepResult, metric: str, name: str) -> list[float | None]:
    found = [b for b in s["bounds"] if b["metric"] == metric and b["name"] == name and b["side"] == "upper"]
    if not found:
        raise ValueError(f"{s['system']} gives no upper bound '{name}' on {metric} here")
    return found[0]["values"]


def _over(vs: Sequence[float | None], by: float) -> list[float | None]:
    return [None if v is None else v / by for v in vs]


def _quantity(s: SweepResult) -> list[float]:
    """The knob's values as the quantity they stand for (a chunksize in log2 bytes is 2**v bytes)."""
    log2 = system(s["system"]).SPEC.knob(s["x_knob"]).unit == "log2 bytes"
    return [2.0 ** float(v) if log2 else float(v) for v in s["x"]]


def _crossing(xs: Sequence[float], ys: Sequence[float | None], level: float) -> float:
    """The first x at which ys reaches `level`, linear between the grid's points."""
    for i, y in enumerate(ys):
        if y is None or y < level:
            continue
        prev = ys[i - 1] if i else None
        if prev is None:
            return xs[i]
        return xs[i - 1] + (level - prev) / (y - prev) * (xs[i] - xs[i - 1])
    raise ValueError(f"the curve never reaches {level:g} along this knob: its knee lies beyond the knob's range")


def closed(metric: str) -> Callable[[SweepResult], Read]:
    """A closed network: the asymptotic upper bound min(N / (D + Z), 1 / D_max) on the metric, its
    flat part the bound y is scaled by (the capacity, y = 1), and the textbook knee N* where its
    two parts meet (x = 1): the population from which that station sets the pace."""

    def read(s: SweepResult) -> Read:
        knee = s["bounds_knee"]
        if knee is None:
            raise ValueError(f"{s['system']} has no knee here: nothing takes time")
        if float(s["x"][-1]) < knee["x"]:
            raise ValueError(f"the knee ({knee['x']:g}) lies beyond the knob's range")
        line = _line(s, metric, "asymptotic upper")
        cap = max(v for v in line if v is not None)
        before = next((b for b in s["bottleneck"] if b is not None), "the population")
        return Read(
            knee["x"],
            _over(_metric(s, metric), cap),
            cap,
            _described(s, metric)[0],
            f"the {knee['station']}'s limit",
            before,
            knee["station"],
            bounds=({"name": "asymptotic upper", "y": _over(line, cap)},),
        )

    return read


def _described(s: SweepResult, metric: str) -> tuple[str, str]:
    """A metric's unit and label, as the system describes them."""
    m = next(m for m in system(s["system"]).SPEC.metrics if m.name == metric)
    return m.unit, m.label


def open_path(metric: str, light: str) -> Callable[[SweepResult], Read]:
    """An open path along a knob that one term's bound (`light`) grows in proportion to, while the
    other terms' bounds hold: their least is the capacity, and the knee is where the two meet."""

    def read(s: SweepResult) -> Read:
        rising = _line(s, metric, light)
        others = [b for b in s["bounds"] if b["metric"] == metric and b["side"] == "upper" and b["name"] != light]
        caps = [_least(others, i) for i in range(len(s["x"]))]
        cap = min(caps)
        if max(caps) > cap * (1 + 1e-6):
            raise ValueError(f"{s['system']}'s capacity changes along {s['x_knob']} here: no one bound to scale by")
        q = _quantity(s)
        slopes = [v / qi for v, qi in zip(rising, q, strict=True) if v is not None and qi > 0]
        if not slopes or max(slopes) > min(slopes) * (1 + 1e-6):
            raise ValueError(f"{s['system']}'s {light} bound does not grow in proportion to {s['x_knob']}")
        knee_q = cap / slopes[0]
        log2 = q[0] != float(s["x"][0])
        holds = min(others, key=lambda b: min(v for v in b["values"] if v is not None))["name"]
        bounds: tuple[AtlasBound, ...] = (
            {"name": light, "y": _over(rising, cap)},
            {"name": holds, "y": _over(caps, cap)},
        )
        knee = math.log2(knee_q) if log2 else knee_q
        unit = _described(s, metric)[0]
        return Read(knee, _over(_metric(s, metric), cap), cap, unit, f"the {holds} alone", light, holds, bounds=bounds)

    return read


def _least(lines: list[BoundLine], i: int) -> float:
    vs = [b["values"][i] for b in lines if b["values"][i] is not None]
    if not vs:
        raise ValueError("no bound holds the curve here")
    return min(v for v in vs if v is not None)


def _swap(s: SweepResult) -> Read:
    # the swap disk's time in each interval (out, in, the shuffler's load), from the model's stages
    e = evaluate(s["system"], s["knobs"])
    busy = sum(st["demand"] for st in e.get("stages", []) if st["resource"] == "swap disk")
    if busy <= 0:
        raise ValueError("the tasks fit in memory here: nothing is swapped")
    ratio = _metric(s, "elapsed_ratio")
    one = e["metrics"]["elapsed_s"]
    r0 = e["metrics"]["elapsed_ratio"]
    assert one is not None and r0 is not None
    per_hour = 3600.0 * float(s["knobs"]["tasks"]) * r0 / one  # one after another: no swapping
    y = [None if r is None else 1.0 / r for r in ratio]
    alone = "the taskbuilds one after another"
    return Read(busy / 1e3, y, per_hour, "taskbuilds/hour", alone, "swapping", "the taskbuilds' own work")


def _qio(s: SweepResult) -> Read:
    e = evaluate(s["system"], s["knobs"])
    best = sum(st["demand"] for st in e.get("stages", []) if st["name"] != "packet")  # no pool allocation
    knee = _crossing([float(v) for v in s["x"]], _metric(s, "hit_percent"), 100.0)
    y = [None if r is None else best / r for r in _metric(s, "request_ms")]
    listed = "every packet from the free list"
    return Read(knee, y, 1e3 / best, "requests/s", listed, "pool allocations", "the free list")


def _ofn(s: SweepResult) -> Read:
    hit, passed = _metric(s, "lookups_hit"), _metric(s, "lookups_passed")
    probe = next(h - p for h, p in zip(hit, passed, strict=True) if h is not None and p is not None)
    knee = _crossing([float(v) for v in s["x"]], passed, probe)
    y = [None if h is None else probe / h for h in hit]
    return Read(knee, y, probe, "lookup/search", "the found entry's own probe", "the probe", "the chain", "falls")


READINGS: dict[str, Reading] = {
    "decnet": Reading("DECnet", "link_quota", "throughput_bps", closed("throughput_bps")),
    "ofn": Reading("OFN", "open_ofns", "lookups_hit", _ofn),
    "rsx-swap": Reading("RSX swap", "swap_interval_s", "elapsed_ratio", _swap),
    "rsx-qio": Reading("RSX QIO", "maxpkt", "request_ms", _qio),
    "ffs": Reading("FFS", "cpu_speed", "throughput_kBps", open_path("throughput_kBps", "CPU")),
    "lavc": Reading("LAVC", "users", "boot_cpu_percent", closed("boot_cpu_percent")),
    "afs": Reading("AFS", "chunksize", "read_kBps", open_path("read_kBps", "round trip")),
}


def curve(name: str, knobs: Mapping[str, object] | None = None) -> AtlasCurve:
    """System `name`'s main curve at `knobs` (the others at their defaults), dimensionless: the
    knob over its knee value along x, throughput over its bound up y. ValueError where the model
    has no knee or no one bound there, or where a point lies above its bound."""
    r = READINGS.get(name)
    if r is None:
        system(name)  # the registry's error for an unknown system
        raise ValueError(f"the atlas has no reading of {name}")
    spec = system(name).SPEC
    x_knob = spec.knob(r.x)
    if not x_knob.active(spec.validate(dict(knobs or {}))):  # (FFS's speed, with a processor named)
        raise ValueError(f"{x_knob.label} is not in effect here: {x_knob.inactive_reason}")
    values = default_values(spec, r.x)
    s = sweep(name, knobs, r.x, values, band=False)
    got = r.read(s)
    q = _quantity(s)
    knee_q = 2.0**got.knee if q[0] != float(s["x"][0]) else got.knee
    # a knob's zero (no free list at all) has no place on a logarithmic x: the atlas starts after it
    keep = [i for i, v in enumerate(q) if v > 0]
    for i in keep:
        y = got.y[i]
        if y is not None and not -TOLERANCE <= y <= 1 + TOLERANCE:
            raise ValueError(f"{name}'s curve is at {y:.6g} of its bound at {r.x} {s['x'][i]}: the bound is wrong")
    return {
        "system": name,
        "name": r.name,
        "knobs": s["knobs"],
        "x_knob": r.x,
        "metric": r.metric,
        "knob": [s["x"][i] for i in keep],
        "x": [q[i] / knee_q for i in keep],
        "y": [got.y[i] for i in keep],
        "knee": got.knee,
        "before": got.before,
        "after": got.after,
        "capacity": got.capacity,
        "capacity_unit": got.capacity_unit,
        "capacity_is": got.capacity_is,
        "shape": got.shape,
        "bounds": [{"name": b["name"], "y": [b["y"][i] for i in keep]} for b in got.bounds],
    }
