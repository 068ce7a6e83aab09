"""One engine for the closed queueing networks (DECnet's link, the LAVC cluster), kept apart from
the networks it solves (as Ciw keeps a network's description apart from its simulation).

A model describes its network at a knob setting (`Loop`: the queueing stations, each one's
demand a cycle at one of its identical copies, the think time, and each metric's amount a cycle)
and reads one point from each solved population (`Engine.point`: its metrics and limits;
`Engine.stages`: its path, with detail). The engine does the rest, the same way for both: one
exact MVA pass (mva.recursion) for every population asked, what sets the pace at each (pace.py:
the busiest station from the knee N* on, the window below it), the
textbook bounds (bounds.py: at one point, or as lines along the population), the network's
state for the queueing laws, the knee, and the fast path along the population's knob
(system.Along).
"""

from __future__ import annotations

import inspect
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Generic, NamedTuple, TypeVar

from . import bounds, pace
from .fitted import fitted
from .mechanism import Mechanism, product_form
from .mva import recursion, recursion_kinds
from .system import Along
from .types import BoundLine, BoundsKnee, Evaluation, Knobs, KnobValue, Params, Stage

C = TypeVar("C")


@dataclass
class Loop(Generic[C]):
    """A closed network at one knob setting, and the model's own quantities there (`of`)."""

    stations: tuple[str, ...]
    demands: tuple[float, ...]  # seconds a cycle at one copy of each station
    think: float  # the delay station's seconds a cycle
    per_cycle: dict[str, float]  # each metric is the throughput times this (bounds.scaled)
    copies: tuple[int, ...]
    of: C
    busiest: int = field(init=False)  # the station with the largest demand (the first, on a tie)
    knee: float = field(init=False)  # N*, the population from which the busiest station sets the pace
    # the kinds of request and their times' spreads (mechanism.py); None: one kind, exponential
    mechanism: Mechanism | None = None


class Solved(NamedTuple):
    """One population's answer: what a model reads its point from."""

    n: int
    x: float  # cycles a second
    queues: tuple[float, ...]  # the mean queue at one copy of each station
    before: tuple[float, ...]  # the same at n - 1: what an arriving customer finds (arrival theorem)
    bottleneck: str | None
    # each kind's mean wait before service at each station (a simulation's, or MVA with kinds':
    # the wait a request would find there, the same for every kind), where known
    waits: dict[str, tuple[float, ...]] | None = None


