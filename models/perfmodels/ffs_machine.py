"""The hardware an FFS setting names, as the figures ffs.py's equations use: the processor's
speed (its instructions', and its memory's, which paces the copy), the disk's geometry and
rotation, and the controller's bus rate, buffer and set-up.

A named part takes its figures from the hardware catalog (perfmodels/hardware: each figure with
its source); "speed below" and "numbers below" take the numeric knobs instead (by default the
memo's VAX-11/750 and Ampex Capricorn). The memo's two controllers are calibrated on its rows;
a controller whose set-up no source prints takes the memo's UNIBUS controller's, the one
controller of the era whose set-up was measured (the band of a named part is its own business);
the knobs' set-up and spread add to any controller's.
"""

from __future__ import annotations

from typing import NamedTuple

from . import hardware
from .types import Knobs, Params

# The hardware knobs' choices that mean "the numeric knobs below", and the memo's controllers
BELOW_CPU, BELOW_DISK, MEMO_CONTROLLER = "speed below", "numbers below", "the memo's"
MEMO_BY_BUS = {"UNIBUS": "the memo's UNIBUS controller", "MASSBUS": "the memo's MASSBUS adapter"}
# The memo's rows pin where its UNIBUS controller's set-up edge lies, not a mean and a spread
# apart: the mean is calibrated, and its set-ups taken to stray half the mean (an assumption)
MEMO_UNIBUS_SPREAD = 0.5


class Machine(NamedTuple):
    """The hardware a setting names, as figures: the processor's speed, the disk's geometry, and
    the controller's bus rate, buffer and set-up (mean and spread, ms)."""

    cpu_speed: float
    memory_speed: float  # the per-byte copy's pace, relative to the 11/750's
    sectors_per_track: int
    rpm: float
    bus: str
    bus_kBps: float
    buffer_bytes: float
    setup_ms: float
    spread_ms: float


def machine(k: Knobs, p: Params) -> Machine:
    """The figures of the hardware the knobs name (the module's docstring says from where)."""
    cpu = None if k["cpu"] == BELOW_CPU else hardware.part("cpus", str(k["cpu"]))
    speed = cpu.number("speed") if cpu else None
    memory = cpu.number("memory_speed") if cpu else None
    unibus = (cpu.number("unibus_kBps") if cpu else None) or p["unibus_kBps"]
    if k["disk"] == BELOW_DISK:
        spt, rpm = int(k["sectors_per_track"]), float(k["rpm"])
    else:
        d = hardware.part("disks", str(k["disk"]))
        spt, rpm = int(d.number("sectors_per_track") or 0), d.number("rpm") or 0.0
    name = str(k["controller"])
    if name == MEMO_CONTROLLER:
        name = MEMO_BY_BUS[str(k["bus"])]
    c = hardware.part("controllers", name)
    bus = c.number("bus_kBps") or unibus
    buffer = c.number("buffer_bytes")
    setup = c.number("setup_ms")
    if buffer is None:  # calibrated: the memo's UNIBUS controller
        buffer = p["unibus_buffer_bytes"]
    if setup is None:  # calibrated or typical: the memo's UNIBUS controller's
        setup = p["unibus_setup_ms"]
    spread = setup * MEMO_UNIBUS_SPREAD
    return Machine(
        speed or float(k["cpu_speed"]),
        memory or float(k["cpu_speed"]),
        spt,
        rpm,
        c.bus or "",
        bus,
        buffer,
        setup + float(k["controller_setup_ms"]),
        spread + float(k["controller_setup_spread_ms"]),
    )
