"""The systems Memo Lab can explore, and the uniform describe/evaluate/sweep API over them.

Each system is a module with SPEC (knobs, metrics, stages), evaluate(knobs, params=None,
detail=True) and optionally sweep(knobs, x, values) for a faster path along one knob.
"""

from __future__ import annotations

from copy import deepcopy
from functools import lru_cache
from types import ModuleType

from . import afs, decnet, ffs, lavc, ofn, rsx_qio, rsx_swap
from .knobs import Spec

MAX_SWEEP_POINTS = 512
BAND_POINTS = 32
# Points of a default sweep: smooth at chart widths, and cheap enough to redraw within a frame.
GRID_POINTS = 100

_SYSTEMS: dict[str, ModuleType] = {m.SPEC.id: m for m in (decnet, ofn, rsx_swap, rsx_qio, ffs, lavc, afs)}


def systems() -> list[str]:
    return list(_SYSTEMS)


def _module(system: str) -> ModuleType:
    if not isinstance(system, str) or system not in _SYSTEMS:
        raise ValueError(f"unknown system {system!r}; systems are " + ", ".join(_SYSTEMS))
    return _SYSTEMS[system]


def spec(system: str) -> Spec:
    return _module(system).SPEC


def describe(system: str) -> dict:
    return {**spec(system).to_dict(), "memo_points": memo_points(system)}


def memo_points(system: str) -> list[dict]:
    """The memo figures the model is judged against (its observations), placed as points on
    the charts of their metric, for every metric the tabular overlay does not already draw:
    the full knob setting each was measured at, the value, the citation, and (where the memo
    does not say exactly where it measured) the range of a knob it lies somewhere in."""
    from .datasets import package

    s = spec(system)
    covered = set((s.overlay or {}).get("metrics", {}))
    units = {mt.name: mt.unit for mt in s.metrics}
    pkg = package()
    titles = {src["id"]: src["title"] for src in pkg["sources"]}
    source_of = {res["name"]: res["source"] for res in pkg["resources"]}
    out = []
    # From the calibration report (it ships with the package; the CSVs need not)
    for o in _report(system).get("figures", []):
        if o["metric"] not in units or o["metric"] in covered:
            continue
        title = titles[source_of[o["dataset"]]]
        point = {"knobs": s.validate(o["config"]), "metric": o["metric"], "value": o["value"],
                 "printed": f"{o['value']:g} {units[o['metric']]}".strip(),
                 "citation": f"{title}: {o['figure']}"}
        if "x_range" in o:
            point["x_range"] = o["x_range"]
        out.append(point)
    return out


def evaluate(system: str, knobs: dict | None = None) -> dict:
    """{"system", "knobs", "metrics", "bottleneck" (name or None), "stages"} at one setting."""
    m = _module(system)
    full = m.SPEC.validate(knobs)
    return {"system": system, "knobs": full, **m.evaluate(full)}


