"""The systems Memo Lab can explore, and the uniform describe/evaluate/card API over them.

SYSTEMS is the one registry: every system module, each meeting the `System` contract
(system.py). Here: looking a system up, checking a user's parameters against it, describing it,
evaluating it at one setting, and its card. Sweeps along a knob are sweep.py's; a user's own
table, own.py's. The calibration, the backend, the operations (ops.py) and the tests all go
through these.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping, Sequence
from copy import deepcopy
from functools import cache
from importlib import resources

from . import afs, decnet, ffs, hardware, lavc, ofn, rsx_qio, rsx_swap
from .fitted import fitted, report
from .knobs import Spec
from .simulation import support as simulation
from .system import System
from .types import (
    Card,
    EvaluateResult,
    HardwareFigure,
    HardwarePart,
    MemoPoint,
    Params,
    Simulated,
    SystemDescription,
    ValidationLine,
)

# A fitted parameter whose range (calibration report) spans more than this factor is one the
# memo does not pin down: sweeps draw the band across it, as for an unknown knob.
UNDETERMINED_FACTOR = 1.2

_MODULES: tuple[System, ...] = (decnet, ofn, rsx_swap, rsx_qio, ffs, lavc, afs)
SYSTEMS: dict[str, System] = {m.SPEC.id: m for m in _MODULES}


def systems() -> list[str]:
    return list(SYSTEMS)


def system(name: object) -> System:
    if not isinstance(name, str) or name not in SYSTEMS:
        raise ValueError(f"unknown system {name!r}; systems are " + ", ".join(SYSTEMS))
    return SYSTEMS[name]


def spec(name: str) -> Spec:
    return system(name).SPEC


def describe(name: str) -> SystemDescription:
    simulated: Simulated = {"simulated": name in simulation.SIMULATED, "words": simulation.words(name)}
    return {**spec(name).to_dict(), "memo_points": memo_points(name), "simulation": simulated}


def memo_points(name: str) -> list[MemoPoint]:
    """The memo figures the model is judged against (its observations), placed as points on
    the charts of their metric, for every metric the tabular overlay does not already draw:
    the full knob setting each was measured at, the value, the citation, and (where the memo
    does not say exactly where it measured) the range of a knob it lies somewhere in."""
    from .datasets import package

    s = spec(name)
    covered = set((s.overlay or {}).get("metrics", {}))
    units = {mt.name: mt.unit for mt in s.metrics}
    pkg = package()
    titles = {src["id"]: src["title"] for src in pkg["sources"]}
    source_of = {res["name"]: res["source"] for res in pkg["resources"]}
    out: list[MemoPoint] = []
    # From the calibration report (it ships with the package; the CSVs need not)
    for o in report(name).get("figures", []):
        if o["metric"] not in units or o["metric"] in covered:
            continue
        title = titles[source_of[o["dataset"]]]
        point: MemoPoint = {
            "knobs": s.validate(o["config"]),
            "metric": o["metric"],
            "value": o["value"],
            "printed": f"{o['value']:g} {units[o['metric']]}".strip(),
            "citation": f"{title}: {o['figure']}",
        }
        if "x_range" in o:
            point["x_range"] = o["x_range"]
        out.append(point)
    return out


def model_params(name: str, params: object = None) -> Params | None:
    """The parameters a model runs with: the memo's calibration (None), or with some of its fitted
    parameters replaced (a user's own fit), each a finite number within its physical bounds."""
    if params is None:
        return None
    m = system(name)
    if not isinstance(params, dict):
        raise ValueError("params must be an object mapping parameter names to numbers")
    if not params:
        return None
    out: Params = dict(fitted(name))
    for key, value in params.items():
        if key not in m.BOUNDS:
            raise ValueError(
                f"unknown parameter '{key}' for system '{name}'; parameters are " + (", ".join(m.FITTED) or "none")
            )
        lo, hi = m.BOUNDS[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise ValueError(f"parameter '{key}' must be a number from {lo:g} to {hi:g}; got {value!r}")
        out[key] = float(value)
    return out


def evaluate(name: str, knobs: Mapping[str, object] | None = None, params: object = None) -> EvaluateResult:
    """{"system", "knobs", "metrics", "bottleneck" (name or None), "stages", ...} at one setting,
    with the memo's calibration or `params` (model_params)."""
    m = system(name)
    full = m.SPEC.validate(knobs)
    answer = m.solve(full, model_params(name, params))
    result: EvaluateResult = {"system": name, "knobs": full, **answer}
    return result


def undetermined(name: str) -> dict[str, tuple[float, float]]:
    """Fitted parameters the data leave open: name -> (low, high)."""
    return {
        n: (lo, hi)
        for n, (lo, hi) in report(name).get("ranges", {}).items()
        if lo > 0 and hi / lo > UNDETERMINED_FACTOR
    }


def card(name: str) -> Card:
    """What a model card shows: the module's own explanation (mechanism, equations, parameters,
    assumptions), the fitted and fixed parameters, and the calibration report."""
    m = system(name)
    doc = deepcopy(report(name))
    return {
        "system": name,
        "title": m.SPEC.title,
        "doc": inspect.cleandoc(inspect.getdoc(m) or ""),
        "fitted": list(m.FITTED),
        "parameter_labels": dict(m.PARAMETER_LABELS),
        "params": doc.get("params", {}),
        "ranges": doc.get("ranges", {}),
        "undetermined": sorted(undetermined(name)),
        "fixed": doc.get("fixed", {}),
        "summary": doc.get("summary"),
        "figures": doc.get("figures", []),
        "unknowns": list(m.SPEC.unknowns),
        "secondary_note": m.SECONDARY_NOTE,
        "known_misses": dict(m.KNOWN_MISSES),
        "missed_figures": dict(m.MISSED_FIGURES),
        "validation": validation_lines(name),
        "hardware": hardware_parts(m.SPEC, getattr(m, "HARDWARE_FIGURES", {}), getattr(m, "HARDWARE_KNOBS", None)),
        "simulation": simulation.words(name),
    }


@cache
def _judged() -> dict[str, list[ValidationLine]]:
    """The validation summary (perfmodels/validation.json, written by python -m validation)."""
    text = (resources.files(__package__) / "validation.json").read_text(encoding="utf-8")
    systems: dict[str, list[ValidationLine]] = json.loads(text)["systems"]
    return systems


def validation_lines(name: str) -> list[ValidationLine]:
    return deepcopy(_judged().get(name, []))


# a knob that names hardware, and the catalog it names it from (perfmodels/hardware)
HARDWARE_KNOBS = {"cpu": "cpus", "disk": "disks", "controller": "controllers"}


def hardware_parts(
    spec: Spec, reads: Mapping[str, Sequence[str]] | None = None, knobs: Mapping[str, str] | None = None
) -> list[HardwarePart]:
    """Every part the system's hardware knobs offer, each figure it reads with its source
    (`reads`: a knob's figures, where the model reads only some of a part's: LAVC a processor's
    VUP rating, not FFS's speeds; `knobs`: a model's own names for them, RSX QIO's device)."""
    out: list[HardwarePart] = []
    for knob, kind in (knobs or HARDWARE_KNOBS).items():
        if knob not in {k.name for k in spec.knobs}:
            continue
        offered = set(spec.knob(knob).choices or ())
        for part in hardware.catalog(kind).values():
            if part.name not in offered:  # another model's part (FFS's 730 lacks nothing LAVC reads)
                continue
            wanted = (reads or {}).get(knob)
            figures: list[HardwareFigure] = [
                {"figure": f, "value": v.value, "source": v.source}
                for f, v in part.figures.items()
                if wanted is None or f in wanted
            ]
            out.append({"knob": knob, "name": part.name, "label": part.label, "figures": figures})
    return out
