"""One simulation run, whatever is simulated: warm-up, batches, intervals and when to stop.

A `Source` is a simulated mechanism (a closed network, FFS's rotation) that can warm up, simulate
in steps of at most a given number of events, hand over each batch once its simulated time is
up, merge two batches into one, and read a batch's metrics. `batch_means` drives it: after the
warm-up it collects batches until every metric's 95 % interval is within `target` of its mean
(relative half-width), or `max_events` events, or `time_limit_s` seconds of the clock, and
reports which ended it. Everything but the clock is a function of the seed, so a run that ended
on its target or its events is the same run every time; one the clock ended is repeated exactly
by asking for the events it reports as `max_events`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .stats import MAX_BATCHES, MIN_BATCHES, Interval, interval

R = TypeVar("R")
CHUNK = 20_000  # events simulated between looks at the clock, the limits and the progress


class Source(Protocol[R]):
    @property
    def events(self) -> int:
        """Events simulated so far, the warm-up's included."""

    def warm(self, budget: int) -> bool:
        """Simulate part of the warm-up (at most `budget` events); True once it is over."""

    def step(self, budget: int) -> R | None:
        """Simulate up to `budget` events of the current batch; the batch once its time is up."""

    def merge(self, a: R, b: R) -> R:
        """Two adjacent batches as one."""

    def metrics(self, batch: R) -> dict[str, float]:
        """A batch's value of each metric (only those it has a number for)."""


@dataclass(frozen=True)
class Limits:
    target: float = 0.02  # relative half-width of every metric's 95 % interval
    max_events: int = 5_000_000
    time_limit_s: float = 10.0


@dataclass(frozen=True)
class Outcome(Generic[R]):
    intervals: dict[str, Interval]
    batches: int
    events: int
    warmup_events: int
    stopped: str  # "target", "events" or "time"
    worst: float  # the largest relative half-width


def batch_means(
    source: Source[R],
    limits: Limits,
    progress: Callable[[float], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Outcome[R]:
    if not (0 < limits.target < 1) or limits.max_events < 1 or not (limits.time_limit_s > 0):
        raise ValueError("a run needs a target between 0 and 1, a positive event budget and time limit")
    start = clock()
    stopped = ""

    def out_of_room() -> str:
        if source.events >= limits.max_events:
            return "events"
        return "time" if clock() - start >= limits.time_limit_s else ""

    while not stopped and not source.warm(min(CHUNK, limits.max_events - source.events)):
        stopped = out_of_room()
    warmup = source.events
    batches: list[R] = []
    worst = math.inf
    intervals: dict[str, Interval] = {}
    while not stopped:
        batch = source.step(min(CHUNK, limits.max_events - source.events))
        if batch is not None:
            batches.append(batch)
            if len(batches) >= MAX_BATCHES:
                batches = [source.merge(a, b) for a, b in zip(batches[0::2], batches[1::2], strict=True)]
            if len(batches) >= MIN_BATCHES:
                intervals = _intervals(source, batches)
                worst = max((iv.relative() for iv in intervals.values()), default=0.0)
                if worst <= limits.target:
                    stopped = "target"
                    break
        stopped = out_of_room()
        if progress is not None:
            progress(_done(source.events, clock() - start, worst, len(batches), limits))
    if len(batches) < 2:
        raise ValueError(
            f"the run's limits ({limits.max_events} events, {limits.time_limit_s:g} s) ended it before two batches"
        )
    if len(batches) < MIN_BATCHES or not intervals:
        intervals = _intervals(source, batches)
        worst = max((iv.relative() for iv in intervals.values()), default=0.0)
    return Outcome(intervals, len(batches), source.events, warmup, stopped, worst)


def _intervals(source: Source[R], batches: list[R]) -> dict[str, Interval]:
    values = [source.metrics(b) for b in batches]
    names = [m for m in values[0] if all(m in v and math.isfinite(v[m]) for v in values)]
    return {m: interval([v[m] for v in values]) for m in names}


def _done(events: int, elapsed: float, worst: float, batches: int, limits: Limits) -> float:
    """The share of the run done: the furthest of its event budget, its time and (once the
    intervals exist) its target, whose half-width shrinks as one over the root of the run."""
    toward = 0.0
    if batches >= MIN_BATCHES and math.isfinite(worst) and worst > 0:
        toward = min(1.0, (limits.target / worst) ** 2)
    return min(0.99, max(events / limits.max_events, elapsed / limits.time_limit_s, toward))
