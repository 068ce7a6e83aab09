"""The simulation of a closed network model (DECnet's link, the LAVC cluster), read from the same
description the MVA engine solves: the model's `Loop` at the knob setting (stations, copies,
think time, and the `Mechanism`: each kind of request with its own times), its population, and
its own `point` to turn what was simulated into the model's metrics. So every metric the model
reports is simulated the same way: a batch's throughput, queues, what arrivals found and each
kind's waits take the place of MVA's, and the model's formulas do the rest.
"""

from __future__ import annotations

import math
from typing import Any

from ..closed import Engine, Loop, Solved
from ..mechanism import CONSTANT, EXPONENTIAL, Mechanism, single, spread
from ..types import Knobs, Params
from .engine import Closed, Tally
from .stats import MIN_BATCHES

WARM_CYCLES = 20  # requests per customer thrown away first
BATCH_CYCLES = 10  # requests per customer in a first batch
WARM_STEP = 500  # events between looks at the warm-up's requests


class ClosedSource:
    """A closed network simulated in batches of equal simulated time (run.Source)."""

    def __init__(self, engine: Engine[Any], k: Knobs, loop: Loop[Any], mechanism: Mechanism, n: int, seed: int) -> None:
        self.engine, self.k, self.loop, self.n = engine, k, loop, n
        self.sim = Closed(mechanism, loop.copies, loop.think, n, seed)
        self.names = [kd.name for kd in mechanism.kinds if kd.rate > 0]
        self.length = 0.0
        self.warmup = self._tally()
        self.current = self._tally()
        self.ends = self.began = 0.0

    @property
    def events(self) -> int:
        return self.sim.events

    def _tally(self) -> Tally:
        return Tally(self.sim.stations, self.sim.kinds)

    def warm(self, budget: int) -> bool:
        # in small steps, so that the warm-up ends soon after its requests are done
        end = self.sim.events + budget
        while self.warmup.completed < WARM_CYCLES * self.n and self.sim.events < end:
            self.sim.run(math.inf, self.warmup, min(WARM_STEP, end - self.sim.events))
        if self.warmup.completed < WARM_CYCLES * self.n:
            return False
        # a first batch long enough for every customer to pass about BATCH_CYCLES times
        self.length = BATCH_CYCLES * self.n * self.sim.now / self.warmup.completed
        self.began = self.sim.now
        self.ends = self.began + self.length
        return True

    def step(self, budget: int) -> tuple[Tally, float] | None:
        if not self.sim.run(self.ends, self.current, budget):
            return None
        done = (self.current, self.length)
        self.current = self._tally()
        self.began = self.ends
        self.ends += self.length
        return done

    def merge(self, a: tuple[Tally, float], b: tuple[Tally, float]) -> tuple[Tally, float]:
        a[0].add(b[0])
        # later batches are as long as the merged ones
        self.length = a[1] + b[1]
        self.ends = self.began + self.length
        return a[0], self.length

    def metrics(self, batch: tuple[Tally, float]) -> dict[str, float]:
        t, span = batch
        copies = self.loop.copies
        # Little's law over the loop: a request's cycle takes N / X (exact in a periodic run too)
        x = self.n / (t.cycles / t.completed) / self.sim.per_cycle if t.completed else 0.0
        queues = tuple(r / span / c for r, c in zip(t.resident, copies, strict=True))
        before = tuple(f / a if a else 0.0 for f, a in zip(t.found, t.arrivals, strict=True))
        waits = {
            name: tuple(w / s if s else 0.0 for w, s in zip(t.waited[c], t.started[c], strict=True))
            for c, name in enumerate(self.names)
        }
        bottleneck = self.loop.stations[self.loop.busiest] if self.n >= self.loop.knee else self.engine.window
        solved = Solved(self.n, x, queues, before, bottleneck, waits)
        got = self.engine.point(self.k, self.loop, solved)["metrics"]
        return {m: float(v) for m, v in got.items() if isinstance(v, (int, float))}


def mechanism_for(loop: Loop[Any], service: str, cv: float | None) -> Mechanism:
    """The requests simulated: the model's own mechanism ("mechanism"), or every time of one
    spread: "exponential", "constant", or "cv" (coefficient of variation `cv`)."""
    mech = loop.mechanism or single(loop.demands, loop.copies)
    if service == "mechanism":
        return mech
    if service == "exponential":
        return spread(mech, EXPONENTIAL)
    if service == "constant":
        return spread(mech, CONSTANT)
    if service == "cv":
        if cv is None or isinstance(cv, bool) or not isinstance(cv, (int, float)) or not 0 <= cv <= 4:
            raise ValueError("service 'cv' needs a coefficient of variation cv from 0 to 4")
        return spread(mech, float(cv) ** 2)
    raise ValueError("service must be 'exponential', 'constant', 'mechanism' or 'cv'; got " + repr(service))


def moves(engine: Engine[Any], k: Knobs, loop: Loop[Any], n: int) -> dict[str, int]:
    """Each metric's way as the queues lengthen and the throughput falls (1 up, -1 down, 0 not at
    all): the model's own `point` read at two made-up states of the network, the second with
    queues and waits twice the first's and a tenth less throughput. A metric that stays put is
    fixed by the setting (offered demand, a cost per request): no simulation can change it."""
    s = len(loop.stations)
    names = [kd.name for kd in loop.mechanism.kinds if kd.rate > 0] if loop.mechanism else []
    x = 0.5 * min(n / (sum(loop.demands) + loop.think), 1 / max(loop.demands))
    neck = loop.stations[loop.busiest]

    def at(x: float, q: float) -> dict[str, float]:
        waits = {name: (q / 100,) * s for name in names} or None
        got = engine.point(k, loop, Solved(n, x, (q,) * s, (q,) * s, neck, waits))["metrics"]
        return {m: float(v) for m, v in got.items() if isinstance(v, (int, float))}

    short, long = at(x, 0.5), at(0.9 * x, 1.0)
    same = {m for m, v in long.items() if m in short and math.isclose(v, short[m], rel_tol=1e-12)}
    return {m: 0 if m in same else (1 if v > short[m] else -1) for m, v in long.items() if m in short}


def source(engine: Engine[Any], k: Knobs, p: Params, service: str, cv: float | None, seed: int) -> ClosedSource:
    loop = engine._loop(k, p)
    n = engine._population(k[engine.knob])
    if n < 1:
        raise ValueError("the population must be at least one customer")
    return ClosedSource(engine, k, loop, mechanism_for(loop, service, cv), n, seed)


__all__ = ["MIN_BATCHES", "ClosedSource", "mechanism_for", "moves", "source"]