class Engine(Along, Generic[C]):
    """A closed network's model: `network` and `point` (and `stages`) are the model's; the
    population is knob `knob` divided by `per_customer` (DECnet's quota: two buffers a
    message); below the knee N* the `window` sets the pace (None: nothing does)."""

    def __init__(self, system: str, knob: str, window: str | None, per_customer: int = 1) -> None:
        self.system, self.knob, self.window, self.per_customer = system, knob, window, per_customer

    # ---- the model's part ----

    def network(self, k: Knobs, p: Params) -> Loop[C]:
        raise NotImplementedError

    def point(self, k: Knobs, loop: Loop[C], s: Solved) -> Evaluation:
        """The point's metrics, bottleneck (s.bottleneck) and limits."""
        raise NotImplementedError

    def stages(self, k: Knobs, loop: Loop[C], s: Solved) -> list[Stage]:
        raise NotImplementedError

    # ---- the engine ----

    def solve(self, k: Knobs, p: Params | None = None, detail: bool = True) -> Evaluation:
        """Metrics and bottleneck for one validated knob set, and with `detail` the stages and
        the network's state."""
        return self._points(k, self._params(p), [self._population(k[self.knob])], detail)[0]

    def points(self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None) -> list[Evaluation] | None:
        """Every population from one MVA pass (MVA yields every smaller population on the way)."""
        if x != self.knob:
            return None
        return self._points(k, self._params(p), [self._population(v) for v in values], False, each_bounds=False)

    def bound_lines(self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None) -> list[BoundLine] | None:
        """The bounds along the population as lines, from one network (points' companion)."""
        if x != self.knob:
            return None
        loop = self._loop(k, self._params(p))
        pops = [self._population(v) for v in values]
        return bounds.closed_lines(loop.demands, loop.think, pops, loop.per_cycle, loop.copies, _exact(loop))

    def knee(self, k: Knobs, x: str, p: Params | None = None) -> float | None:
        """The knob's value where the busiest station takes over: the knee N*, the same number as
        bounds_knee's; None along other knobs (the sweep engine finds it there)."""
        at = self.bounds_knee(k, x, p)
        return None if at is None else at["x"]

    def bounds_knee(self, k: Knobs, x: str, p: Params | None = None) -> BoundsKnee | None:
        """The textbook knee N* = (D + Z) / D_max along the population, and its station."""
        if x != self.knob:
            return None
        loop = self._loop(k, self._params(p))
        at = self.per_customer * loop.knee
        return {"x": at, "station": loop.stations[loop.busiest]} if math.isfinite(at) else None

    def utilization(
        self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None
    ) -> tuple[str, list[float]] | None:
        """The busiest station's busy share X(n) D_max at each population (one MVA pass): it
        approaches 1 only well past the knee, where the pace setter changes."""
        if x != self.knob:
            return None
        loop = self._loop(k, self._params(p))
        pops = [self._population(v) for v in values]
        xs = _solve(loop, max(1, *pops), ())[0]
        top = loop.demands[loop.busiest]
        return loop.stations[loop.busiest], [min(1.0, xs[n - 1] * top) if n >= 1 else 0.0 for n in pops]

    def bottlenecks(
        self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None
    ) -> list[str | None] | None:
        """What sets the pace at each value, by _points's rule, from the network alone: its
        busiest station from the knee N* on, the window below it. No MVA: along a knob other
        than the population, the sweep's knee is found by halving on this."""
        params = self._params(p)
        out: list[str | None] = []
        for v in values:
            at = {**k, x: v}
            loop = self._loop(at, params)
            out.append(loop.stations[loop.busiest] if self._population(at[self.knob]) >= loop.knee else self.window)
        return out

    def _params(self, p: Params | None) -> Params:
        return p or fitted(self.system)

    def _population(self, v: KnobValue) -> int:
        return int(v) // self.per_customer

    def _loop(self, k: Knobs, p: Params) -> Loop[C]:
        loop = self.network(k, p)
        loop.busiest = max(range(len(loop.demands)), key=loop.demands.__getitem__)
        loop.knee = pace.knee(loop.demands, loop.think, loop.copies)
        return loop

    def _points(
        self, k: Knobs, p: Params, populations: list[int], detail: bool, each_bounds: bool = True
    ) -> list[Evaluation]:
        loop = self._loop(k, p)
        # each population, and the one below it (the queues an arriving customer finds)
        need = {m for n in populations for m in (n, n - 1)}
        xs, queues, waits = _solve(loop, max(populations), need)
        idle = (0.0,) * len(loop.demands)
        busiest = loop.stations[loop.busiest]
        out = []
        for n in populations:
            # Below the knee the customers are too few to keep any station busy: the window is
            # the limit. From there on the busiest station sets the pace (pace.py).
            bottleneck = busiest if n >= loop.knee else self.window
            w = waits.get(n)
            # the wait each kind finds at each station (MVA: the same for all kinds, first come first served)
            kinds = dict.fromkeys((k.name for k in loop.mechanism.kinds), w) if w and loop.mechanism else None
            s = Solved(n, xs[n - 1], queues.get(n, idle), queues.get(n - 1, idle), bottleneck, kinds)
            point = self.point(k, loop, s)
            if each_bounds:  # (a sweep along the population takes them as lines: bound_lines)
                b = bounds.closed(loop.demands, loop.think, n, loop.copies, _exact(loop))
                point["bounds"] = bounds.scaled(b, loop.per_cycle)
            if detail:
                # the network's state, for the queueing laws: N = X Z + sum of queues (Little)
                point["network"] = {
                    "population": n,
                    "throughput": s.x,
                    "think_s": loop.think,
                    "demands_s": dict(zip(loop.stations, loop.demands, strict=True)),
                    "queues": {st: c * q for st, c, q in zip(loop.stations, loop.copies, s.queues, strict=True)},
                }
                point["stages"] = self.stages(k, loop, s)
            out.append(point)
        return out


def _exact(loop: Loop[C]) -> bool:
    """Whether the loop is a product-form network: exact MVA's, and the balanced job bounds'."""
    return loop.mechanism is None or product_form(loop.mechanism)


Answer = tuple[list[float], dict[int, tuple[float, ...]], dict[int, tuple[float, ...]]]

