"""Knob and metric specifications shared by every system, and validation of knob values.

A knob is one input a person can turn (link quota, buffer size, circuit ...). Its spec says what
values are allowed; `validate` turns untrusted input (URL parameters, JSON bodies) into a
complete, typed knob set or raises ValueError naming the knob and its allowed range.

Each system declares its knobs and metrics as data, in specs/{system}.toml (a table a knob):
`load_spec` reads one into a Spec. The equations that use them stay in the system's module.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, cast

from .types import KnobDescription, MetricDescription, Overlay, SpecDescription


@dataclass(frozen=True)
class Knob:
    name: str
    label: str
    unit: str
    default: float | int | str
    meaning: str
    min: float | None = None
    max: float | None = None
    step: float | None = None
    choices: tuple[str, ...] | None = None
    scale: str = "linear"  # "linear", or "log2" for knobs that span powers of two
    integer: bool = False
    # A knob that matters only under other settings: {other knob: (values where it matters)},
    # and why; elsewhere the explorer disables it and shows the reason.
    active_when: dict[str, tuple[str, ...]] | None = None
    inactive_reason: str = ""
    # The metrics this knob never changes in the model, at any setting (AFS's I/O size knobs and
    # the read rate, say): the explorer says so by the knob when one of them is on the y axis.
    # Checked against the model at random settings (tests/test_knob_and_pace_laws.py).
    leaves: tuple[str, ...] = ()

    def active(self, values: dict[str, Any]) -> bool:
        return not self.active_when or all(values.get(k) in v for k, v in self.active_when.items())

    def to_dict(self) -> KnobDescription:
        d: KnobDescription = {
            "name": self.name,
            "label": self.label,
            "unit": self.unit,
            "default": self.default,
            "meaning": self.meaning,
            "allowed": self.allowed(),
        }
        if self.choices is not None:
            d["choices"] = list(self.choices)
        else:
            d.update(
                {"min": self.min, "max": self.max, "step": self.step, "scale": self.scale, "integer": self.integer}
            )
        if self.active_when:
            d["active_when"] = {k: list(v) for k, v in self.active_when.items()}
            d["inactive_reason"] = self.inactive_reason
        if self.leaves:
            d["leaves"] = list(self.leaves)
        return d

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(self.choices)
        if self.scale == "log2" and self.step:
            # the grid is the minimum times powers of the step (1024, 2048, ... on a block size)
            assert self.min is not None
            power = math.log(self.min) / math.log(self.step) if self.min > 0 else 0.5
            if abs(power - round(power)) < 1e-9:
                return f"a power of {_fmt(self.step)} from {_fmt(self.min)} to {_fmt(self.max)}"
            return f"{_fmt(self.min)} times a power of {_fmt(self.step)}, up to {_fmt(self.max)}"
        kind = "an integer" if self.integer else "a number"
        s = f"{kind} from {_fmt(self.min)} to {_fmt(self.max)}"
        if self.step and self.step != 1:
            s += f" in steps of {_fmt(self.step)}"
        return s

    def on_grid(self, num: float) -> bool:
        """Whether a number in range lies on the knob's grid (log2: min times a power of step)."""
        assert self.min is not None
        if self.scale == "log2" and self.step:
            k = math.log(num / self.min) / math.log(self.step)
            return abs(k - round(k)) < 1e-9
        if self.integer:
            return num == int(num) and not (self.step and (int(num) - int(self.min)) % int(self.step))
        return True

    def _bad(self, num: float, value: object) -> ValueError:
        # built only on failure: sweeps coerce thousands of valid values
        return ValueError(
            f"knob '{self.name}' must be {self.allowed()}; got " + (_fmt(num) if math.isfinite(num) else repr(value))
        )

    def coerce(self, value: object) -> float | int | str:
        """Return the value in this knob's type, or raise ValueError saying what is allowed."""
        if self.choices is not None:
            if isinstance(value, str) and value in self.choices:
                return value
            raise ValueError(f"knob '{self.name}' must be {self.allowed()}; got {value!r}")
        num: float
        if isinstance(value, bool):
            raise ValueError(f"knob '{self.name}' must be {self.allowed()}; got {value!r}")
        if isinstance(value, (int, float)):
            num = float(value)
        elif isinstance(value, str) and len(value) <= 32:
            try:
                num = float(value.strip())
            except ValueError:
                raise ValueError(f"knob '{self.name}' must be {self.allowed()}; got {value!r}") from None
        else:
            raise ValueError(f"knob '{self.name}' must be {self.allowed()}; got {value!r}")
        assert self.min is not None and self.max is not None  # a numeric knob has a range
        if not math.isfinite(num) or num < self.min or num > self.max or not self.on_grid(num):
            raise self._bad(num, value)
        return int(round(num)) if self.integer else num


