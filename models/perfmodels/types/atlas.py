"""The atlas's answer (atlas.py): one system's main curve made dimensionless, with the numbers
that undo it (the knee in the knob's unit, the capacity in the metric's), so that a page can say
both what the shape is and how large the system is."""

from typing import TypedDict

from .answers import KnobValue


class AtlasBound(TypedDict):
    """One of the model's own bounds along the curve, made dimensionless as the curve is."""

    name: str
    y: list[float | None]


class AtlasCurve(TypedDict):
    system: str
    # a short name for the chart's label (the explorer's title is the long one)
    name: str
    # the setting drawn: the explorer opened at knobs, x_knob along x and metric up y draws it
    knobs: dict[str, KnobValue]
    x_knob: str
    metric: str
    # each point: the knob's own value, the knob over its value at the knee, throughput over its
    # upper bound (in [0, 1]; None where the model gives no value)
    knob: list[KnobValue]
    x: list[float]
    y: list[float | None]
    # the knob's value at the knee (its unit), and what sets the pace on either side of it
    knee: float
    before: str
    after: str
    # y = 1: the bound in absolute terms, its unit and what it is
    capacity: float
    capacity_unit: str
    capacity_is: str
    # "saturates": rises under y = x and y = 1; "falls": a cost that grows with the load, under
    # y = 1 and tending to y = 1 / x
    shape: str
    bounds: list[AtlasBound]
