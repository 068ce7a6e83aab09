"""What a simulation answers (ops.py's `simulate`): each metric's mean and 95 % interval, the
run's size and why it stopped, the model's own answer at the same setting, and the words that
say what each of the two assumes."""

from typing import TypedDict

from .answers import KnobValue


class Estimate(TypedDict):
    mean: float
    ci95: list[float]  # [low, high]


class Simulation(TypedDict):
    system: str
    knobs: dict[str, KnobValue]
    # "exponential", "constant", "mechanism" (the model's own spreads) or "cv"
    service: str
    cv: float | None
    seed: int
    metrics: dict[str, Estimate]
    # the model's analytic answer at the same setting, for comparison
    analytic: dict[str, float | None]
    events: int  # simulated, the warm-up's included
    warmup_events: int
    batches: int
    # what ended the run: "target" (every interval within it), "events" or "time"
    stopped: str
    target: float
    half_width: float  # the largest relative half-width of an interval
    # what the model assumes of its times, and what the simulation drew
    assumes: str
    drew: str
    # why the simulation and the model part (or do not), in a sentence
    note: str
    # which way the simulation's queues go from the analysis's, by the spread of its times:
    # "longer", "shorter", or "" (not known from the spread alone)
    queues: str
    # each metric's way as the queues lengthen and the throughput falls: 1 up, -1 down, 0 not at
    # all (fixed by the setting: offered demand, a cost per request; no queue changes it)
    moves: dict[str, int]