@dataclass(frozen=True)
class Metric:
    name: str
    label: str
    unit: str
    # A share of some capacity (a busy fraction, a part of a whole): 0 to 100 % by its nature,
    # so a value outside that is an error, not an outcome (a prediction of 150 % is refused).
    share: bool = False

    def to_dict(self) -> MetricDescription:
        return {"name": self.name, "label": self.label, "unit": self.unit, "share": self.share}


@dataclass(frozen=True)
class Param:
    """A parameter calibration fits: its readable name, where a fit starts, its physical bounds."""

    name: str
    label: str
    start: float
    min: float
    max: float

    def __post_init__(self) -> None:
        if not 0 <= self.min <= self.start <= self.max:
            raise ValueError(f"parameter {self.name}: start {self.start} outside its bounds {self.min} to {self.max}")


@dataclass(frozen=True)
class Spec:
    """Everything a user interface needs to know about a system's inputs and outputs."""

    id: str
    title: str
    question: str
    knobs: tuple[Knob, ...]
    metrics: tuple[Metric, ...]
    x_default: str
    y_default: str
    stages: tuple[str, ...] = field(default_factory=tuple)
    # Knobs for quantities the memo leaves undetermined: charts draw the band of outcomes
    # across each one's range.
    unknowns: tuple[str, ...] = field(default_factory=tuple)
    # How the memo's measurements sit on this system's charts: the dataset, which of its fields
    # holds each knob's setting, and which field (times a scale) measures each metric.
    overlay: dict[str, Any] | None = None
    # The choice knob the default chart draws one curve per value of (the question compares
    # them), or None for one curve.
    per_default: str | None = None
    # Limits the model names that are not resources (a flow-control window): below a closed
    # network's knee the pace is set by one of these, and no resource is saturated (pace.py).
    not_resources: tuple[str, ...] = ()
    # The parameters calibration fits (a model with none has only physical constants).
    params: tuple[Param, ...] = ()

    def __post_init__(self) -> None:
        if self.per_default is not None and self.knob(self.per_default).choices is None:
            raise ValueError(f"per_default of {self.id} must be a choice knob")

    @property
    def fitted(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    @property
    def start(self) -> dict[str, float]:
        return {p.name: p.start for p in self.params}

    @property
    def bounds(self) -> dict[str, tuple[float, float]]:
        return {p.name: (p.min, p.max) for p in self.params}

    @property
    def parameter_labels(self) -> dict[str, str]:
        return {p.name: p.label for p in self.params}

    def knob(self, name: str) -> Knob:
        for k in self.knobs:
            if k.name == name:
                return k
        raise ValueError(
            f"unknown knob '{name}' for system '{self.id}'; knobs are " + ", ".join(k.name for k in self.knobs)
        )

    def to_dict(self) -> SpecDescription:
        return {
            "id": self.id,
            "title": self.title,
            "question": self.question,
            "knobs": [k.to_dict() for k in self.knobs],
            "metrics": [m.to_dict() for m in self.metrics],
            "x_default": self.x_default,
            "y_default": self.y_default,
            "stages": list(self.stages),
            "unknowns": list(self.unknowns),
            "overlay": cast(Overlay | None, self.overlay),
            "per_default": self.per_default,
            "params": [{"name": q.name, "label": q.label, "min": q.min, "max": q.max} for q in self.params],
        }

    def validate(self, values: object) -> dict[str, Any]:
        """Complete knob set: given values checked and typed, the rest at their defaults."""
        values = values or {}
        if not isinstance(values, dict):
            raise ValueError("knobs must be an object mapping knob names to values")
        out: dict[str, Any] = {k.name: k.default for k in self.knobs}
        for name, value in values.items():
            out[name] = self.knob(str(name)).coerce(value)
        return out


def load_spec(system: str) -> Spec:
    """The system's Spec from specs/{system}.toml (lists become tuples: a Spec is immutable)."""
    path = resources.files(__package__) / "specs" / f"{system}.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    knobs = []
    for k in doc.pop("knobs"):
        if "choices" in k:
            k["choices"] = tuple(k["choices"])
        if "active_when" in k:
            k["active_when"] = {name: tuple(values) for name, values in k["active_when"].items()}
        if "leaves" in k:
            k["leaves"] = tuple(k["leaves"])
        knobs.append(Knob(**k))
    metrics = tuple(Metric(**m) for m in doc.pop("metrics"))
    names = {m.name for m in metrics}
    for kn in knobs:
        if unknown := set(kn.leaves) - names:
            raise ValueError(f"{system}: knob {kn.name} leaves metrics it does not have: {sorted(unknown)}")
    params = tuple(Param(**q) for q in doc.pop("params", []))
    for f in ("stages", "unknowns", "not_resources"):
        if f in doc:
            doc[f] = tuple(doc[f])
    return Spec(knobs=tuple(knobs), metrics=metrics, params=params, **doc)


def _fmt(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else repr(x)