def default_values(s: Spec, x: str) -> list:
    """The values of knob x a chart sweeps by default: every step, or powers of two on log2."""
    k = s.knob(x)
    if k.choices is not None:
        return list(k.choices)
    if k.scale == "log2":
        v, out = k.min, []
        while v <= k.max:
            out.append(int(v) if k.integer else v)
            v *= 2
        return out
    n = int(round((k.max - k.min) / k.step)) + 1
    if n > GRID_POINTS:  # about GRID_POINTS evenly spaced values on the knob's own grid
        stride = -(-n // GRID_POINTS)
        idx = list(range(0, n, stride))
        if idx[-1] != n - 1:
            idx.append(n - 1)
    else:
        idx = list(range(n))
    vals = [k.min + i * k.step for i in idx]
    return [int(v) for v in vals] if k.integer else [round(v, 10) for v in vals]


def _series(m: ModuleType, base: dict, x: str, xs: list, p: dict | None = None) -> tuple[dict, list, dict]:
    points = m.sweep(base, x, xs, p) if hasattr(m, "sweep") else None
    if points is None:
        points = [m.evaluate({**base, x: v}, p, detail=False) for v in xs]
    metrics = {mt.name: [pt["metrics"][mt.name] for pt in points] for mt in m.SPEC.metrics}
    names = {name for pt in points for name in pt.get("limits", {})}
    limits = {name: [pt.get("limits", {}).get(name) for pt in points] for name in sorted(names)}
    return metrics, [pt["bottleneck"] for pt in points], limits


# A fitted parameter whose range (calibration report) spans more than this factor is one the
# memo does not pin down: sweeps draw the band across it, as for an unknown knob.
UNDETERMINED_FACTOR = 1.2


def undetermined(system: str) -> dict[str, tuple[float, float]]:
    """Fitted parameters the data leave open: name -> (low, high)."""
    report = _report(system)
    return {n: (lo, hi) for n, (lo, hi) in report.get("ranges", {}).items()
            if lo > 0 and hi / lo > UNDETERMINED_FACTOR}


@lru_cache(maxsize=None)
def _report(system: str) -> dict:
    """The calibration report (cached: sweeps consult it on every call; callers must not
    modify it, and card() hands out a copy)."""
    import json
    from importlib import resources

    path = resources.files(__package__) / "params" / f"{system}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def sweep(system: str, knobs: dict | None, x: str, values: list | None = None) -> dict:
    """Metrics and bottleneck at each value of knob x, the other knobs fixed (values default to
    the knob's grid). Columnar: {"x_knob", "x": [...], "metrics": {name: [...]},
    "bottleneck": [...], "band": {knob: {"x": [...], "low": {...}, "high": {...}}}}. The band gives the
    outcomes at both ends of each knob the memo leaves undetermined (other than x)."""
    m = _module(system)
    s = m.SPEC
    base = s.validate(knobs)
    kx = s.knob(x)
    if values is None:
        values = default_values(s, x)
    if not isinstance(values, list) or not values:
        raise ValueError("values must be a non-empty list")
    if len(values) > MAX_SWEEP_POINTS:
        raise ValueError(f"at most {MAX_SWEEP_POINTS} sweep values are allowed; got {len(values)}")
    xs = [kx.coerce(v) for v in values]
    metrics, bottleneck, limits = _series(m, base, x, xs)
    band = {}
    # The band is drawn as a shaded area: at most BAND_POINTS samples of x are plenty.
    bx = xs if len(xs) <= BAND_POINTS else xs[:: -(-len(xs) // BAND_POINTS)] + [xs[-1]]
    if isinstance(bx[-1], (int, float)) and len(bx) > 1 and bx[-1] == bx[-2]:
        bx.pop()
    for u in s.unknowns:
        if u == x:
            continue
        ku = s.knob(u)
        band[u] = {"x": bx, "low": _series(m, {**base, u: ku.min}, x, bx)[0],
                   "high": _series(m, {**base, u: ku.max}, x, bx)[0]}
    if hasattr(m, "load_params"):
        for name, (lo, hi) in undetermined(system).items():
            p = m.load_params()
            band[name] = {"x": bx, "low": _series(m, base, x, bx, {**p, name: lo})[0],
                          "high": _series(m, base, x, bx, {**p, name: hi})[0],
                          "parameter": True,
                          "label": getattr(m, "PARAMETER_LABELS", {}).get(name, name)}
    return {"system": system, "knobs": base, "x_knob": x, "x": xs, "metrics": metrics,
            "bottleneck": bottleneck, "limits": limits, "band": band}


def card(system: str) -> dict:
    """What a model card shows: the module's own explanation (mechanism, equations, parameters,
    assumptions), the fitted and fixed parameters, and the calibration report."""
    import inspect

    m = _module(system)
    report = deepcopy(_report(system))
    return {"system": system, "title": m.SPEC.title, "doc": inspect.cleandoc(m.__doc__ or ""),
            "fitted": list(getattr(m, "FITTED", ())), "params": report.get("params", {}),
            "ranges": report.get("ranges", {}),
            "undetermined": sorted(undetermined(system)),
            "fixed": report.get("fixed", {}), "summary": report.get("summary"),
            "figures": report.get("figures", []), "unknowns": list(m.SPEC.unknowns),
            "secondary_note": getattr(m, "SECONDARY_NOTE", None),
            "known_misses": dict(getattr(m, "KNOWN_MISSES", {}))}
