"""A simulator beside the analysis: the models' mechanisms run event by event, in pure Python
(CPython and Pyodide alike), deterministic for a seed.

- engine.py: a closed network's event loop, request by request (each kind its own times)
- closedsim.py: DECnet's and LAVC's networks, read from the model's own description
- run.py and stats.py: warm-up, batch means, 95 % intervals, when a run stops
- single.py: one open queue (M/G/1), to check the simulator against Pollaczek-Khinchine
- support.py: which models are simulated, and why the others are not

`simulate` is the operation (ops.py): one setting of a model, each metric's mean and interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..closed import Engine
from ..fitted import fitted
from ..mechanism import EXPONENTIAL, Mechanism
from ..types import Estimate, Knobs, Params, Simulation
from ..types.requests import Progress
from . import closedsim, rotation
from .run import Limits, Outcome, batch_means
from .support import SIMULATED, WHY_NOT

SERVICES = ("exponential", "constant", "mechanism", "cv")
MAX_EVENTS = 50_000_000
MAX_SEED = 2**63 - 1


def simulate(
    system: str,
    knobs: object = None,
    params: object = None,
    service: object = "exponential",
    cv: object = None,
    seed: object = 1,
    target: object = 0.02,
    max_events: object = 2_000_000,
    time_limit_s: object = 10.0,
    progress: Callable[[float], None] | None = None,
) -> Simulation:
    """Simulate `system`'s mechanism at one knob setting (the others at their defaults)."""
    from .. import registry  # (the registry names what is simulated: support.py, imported first)

    m = registry.system(system)
    if system not in SIMULATED:
        raise ValueError(f"'{system}' is not simulated. " + WHY_NOT.get(system, ""))
    k = m.SPEC.validate(knobs)
    p = registry.model_params(system, params) or fitted(system)
    if not isinstance(service, str) or service not in SERVICES:
        raise ValueError("service must be one of " + ", ".join(SERVICES) + f"; got {service!r}")
    limits = Limits(
        _number("target", target, 0.001, 0.5),
        int(_number("max_events", max_events, 1000, MAX_EVENTS, whole=True)),
        _number("time_limit_s", time_limit_s, 0.01, 600),
    )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}")
    run_seed = seed
    cv_value = None if service != "cv" else _number("cv", cv, 0, 4)
    if system == "ffs":
        return _rotation(k, p, service, cv_value, run_seed, limits, progress)
    if not isinstance(m.ALONG, Engine):
        raise ValueError(f"'{system}' is not simulated")
    engine: Engine[Any] = m.ALONG
    source = closedsim.source(engine, k, p, service, cv_value, run_seed)
    outcome = batch_means(source, limits, progress)
    loop = source.loop
    own = loop.mechanism or Mechanism(())
    analytic = m.solve(k, p, False)["metrics"]
    drew = _drew(service, cv_value, own)
    note, queues = _note(system, service, cv_value, loop.mechanism)
    said = Said(own.says if loop.mechanism else "exponential service times", drew, note, queues)
    return _answer(
        system,
        k,
        (service, cv_value, run_seed),
        outcome,
        limits,
        analytic,
        said,
        closedsim.moves(engine, k, loop, source.n),
    )


def _rotation(
    k: Knobs, p: Params, service: str, cv: float | None, seed: int, limits: Limits, progress: Progress | None
) -> Simulation:
    """FFS's rotation block by block (rotation.py), against the model's rotation."""
    outcome = batch_means(rotation.Rotation(k, p, rotation.setup_scv(service, cv), seed), limits, progress)
    assumes = "a controller set-up even over its spread, the CPU overlapping the disk (max of the two)"
    spreads = {"mechanism": "the model's set-up", "constant": "a constant set-up", "exponential": "exponential set-ups"}
    drew = spreads.get(service, f"set-ups with a coefficient of variation of {cv or 0:g}") + ", the CPU one block ahead"
    note = (
        "The analysis overlaps the CPU and the disk perfectly (the period is the slower of the "
        "two); the simulation lets a request the CPU delays miss its block's pass and lose a "
        "whole turn, so the two part where the CPU's time per block nears the disk's"
        + ("." if service == "mechanism" else ", and where the set-up's spread decides which requests miss.")
    )
    return _answer(
        "ffs", k, (service, cv, seed), outcome, limits, rotation.analytic(k, p), Said(assumes, drew, note, ""), {}
    )


