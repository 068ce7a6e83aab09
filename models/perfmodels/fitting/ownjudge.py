"""Judging a user's fit (ownfit.py) as a model card judges the memo's, and saying why it misses:
each row missed by more than MISSED_PERCENT names the limit that holds the model there (a bound
of the model at that row's settings, bounds.py) or, where none does, what the model leaves out
(its own "Not captured:" paragraph); the fit's warnings; and its errors with rows left out beside
those of the memo's parameters on the same rows.
"""

from __future__ import annotations

import inspect
import re

from ..system import System
from ..types import ErrorSummary, Knobs, Observation, OwnFitMiss, OwnFitUnpinned, OwnFitWarning, Params
from . import FLAT_TOLERANCE, summarize

MISSED_PERCENT = 15.0
# A fitted unknown whose equally good values span more than this factor is one the table
# cannot pin down (as on the model cards).
UNDETERMINED_FACTOR = 1.2
# In-sample median error (%) above which the model is said not to reach the data.
UNREACHED_PERCENT = 15.0


def not_captured(model: System) -> str:
    """The "Not captured:" paragraph of the model's own explanation."""
    doc = inspect.getdoc(model) or ""
    m = re.search(r"Not captured:(.*?)(?:\n\s*\n|$)", doc, re.S)
    return " ".join(m.group(1).split()) if m else ""


def label(model: System, name: str) -> str:
    if name in model.PARAMETER_LABELS:
        return model.PARAMETER_LABELS[name]
    return next((k.label for k in model.SPEC.knobs if k.name == name), name)


def missing(model: System, o: Observation, params: Params, knobs: Knobs, fitted: float | None) -> OwnFitMiss | None:
    """Why the fit misses this value by more than MISSED_PERCENT, or None where it does not."""
    measured = o["value"]
    if fitted is not None and abs(fitted / measured - 1) * 100 <= MISSED_PERCENT:
        return None
    metric = o["metric"]
    unit = next((m.unit for m in model.SPEC.metrics if m.name == metric), "")
    lacks = not_captured(model).rstrip(".")
    if fitted is None:
        return {
            "kind": "mechanism",
            "limit": None,
            "value": None,
            "message": f"the model gives no value here; it leaves out: {lacks}",
        }
    e = model.solve(model.SPEC.validate({**o["config"], **knobs}), {**model.FIXED_DEFAULTS, **params})
    above = measured > fitted
    holds = [
        b
        for b in e.get("bounds", [])
        if b["metric"] == metric
        and b["side"] == ("upper" if above else "lower")
        and (b["value"] < measured if above else b["value"] > measured)
    ]
    if holds:
        b = min(holds, key=lambda b: b["value"]) if above else max(holds, key=lambda b: b["value"])
        word = "at most" if above else "at least"
        return {
            "kind": "limit",
            "limit": b["name"],
            "value": b["value"],
            "message": f"held by the model's {b['name']} limit: {word} {b['value']:.4g} {unit} at these settings, "
            f"{measured:.4g} measured",
        }
    off = abs(fitted / measured - 1) * 100
    return {
        "kind": "mechanism",
        "limit": None,
        "value": None,
        "message": f"the model is {off:.0f} % {'below' if above else 'above'} the measurement with no limit of its "
        f"own in the way: the machine likely does something the model leaves out ({lacks})",
    }


def unpinned_entry(model: System, name: str, reason: str, partners: tuple[str, ...], memo: float) -> OwnFitUnpinned:
    if reason == "no effect":
        why = "moves none of your rows (by under 0.1 % when it moves 10 %)"
    else:
        why = (
            "moves your rows only together with "
            + " and ".join(label(model, p) for p in partners)
            + ": the rows cannot tell them apart"
        )
    return {
        "name": name,
        "reason": reason,
        "partners": list(partners),
        "value": memo,
        "message": f"{label(model, name)} {why}, so it keeps the memo's value {memo:g}",
    }


def warnings(
    model: System,
    unknowns_fitted: list[tuple[str, float, float, float, float, bool]],
    n_obs: int,
    in_sample: ErrorSummary,
) -> list[OwnFitWarning]:
    """`unknowns_fitted`: (name, range low, high, bound low, high, log) of each fitted value."""
    out: list[OwnFitWarning] = []
    for name, lo, hi, blo, bhi, log in unknowns_fitted:
        wide = (hi / lo > UNDETERMINED_FACTOR) if log and lo > 0 else (hi - lo) > 0.2 * (bhi - blo)
        if wide:
            out.append(
                {
                    "kind": "undetermined",
                    "name": name,
                    "message": f"the table cannot pin {label(model, name)}: values from "
                    f"{lo:g} to {hi:g} fit it within {FLAT_TOLERANCE:.0%}",
                }
            )
    if unknowns_fitted and len(unknowns_fitted) >= n_obs:
        out.append(
            {
                "kind": "undetermined",
                "name": None,
                "message": f"{_count(len(unknowns_fitted), 'value')} fitted to {_count(n_obs, 'measurement')}: "
                "the fit can follow every one, "
                "so its errors say little; measure more settings, or fit fewer",
            }
        )
    if in_sample["median_abs"] is not None and in_sample["median_abs"] > UNREACHED_PERCENT:
        out.append(
            {
                "kind": "unreached",
                "name": None,
                "message": f"the model misses these measurements by {in_sample['median_abs']:g} % at the median "
                "after fitting: the machine may do something the model leaves out. Not captured by the model: "
                + not_captured(model),
            }
        )
    return out


def finite(errors: list[float | None]) -> list[float]:
    return [float("inf") if e is None else e for e in errors]


def summary(errors: list[float | None]) -> ErrorSummary:
    return summarize(finite(errors))


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")
