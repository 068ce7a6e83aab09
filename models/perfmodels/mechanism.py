"""How a closed network's requests are served, beyond the mean demands the MVA engine reads: the
kinds of request a model mixes (LAVC's lock operations and disk I/Os, each with its own time at
each station) and the spread of every service time, as its squared coefficient of variation
(scv: 1 for exponential times, 0 for constant ones).

A `Loop` (closed.py) may carry a `Mechanism`; without one, or with one kind of request of
exponential times (`product_form`), it is the network exact MVA solves (mva.recursion); else
mva.recursion_kinds gives each kind its own times and the residue of the one in service. The simulator
(simulation/closedsim.py) draws every request from it, and the kinds' own demands add up to the
loop's demands (`demands`), so the simulation and the analysis describe one network.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

EXPONENTIAL = 1.0
CONSTANT = 0.0


@dataclass(frozen=True)
class Kind:
    """One kind of request: how many of it a cycle brings, and its time at each station (at the
    one copy it visits, chosen evenly; 0 where it does not go), with each time's spread."""

    name: str
    rate: float  # requests of this kind a cycle
    service: tuple[float, ...]  # seconds at each station, per request
    scv: tuple[float, ...]  # squared coefficient of variation of each of those times


@dataclass(frozen=True)
class Mechanism:
    """The kinds of request, visited in station order, and the spread of the think time (which
    the means of a product-form network do not depend on, but a simulation draws)."""

    kinds: tuple[Kind, ...]
    think_scv: float = EXPONENTIAL
    # what the model's card calls the spreads it assumes, for the page's sentence
    says: str = "exponential service times"


def single(
    demands: Sequence[float], copies: Sequence[int], scv: float = EXPONENTIAL, name: str = "request"
) -> Mechanism:
    """One kind of request a cycle, its time at each station its demand (at one copy of several,
    times the copies: it visits one of them)."""
    service = tuple(d * c for d, c in zip(demands, copies, strict=True))
    return Mechanism((Kind(name, 1.0, service, (scv,) * len(service)),), scv)


def demands(m: Mechanism, copies: Sequence[int]) -> tuple[float, ...]:
    """Seconds a cycle at one copy of each station: every kind's rate times its time, spread
    over the copies."""
    return tuple(sum(k.rate * k.service[i] for k in m.kinds) / c for i, c in enumerate(copies))


def spread(m: Mechanism, scv: float) -> Mechanism:
    """The same requests with every time (the think time's too) of spread `scv`."""
    kinds = tuple(replace(k, scv=(scv,) * len(k.service)) for k in m.kinds)
    return Mechanism(kinds, scv, m.says)


def product_form(m: Mechanism) -> bool:
    """One kind of request with exponential times everywhere: the network exact MVA solves (its
    think time's spread does not matter to the means)."""
    return len([k for k in m.kinds if k.rate > 0]) <= 1 and all(v == EXPONENTIAL for k in m.kinds for v in k.scv)