# The networks solved last, with what was kept of each: a sweep asks one network several times
# (its curve, the busiest station's share along it, the population where that share saturates),
# and MVA's one pass to N answers every smaller population on the way; a model's answers at the
# memo's settings are a few more networks, and the next setting's (a prefetch) as many again.
# Along a knob other than the population (LAVC along locks per user) each point is a network of
# its own, and a move of the population asks each of them again at N + 1: MVA with kinds keeps
# where its recursion stopped and goes on from there, one step, not a solve from 1, and keeps the
# queues of the few populations below N that a move down asks for.
_SOLVED: OrderedDict[
    tuple[object, ...], tuple[list[float], dict[int, tuple[float, ...]], dict[int, tuple[float, ...]], list[Any] | None]
] = OrderedDict()
_SOLVED_KEPT = 256  # (a sweep's grid and its saturation's halvings, and the next setting's)
_BELOW = 8


def _solve(loop: Loop[C], population: int, keep: Iterable[int]) -> Answer:
    """`_mva` for this network and population, answered from the last solve of this network
    when it reached that population and kept those queues, or carried on from it."""
    need = frozenset(i for i in keep if i >= 1)
    key = (loop.demands, loop.think, loop.copies, loop.mechanism)
    got = _SOLVED.get(key)
    if got is not None:
        xs, queues, waits, state = got
        reached = len(xs)
        if not all(i in queues for i in need if i <= reached):
            got = None
        elif reached < population:
            if state is None:
                got = None
            else:  # carried on from where it stopped
                state = list(state)
                more, q, w = _mva(loop, population, need, state)
                got = (xs + more, queues | q, waits | w, state)
    if got is None:
        # (a network that can be carried on also keeps the populations just below: a move down)
        state = [] if not _exact(loop) and _carries(recursion_kinds) else None
        around = need | frozenset(range(max(1, population - _BELOW), population + 1)) if state is not None else need
        answer = _mva(loop, population, around, state)
        _keep(key, (*answer, state))
        if state is None:  # (solved for just this: nothing to leave out)
            return answer
        got = (*answer, state)
    else:
        _keep(key, got)
    xs, queues, waits, _ = got
    return xs[:population], {i: queues[i] for i in need if i in queues}, {i: waits[i] for i in need if i in waits}


@cache
def _carries(recursion: Callable[..., Any]) -> bool:
    """Whether this MVA with kinds can be carried on (takes `state`): an edit of mva.py (the
    workbench's) may define its own without it, which is then called as before."""
    return "state" in inspect.signature(recursion).parameters


def _keep(
    key: tuple[object, ...],
    solved: tuple[list[float], dict[int, tuple[float, ...]], dict[int, tuple[float, ...]], list[Any] | None],
) -> None:
    _SOLVED[key] = solved
    _SOLVED.move_to_end(key)
    if len(_SOLVED) > _SOLVED_KEPT:
        _SOLVED.popitem(last=False)


def _mva(loop: Loop[C], population: int, keep: Iterable[int], state: list[Any] | None = None) -> Answer:
    """Exact MVA, or where the loop's mechanism has kinds of request with their own times or
    times that are not exponential, MVA with each kind's own times (mva.recursion_kinds, with the
    wait an arriving request finds at each station; `state` as it takes it: carried on from a
    population it holds, X is of the populations after it)."""
    m = loop.mechanism
    if m is None or product_form(m):
        xs, queues = recursion(loop.demands, population, loop.think, loop.copies, keep=keep)
        return xs, queues, {}
    start = state[0] + 1 if state else 1
    kinds = [k for k in m.kinds if k.rate > 0]
    rates, services, scvs = [k.rate for k in kinds], [k.service for k in kinds], [k.scv for k in kinds]
    args = (rates, services, scvs, loop.copies, loop.think, population, keep)
    xs, queues, waits = recursion_kinds(*args) if state is None else recursion_kinds(*args, state=state)
    # (an approximation: held to the asymptotic lower bound every closed network obeys, which at
    # extreme parameters it may undershoot by a fraction of a percent)
    d = bounds.total_demand(loop.demands, loop.copies)
    if d > 0 and math.isfinite(d):  # (D once, not the four bounds a population: a sweep's hot loop)
        xs = [max(x, bounds.asymptotic_lower(d, loop.think, n)) for n, x in enumerate(xs, start=start)]
    return xs, queues, waits
