"""A model's answers: one evaluation, a stage of its path, the bounds, a sweep and its band, and
what sets the pace (sensitivity). TypedDicts, so the results stay plain JSON-able dicts (the
worker's bridge and the API send them as they are) while mypy checks every place that builds or
reads them."""

from typing import Any, NotRequired, TypedDict

KnobValue = float | int | str
# A validated knob set: Spec.validate gives every knob its spec's type (a number or a choice),
# so a model reads k["rpm"] as the number it is.
Knobs = dict[str, Any]
Params = dict[str, float]
Metrics = dict[str, float | None]


class StagePart(TypedDict):
    """One kind of occupancy within a stage's busy share."""

    label: str
    utilization: float


class Stage(TypedDict):
    """One step of the path a unit of work takes, and how busy it keeps its resource."""

    name: str
    label: str
    demand: float
    unit: str
    resource: str
    # busy share of the resource in [0, 1], or None where a stage is not a queue (a lookup count)
    utilization: float | None
    bottleneck: bool
    # the kinds of occupancy the busy share adds up (FFS's disk: transferring, waiting for the
    # block), each a share in [0, 1], where a stage has more than one
    parts: NotRequired[list[StagePart]]


def stage(
    name: str,
    label: str,
    demand: float,
    unit: str,
    *,
    resource: str,
    utilization: float | None,
    bottleneck: bool = False,
    parts: list[tuple[str, float]] | None = None,
) -> Stage:
    """A Stage from its parts, so a model names each field once and mypy checks them."""
    out: Stage = {
        "name": name,
        "label": label,
        "demand": demand,
        "unit": unit,
        "resource": resource,
        "utilization": utilization,
        "bottleneck": bottleneck,
    }
    if parts:
        out["parts"] = [{"label": lb, "utilization": u} for lb, u in parts]
    return out


class Network(TypedDict):
    """A closed queueing network's state at one population (for the queueing laws)."""

    population: int
    throughput: float
    think_s: float
    demands_s: dict[str, float]
    queues: dict[str, float]


class Bound(TypedDict):
    """A bound on one metric at one setting (bounds.py): a closed network's asymptotic or
    balanced job bound, or an open path's term alone ("if only this mattered")."""

    metric: str
    name: str
    side: str  # "upper" or "lower"
    value: float


class BoundLine(TypedDict):
    """A bound along a sweep's x."""

    metric: str
    name: str
    side: str
    values: list[float | None]


class BoundsKnee(TypedDict):
    """A closed network's knee N* = (D + Z) / D_max in the x knob's unit, and the station with D_max."""

    x: float
    station: str


class Evaluation(TypedDict):
    """A model's answer at one setting. `limits`: the capacity of each metric's resource;
    `bounds`: the textbook bounds on its metrics there (bounds.py)."""

    metrics: Metrics
    bottleneck: str | None
    limits: NotRequired[dict[str, float]]
    bounds: NotRequired[list[Bound]]
    stages: NotRequired[list[Stage]]
    network: NotRequired[Network]


class EvaluateResult(Evaluation):
    system: str
    knobs: dict[str, KnobValue]


class Band(TypedDict):
    """Outcomes at both ends of an undetermined knob or fitted parameter, along x."""

    x: list[KnobValue]
    low: dict[str, list[float | None]]
    high: dict[str, list[float | None]]
    parameter: NotRequired[bool]
    label: NotRequired[str]


class Knee(TypedDict):
    """Where along a sweep's x the pace setter turns from a window or the users to a resource
    (pace.py): the curve's one saturation point, from the model, not from the sweep's grid."""

    x: float
    resource: str


class MemoModel(TypedDict):
    """The model at a memo figure's own setting (memomodel.py): the configuration as the memo
    gives it (the chart's other knobs as they are) and the metrics there."""

    knobs: dict[str, KnobValue]
    metrics: dict[str, float | None]


class Saturation(TypedDict):
    """Where along a sweep's x a resource first saturates: the first value at which the model has
    it at least pace.SATURATED busy (its stages' busy shares added), a separate point from the
    knee (where the pace setter changes, short of saturation: DECnet's CPU is 83 % busy there)."""

    x: float
    resource: str
    utilization: float  # its busy share at x, in [SATURATED, 1]


class SweepResult(TypedDict):
    system: str
    knobs: dict[str, KnobValue]
    x_knob: str
    x: list[KnobValue]
    metrics: dict[str, list[float | None]]
    bottleneck: list[str | None]
    limits: dict[str, list[float | None]]
    band: dict[str, Band]
    knee: Knee | None
    saturation: Saturation | None
    bounds: list[BoundLine]
    bounds_knee: BoundsKnee | None
    # the model at each memo figure measured at another setting of a knob the chart holds fixed
    memo_models: list[MemoModel]


class KnobStep(TypedDict):
    """A numeric knob's effect here, as a person would compute it (sensitivity.py)."""

    # "elasticity": per cent change of the metric per 1 % of the knob's own quantity (the model
    # smooth here); "doubling": per cent change from doubling the knob (powers of two);
    # "step": per cent change at the next step of the knob's grid (whole steps, or a model that
    # moves in steps here). The sign is the metric's direction as the knob rises.
    kind: str
    percent: float
    # the doubling's or step's other end: above here, or below it at the knob's top end
    to: NotRequired[float | int]


class KnobEffect(TypedDict):
    """One knob's effect on a metric at a setting (sensitivity.py)."""

    name: str
    label: str
    # whether the knob matters at this setting; if not, why (and nothing else is given)
    active: bool
    reason: NotRequired[str]
    # d ln metric / d ln knob at the setting, in the knob's own quantity, where the model is
    # smooth there (continuous numeric knobs; None elsewhere), and the effect as it is said
    elasticity: NotRequired[float | None]
    effect: NotRequired[KnobStep]
    # the metric at the knob's two ends (or the least and most over the choices), others held
    low: NotRequired[float | None]
    high: NotRequired[float | None]
    # the least and the most it takes over the knob's range (a metric may peak inside it): the span
    least: NotRequired[float | None]
    most: NotRequired[float | None]
    choices: NotRequired[dict[str, float | None]]


class Sensitivity(TypedDict):
    system: str
    metric: str
    value: float | None
    knobs: list[KnobEffect]
    # what sets the pace here (pace.py), and the knob behind it: the one that moves what the
    # bottleneck allows most (None: nothing limits)
    bottleneck: str | None
    cause: str | None
    # the knob that moves the metric most over its range (the tornado's first; None: none moves it)
    largest: str | None
