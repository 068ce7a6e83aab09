"""What a system module is: the contract every model in perfmodels meets, checked by a test.

A system is a module (decnet.py, ffs.py, ...) that describes its knobs and metrics (SPEC, read
from specs/{id}.toml), says which of its parameters calibration fits (FITTED, from START, within
BOUNDS, with FIXED_DEFAULTS held), declares the fidelity bars it misses and why (KNOWN_MISSES),
and answers: `solve` at one setting, `solve_along` for a faster path along one knob (or None
where it has none), `observations` for the memo figures it is judged against. The registry, the
calibration and the tests use only this.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .knobs import Spec
from .types import Evaluation, Knobs, KnobValue, Metrics, Observation, Params


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
    def SECONDARY_NOTE(self) -> str | None:
        """why the model makes no prediction for a second quantity the memo gives, if it does not"""
        ...

    @property
    def PARAMETER_LABELS(self) -> dict[str, str]:
        """readable names of fitted parameters (bands over undetermined ones carry them)"""
        ...

    def solve(self, k: Knobs, p: Params | None = None, detail: bool = True) -> Evaluation: ...

    def solve_along(
        self, k: Knobs, x: str, values: list[KnobValue], p: Params | None = None
    ) -> list[Evaluation] | None: ...

    def observations(self) -> list[Observation]: ...


def no_fast_path(k: Knobs, x: str, values: list[KnobValue], p: Params | None = None) -> None:
    """`solve_along` for a system that has no faster path than solving each point."""
    return None


def predict(system: System, config: Knobs, p: Params | None) -> Metrics:
    """The metrics at a memo configuration (knobs it does not name at their defaults)."""
    return system.solve(system.SPEC.validate(config), p, detail=False)["metrics"]
