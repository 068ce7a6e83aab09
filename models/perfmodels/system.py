"""What a system module is: the contract every model in perfmodels meets, checked by a test.

A system is a module (decnet.py, ffs.py, ...) that describes its knobs and metrics (SPEC, read
from specs/{id}.toml), says which of its parameters calibration fits (FITTED, from START, within
BOUNDS, with FIXED_DEFAULTS held), declares the fidelity bars it misses and why (KNOWN_MISSES)
and each memo figure it misses by more than 15 % with the mechanism it lacks (MISSED_FIGURES),
and answers: `solve` at one setting, `observations` for the memo figures it is judged against,
and ALONG, what it answers along one knob faster than point by point (`Along`: every hook the
sweep engine calls, each with its default; POINT_BY_POINT where it has nothing faster). The
registry, the sweep engine, the calibration and the tests use only this.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .knobs import Spec
from .types import BoundLine, BoundsKnee, Evaluation, Knobs, KnobValue, Metrics, Observation, Params


class Along:
    """What a model answers along one knob x (the other knobs `k` fixed) faster than point by
    point. Each hook's default, None, says it has no answer of its own there: the sweep engine
    (sweep.py) then solves each point, gathers the bounds from the points and finds the knee by
    halving. A closed network's engine (closed.py) answers them all along its population."""

    def points(self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None) -> list[Evaluation] | None:
        """Every value's point (without its bounds: `bound_lines` gives them)."""
        return None

    def bound_lines(self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None) -> list[BoundLine] | None:
        """The textbook bounds along x, as lines (bounds.py)."""
        return None

    def knee(self, k: Knobs, x: str, p: Params | None = None) -> float | None:
        """Where along x the pace setter turns from a window or the users to a resource (pace.py)."""
        return None

    def bounds_knee(self, k: Knobs, x: str, p: Params | None = None) -> BoundsKnee | None:
        """A closed network's textbook knee N* along x, and its station."""
        return None

    def utilization(
        self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None
    ) -> tuple[str, list[float]] | None:
        """The busiest resource along x and its busy share at every value, where a resource is
        asked whatever sets the pace (None: the sweep engine reads each point's pace setter,
        pace.busy); what the saturation point is found from."""
        return None

    def bottlenecks(
        self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None
    ) -> list[str | None] | None:
        """What sets the pace at each value, as the point solved there says, where the model can
        tell without solving it (the knee's halving asks it 24 times)."""
        return None

    # Where a closed network's exponential times are not its mechanism's (DECnet's fixed-size
    # messages take nearly constant times): the setting at which the same loop with constant
    # times is calibrated to the model, drawn as a band beside its curve (constant.py); None:
    # no such band.
    constant_at: dict[str, KnobValue] | None = None


POINT_BY_POINT = Along()  # a system whose every point is cheap: nothing faster to do along a knob


@runtime_checkable
class System(Protocol):
    # Read-only members (properties), so a module's constants match them covariantly.
    @property
    def SPEC(self) -> Spec: ...

    @property
    def FITTED(self) -> tuple[str, ...]: ...

    @property
    def START(self) -> Params: ...

    @property
    def FIXED_DEFAULTS(self) -> Params: ...

    @property
    def BOUNDS(self) -> dict[str, tuple[float, float]]:
        """each fitted parameter's physical bounds (low, high): no fit leaves them"""
        ...

    @property
    def KNOWN_MISSES(self) -> dict[str, str]:
        """fidelity bar -> why the model misses it (shown on its card)"""
        ...

    @property
    def MISSED_FIGURES(self) -> dict[str, str]:
        """memo figure (its locator) -> the mechanism the model lacks to come within 15 % of it
        (shown on its card)"""
        ...

    @property
    def SECONDARY_NOTE(self) -> str | None:
        """why the model makes no prediction for a second quantity the memo gives, if it does not"""
        ...

    @property
    def PARAMETER_LABELS(self) -> dict[str, str]:
        """readable names of fitted parameters (bands over undetermined ones carry them)"""
        ...

    @property
    def ALONG(self) -> Along:
        """what the model answers along a knob faster than point by point (POINT_BY_POINT: nothing)"""
        ...

    def solve(self, k: Knobs, p: Params | None = None, detail: bool = True) -> Evaluation: ...

    def observations(self) -> list[Observation]: ...


def predict(system: System, config: Knobs, p: Params | None) -> Metrics:
    """The metrics at a memo configuration (knobs it does not name at their defaults)."""
    return system.solve(system.SPEC.validate(config), p, detail=False)["metrics"]