class Said(NamedTuple):
    """What a run's answer says in words: the model's assumed times, the simulation's, why the
    two part, and which way the simulation's queues go (Simulation's fields of the same names)."""

    assumes: str
    drew: str
    note: str
    queues: str


def _answer(
    system: str,
    k: Knobs,
    asked: tuple[str, float | None, int],
    outcome: Outcome[Any],
    limits: Limits,
    analytic: Mapping[str, float | None],
    said: Said,
    moves: dict[str, int],
) -> Simulation:
    """One run's answer, however it was simulated: `asked` the service, cv and seed."""
    service, cv, seed = asked
    metrics: dict[str, Estimate] = {
        n: {"mean": iv.mean, "ci95": [iv.low, iv.high]} for n, iv in outcome.intervals.items()
    }
    return {
        "system": system,
        "knobs": k,
        "service": service,
        "cv": cv,
        "seed": seed,
        "metrics": metrics,
        "analytic": dict(analytic),
        "events": outcome.events,
        "warmup_events": outcome.warmup_events,
        "batches": outcome.batches,
        "stopped": outcome.stopped,
        "target": limits.target,
        "half_width": outcome.worst,
        "assumes": said.assumes,
        "drew": said.drew,
        "note": said.note,
        "queues": said.queues,
        "moves": moves,
    }


def _number(name: str, v: object, lo: float, hi: float, whole: bool = False) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not (math.isfinite(v) and lo <= v <= hi):
        value = None
    else:
        value = float(v)
    if value is None or (whole and value != int(value)):
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"{name} must be {kind} from {lo:g} to {hi:g}")
    return value


def _drew(service: str, cv: float | None, own: Mechanism) -> str:
    if service == "mechanism":
        return own.says if own.kinds else "exponential service times"
    if service == "cv":
        return f"service times with a coefficient of variation of {cv:g}"
    return f"{service} service times"


def _note(system: str, service: str, cv: float | None, own: Mechanism | None) -> tuple[str, str]:
    """Why the simulation and the model part, in a sentence (the page says where and by how much,
    and gives it only where the two part by more than the simulation's intervals), and which way
    the simulation's queues go from the analysis's ("" where the spread alone does not say)."""
    if service == "mechanism" and own is not None:
        return (
            "Both run the model's own mechanism: the analysis approximates the waits (each kind's "
            "own times, the residue of the request in service), so the two part only where that "
            "approximation does, near saturation."
        ), ""
    drawn = {"exponential": EXPONENTIAL, "constant": 0.0}.get(service, EXPONENTIAL if cv is None else cv**2)
    assumed = [v for k in own.kinds for v in k.scv] if own is not None else [EXPONENTIAL]
    if all(v == drawn for v in assumed):
        return "Both assume the same spread of times: they differ only by the simulation's sampling error.", ""
    if drawn <= min(assumed):
        how, queues = "less", "shorter"
    elif drawn >= max(assumed):
        how, queues = "more", "longer"
    else:
        return (
            "The simulation's times are more variable at some stations and less at others than the "
            "analysis assumes, so where the two part depends on which stations queue."
        ), ""
    rhythm = (
        " A loop of constant times settles into a fixed rhythm: it runs at its asymptotic bound."
        if system == "decnet" and drawn == 0
        else ""
    )
    return (
        f"The simulation's times are {how} variable than the analysis assumes, and a queue's wait "
        f"grows with (1 + cv\u00b2) / 2 (Pollaczek-Khinchine): its queues are {queues} where "
        f"requests queue, near and past the knee.{rhythm}"
    ), queues
