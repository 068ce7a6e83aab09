"""The era's hardware as the models use it: processors, disks and disk controllers, each figure
with where it comes from (the TOML files beside this module: cpus, disks, controllers).

A figure is a number from a spec sheet, a manual or a driver's table (its source says which,
with the table or page), or one of three words: "calibrated" (the memo sets it: the model's
fitted parameter of that name), "cpu" (the processor's UNIBUS adapter sets it), or "typical"
(no source at hand prints it: the era's typical value, named where the model uses it). A model
takes a part by the name its knob shows."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

KINDS = ("cpus", "disks", "controllers")


@dataclass(frozen=True)
class Figure:
    value: float | str  # a number, or "calibrated", "cpu", "typical"
    source: str


@dataclass(frozen=True)
class Part:
    name: str
    label: str
    figures: dict[str, Figure]
    bus: str | None = None  # a controller's bus

    def number(self, figure: str) -> float | None:
        """The figure's value if a source prints it, else None (calibrated, cpu, typical)."""
        v = self.figures[figure].value
        return float(v) if isinstance(v, (int, float)) else None


@cache
def catalog(kind: str) -> dict[str, Part]:
    """Every part of a kind, by name, in the file's order."""
    if kind not in KINDS:
        raise ValueError(f"no hardware of kind {kind!r}: one of {', '.join(KINDS)}")
    doc = tomllib.loads((resources.files(__package__) / f"{kind}.toml").read_text(encoding="utf-8"))
    out = {}
    for entry in doc[kind]:
        name, label, bus = entry.pop("name"), entry.pop("label"), entry.pop("bus", None)
        out[name] = Part(name, label, {k: Figure(f["value"], f["source"]) for k, f in entry.items()}, bus)
    return out


def part(kind: str, name: str) -> Part:
    try:
        return catalog(kind)[name]
    except KeyError:
        raise ValueError(f"no {kind[:-1]} named {name!r}") from None
