"""The event loop of a closed network's simulation, request by request.

Each customer thinks, then issues one request of a kind drawn at random in proportion to the
kinds' rates; the request visits its stations in order, at each one copy drawn evenly, queueing
first come, first served; when it leaves the last one the customer thinks again. Every event is
the end of a think or of a service, kept in a heap by time (ties broken by the customer's
number, so a run depends on its seed alone). Only the standard library's heapq, random and
itertools: CPython and Pyodide run the same draws and give the same run for a seed.

What a stretch of the run leaves behind (`Tally`): the requests completed and how long their
cycles took (think and request: the throughput by Little's law over the whole loop, X = N / the
mean cycle, which no batch edge cuts short), each station's busy time, the time requests spent
there (queue lengths by Little's law), what an arriving request found there, and each kind's
waits before service.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import deque
from collections.abc import Callable
from functools import partial
from heapq import heapify, heappop, heappush
from itertools import repeat

from ..mechanism import CONSTANT, EXPONENTIAL, Mechanism

Draw = Callable[[], float]


def sampler(rng: random.Random, mean: float, scv: float) -> Draw:
    """Times of this mean and spread: constant (scv 0), exponential (1), else gamma (any other
    scv, below or above 1: shape 1 / scv)."""
    if mean <= 0 or scv <= CONSTANT:
        return repeat(max(mean, 0.0)).__next__
    if scv == EXPONENTIAL:
        return partial(rng.expovariate, 1.0 / mean)
    return partial(rng.gammavariate, 1.0 / scv, mean * scv)


class Tally:
    """Sums over one stretch of simulated time, per station (k) and kind (c)."""

    def __init__(self, stations: int, kinds: int) -> None:
        self.completed = 0  # requests finished
        self.cycles = 0.0  # their cycles' seconds: from the end of the customer's request before
        self.busy = [0.0] * stations  # service started, seconds (all copies)
        self.resident = [0.0] * stations  # seconds requests spent there, counted at departure
        self.found = [0] * stations  # requests found at the arrival's copy, summed over arrivals
        self.arrivals = [0] * stations
        self.waited = [[0.0] * stations for _ in range(kinds)]  # seconds before service
        self.started = [[0] * stations for _ in range(kinds)]

    def add(self, o: Tally) -> None:
        """Add another stretch's sums (two batches merged into one)."""
        self.completed += o.completed
        self.cycles += o.cycles
        for mine, theirs in ((self.busy, o.busy), (self.resident, o.resident)):
            for i, v in enumerate(theirs):
                mine[i] += v
        for ints, more in ((self.found, o.found), (self.arrivals, o.arrivals)):
            for i, n in enumerate(more):
                ints[i] += n
        for c in range(len(self.waited)):
            for i in range(len(self.waited[c])):
                self.waited[c][i] += o.waited[c][i]
                self.started[c][i] += o.started[c][i]


class Closed:
    """`population` customers in the network `mechanism` over stations with `copies`, a think
    of `think` seconds a cycle (spread over the cycle's requests); all start thinking at 0."""

    def __init__(self, mechanism: Mechanism, copies: tuple[int, ...], think: float, population: int, seed: int) -> None:
        rng = self.rng = random.Random(seed)
        kinds = [k for k in mechanism.kinds if k.rate > 0]
        per_cycle = sum(k.rate for k in kinds)
        if per_cycle <= 0 and think <= 0:
            raise ValueError("nothing in this network takes time: there is nothing to simulate")
        self.per_cycle = per_cycle if kinds else 1.0
        cum, total = [], 0.0
        for k in kinds:
            total += k.rate
            cum.append(total / per_cycle)
        self.cum = cum[:-1]  # kind c is drawn when a uniform falls below cum[c]
        bases, base = [], 0
        for c in copies:
            bases.append(base)
            base += c
        # each kind's route: (station, first copy's index, copies, draw of its time)
        self.routes = [
            [
                (i, bases[i], copies[i], sampler(rng, s, v))
                for i, (s, v) in enumerate(zip(k.service, k.scv, strict=True))
                if s > 0
            ]
            for k in kinds
        ] or [[]]
        self.think = sampler(rng, think / self.per_cycle, mechanism.think_scv)
        self.stations, self.kinds = len(copies), len(self.routes)
        self.queues: list[deque[int]] = [deque() for _ in range(base)]
        self.serving = [False] * base
        self.kind = [0] * population
        self.step = [-1] * population  # -1: thinking
        self.copy = [0] * population
        self.arrived = [0.0] * population
        self.began = [0.0] * population  # when the customer's cycle began (its think)
        self.heap = [(self.think(), c) for c in range(population)]
        heapify(self.heap)
        self.now = 0.0
        self.events = 0

    def run(self, until: float, tally: Tally, budget: int) -> bool:
        """Simulate up to time `until` (or `budget` events, whichever comes first), adding to
        `tally`; True when `until` was reached."""
        heap, routes, queues, serving = self.heap, self.routes, self.queues, self.serving
        kind, step, copy, arrived, began = self.kind, self.step, self.copy, self.arrived, self.began
        resident, found, arrivals, busy = tally.resident, tally.found, tally.arrivals, tally.busy
        waited, started = tally.waited, tally.started
        uniform, cum, think = self.rng.random, self.cum, self.think
        events, done, t, cycles = 0, 0, self.now, 0.0
        reached = False
        while heap:
            if heap[0][0] > until:
                reached = True
                break
            if events >= budget:
                break
            now, c = heappop(heap)
            t = now
            events += 1
            s = step[c]
            if s < 0:  # a think ends: the customer's next request
                kc = bisect_right(cum, uniform()) if cum else 0
                kind[c] = kc
                route = routes[kc]
                s = 0
            else:  # a service ends at station i, copy j
                kc = kind[c]
                route = routes[kc]
                i = route[s][0]
                j = copy[c]
                resident[i] += now - arrived[c]
                q = queues[j]
                if q:
                    nxt = q.popleft()
                    kn = kind[nxt]
                    waited[kn][i] += now - arrived[nxt]
                    started[kn][i] += 1
                    d = routes[kn][step[nxt]][3]()
                    busy[i] += d
                    heappush(heap, (now + d, nxt))
                else:
                    serving[j] = False
                s += 1
            if s == len(route):  # the request is done: think again
                done += 1
                cycles += now - began[c]
                began[c] = now
                step[c] = -1
                heappush(heap, (now + think(), c))
                continue
            i, base, n, draw = route[s]
            j = base + int(uniform() * n) if n > 1 else base
            step[c], copy[c], arrived[c] = s, j, now
            arrivals[i] += 1
            q = queues[j]
            if serving[j]:
                found[i] += len(q) + 1
                q.append(c)
            else:
                serving[j] = True
                started[kc][i] += 1
                d = draw()
                busy[i] += d
                heappush(heap, (now + d, c))
        self.now = until if reached else t
        self.events += events
        tally.completed += done
        tally.cycles += cycles
        return reached
