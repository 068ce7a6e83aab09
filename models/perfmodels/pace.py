"""What sets the pace: the one definition of a bottleneck every model and view uses.

A system's throughput is set either by a resource or by something that is not one. On an open
path (FFS, AFS, RSX QIO) each stage takes some time per unit of work and the slowest stage sets
the period: the bottleneck is the term that wins the max. On a closed queueing network (DECnet's
link, the LAVC cluster) a fixed population of jobs circulates; below the knee population

    N* = (D + Z) / D_max          (D: the sum of the demands, Z: the think time)

there are too few jobs to keep any station busy (the window or the users are the limit, and
every resource is partly idle); at and above it the station with the largest demand D_max sets
the pace (throughput tends to 1 / D_max). N* is the one knee: the pace setter changes there, the
two asymptotes meet there (bounds.py), and the atlas puts x = 1 there. It is not where a resource
saturates: that is where the model has it at least SATURATED busy (`busy`, found along a sweep's
x by sweep.py), later. The views draw the bottleneck's regions, mark its stages and name it in
the readouts from these answers alone, never from a threshold of their own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import bounds
from .types import Evaluation

# A resource is said to saturate only where the model has it at least this busy: the knee, where
# the pace setter changes, comes well before (DECnet's sending CPU is 83 % busy at N*).
SATURATED = 0.95


def slowest(terms: dict[str, float]) -> str:
    """The term that wins the max (the first, on a tie): the stage that sets an open path's period."""
    return max(terms, key=terms.__getitem__)


def knee(demands: Sequence[float], think: float, copies: Sequence[int] | None = None) -> float:
    """N* = (D + Z) / D_max: the population at which a closed network's two asymptotes meet
    (bounds.knee), or infinity where nothing takes time: the window is then always the limit."""
    at = bounds.knee(demands, think, copies)
    return math.inf if at is None else at


def busy(e: Evaluation) -> tuple[str, float] | None:
    """The resource that sets the pace at a point and its busy share (its stages' shares added),
    or None where no resource does or the point has no stages (a window, a lookup count)."""
    limit = e["bottleneck"]
    shares = [st["utilization"] for st in e.get("stages", []) if st["resource"] == limit]
    if limit is None or not shares or any(u is None for u in shares):
        return None
    return limit, min(1.0, sum(u for u in shares if u is not None))
