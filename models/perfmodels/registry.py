"""The systems Memo Lab can explore, and the uniform describe/evaluate/sweep API over them.

SYSTEMS is the one registry: every system module, each meeting the `System` contract
(system.py). The calibration, the backend, the worker's bridge and the tests all go through it.
"""

from __future__ import annotations

import inspect
from copy import deepcopy
from typing import TYPE_CHECKING

from . import afs, decnet, ffs, lavc, ofn, rsx_qio, rsx_swap
from .fitted import fitted, report
from .knobs import Spec
from .system import System
from .types import (
    Band,
    BoundLine,
    Card,
    EvaluateResult,
    Evaluation,
    Knee,
    Knobs,
    KnobValue,
    MemoPoint,
    OwnFit,
    Params,
    SweepResult,
    SystemDescription,
    Table,
)

MAX_SWEEP_POINTS = 512
# A knee found by halving a grid interval: to 2**-24 of it (far below what a chart shows), in as
# many model calls, once a sweep where the limit turns into a resource.
KNEE_HALVINGS = 24
BAND_POINTS = 32
# Points of a default sweep: smooth at chart widths, and cheap enough to redraw within a frame.
GRID_POINTS = 100
# A fitted parameter whose range (calibration report) spans more than this factor is one the
# memo does not pin down: sweeps draw the band across it, as for an unknown knob.
UNDETERMINED_FACTOR = 1.2

if TYPE_CHECKING:  # a user's own table is read only when one is given: the start stays lean
    from .fitting import Progress

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
    return {**spec(name).to_dict(), "memo_points": memo_points(name)}


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


def evaluate(name: str, knobs: dict[str, object] | None = None, params: object = None) -> EvaluateResult:
    """{"system", "knobs", "metrics", "bottleneck" (name or None), "stages", ...} at one setting,
    with the memo's calibration or `params` (model_params)."""
    m = system(name)
    full = m.SPEC.validate(knobs)
    answer = m.solve(full, model_params(name, params))
    result: EvaluateResult = {"system": name, "knobs": full, **answer}
    return result


def default_values(s: Spec, x: str) -> list[KnobValue]:
    """The values of knob x a chart sweeps by default: every step, or powers of two on log2."""
    k = s.knob(x)
    if k.choices is not None:
        return list(k.choices)
    assert k.min is not None and k.max is not None and k.step is not None
    if k.scale == "log2":
        v: float = k.min
        out: list[KnobValue] = []
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


def _series(
    m: System, base: Knobs, x: str, xs: list[KnobValue], p: Params | None = None
) -> tuple[dict[str, list[float | None]], list[str | None], dict[str, list[float | None]], list[BoundLine]]:
    points: list[Evaluation] | None = m.solve_along(base, x, xs, p)
    # a fast path's bounds come as lines from the model (its points leave them out)
    lines = getattr(m, "bounds_along", lambda *_: None)(base, x, xs, p) if points is not None else None
    if points is None:
        points = [m.solve({**base, x: v}, p, detail=False) for v in xs]
    metrics = {mt.name: [pt["metrics"][mt.name] for pt in points] for mt in m.SPEC.metrics}
    names = {name for pt in points for name in pt.get("limits", {})}
    limits = {name: [pt.get("limits", {}).get(name) for pt in points] for name in sorted(names)}
    return metrics, [pt["bottleneck"] for pt in points], limits, lines if lines is not None else _bound_lines(points)


def _bound_lines(points: list[Evaluation]) -> list[BoundLine]:
    """Each bound along x (None where a point has none: a stage that takes no time there)."""
    at: dict[tuple[str, str, str], list[float | None]] = {}
    for i, pt in enumerate(points):
        for b in pt.get("bounds", ()):
            at.setdefault((b["metric"], b["name"], b["side"]), [None] * len(points))[i] = b["value"]
    return [{"metric": m, "name": n, "side": sd, "values": v} for (m, n, sd), v in at.items()]


def _knee(
    m: System, base: Knobs, x: str, xs: list[KnobValue], bottleneck: list[str | None], p: Params | None = None
) -> Knee | None:
    """Where the pace setter first turns from a window or the users to a resource along x: the
    model's own answer where it has one (knee_along), else found by halving the interval on a
    continuous knob, else the midpoint of the two settings on an integer knob."""
    kx = m.SPEC.knob(x)
    window = set(m.SPEC.not_resources)

    def resource(b: str | None) -> bool:
        return b is not None and b not in window

    for i in range(1, len(xs)):
        lo, hi, turned = xs[i - 1], xs[i], bottleneck[i]
        if not (resource(turned) and not resource(bottleneck[i - 1])) or kx.choices is not None:
            continue
        assert turned is not None and isinstance(lo, (int, float)) and isinstance(hi, (int, float))
        hook = getattr(m, "knee_along", None)
        at = hook(base, x) if hook else None
        if at is None or not lo <= at <= hi:
            if kx.integer:
                at = (lo + hi) / 2
            else:
                a, b = float(lo), float(hi)
                for _ in range(KNEE_HALVINGS):
                    mid = (a + b) / 2
                    if resource(m.solve({**base, x: mid}, p, detail=False)["bottleneck"]):
                        b = mid
                    else:
                        a = mid
                at = b
        return {"x": float(at), "resource": turned}
    return None


def undetermined(name: str) -> dict[str, tuple[float, float]]:
    """Fitted parameters the data leave open: name -> (low, high)."""
    return {
        n: (lo, hi)
        for n, (lo, hi) in report(name).get("ranges", {}).items()
        if lo > 0 and hi / lo > UNDETERMINED_FACTOR
    }


def sweep(
    name: str,
    knobs: dict[str, object] | None,
    x: str,
    values: list[object] | None = None,
    band: bool = True,
    params: object = None,
    spread: object = None,
) -> SweepResult:
    """Metrics and bottleneck at each value of knob x, the other knobs fixed (values default to
    the knob's grid). Columnar: {"x_knob", "x": [...], "metrics": {name: [...]},
    "bottleneck": [...], "limits": {...}, "band": {knob: {"x": [...], "low": {...},
    "high": {...}}}}. The band gives the outcomes at both ends of each knob the memo leaves
    undetermined (other than x), and of each fitted parameter it does not pin down. It costs
    several curves: with band=False it is left empty, for a caller that asks for it apart
    (band(), the same arguments) so that the curve comes first. With `params` (a user's own fit)
    the curve is that fit's, and the band spans the unknown knobs and `spread`: the fitted
    parameters the user's table does not pin, each {name: [low, high]} (model_spread)."""
    m, base, xs = _sweep_args(name, knobs, x, values)
    p = model_params(name, params)
    metrics, bottleneck, limits, bound_lines = _series(m, base, x, xs, p)
    knee_hook = getattr(m, "bounds_knee_along", None)
    return {
        "system": name,
        "knobs": base,
        "x_knob": x,
        "x": xs,
        "metrics": metrics,
        "bottleneck": bottleneck,
        "limits": limits,
        "band": _band(m, name, base, x, xs, p, model_spread(name, spread, p)) if band else {},
        "knee": _knee(m, base, x, xs, bottleneck, p),
        "bounds": bound_lines,
        "bounds_knee": knee_hook(base, x, p) if knee_hook else None,
    }


def band(
    name: str,
    knobs: dict[str, object] | None,
    x: str,
    values: list[object] | None = None,
    params: object = None,
    spread: object = None,
) -> dict[str, Band]:
    """The band of sweep(name, knobs, x, values, params=params, spread=spread) alone."""
    m, base, xs = _sweep_args(name, knobs, x, values)
    p = model_params(name, params)
    return _band(m, name, base, x, xs, p, model_spread(name, spread, p))


def model_spread(name: str, spread: object, p: Params | None) -> dict[str, tuple[float, float]]:
    """The ranges a user's table leaves open for its fitted parameters ({name: [low, high]},
    each within the parameter's bounds); only with a user's fit (`p`)."""
    if spread is None or spread == {}:
        return {}
    if p is None:
        raise ValueError("spread goes with params: the ranges a user's own fit leaves open")
    if not isinstance(spread, dict) or len(spread) > 32:
        raise ValueError("spread must be an object mapping fitted parameters to [low, high]")
    bounds = system(name).BOUNDS
    out: dict[str, tuple[float, float]] = {}
    for key, pair in spread.items():
        if key not in bounds:
            raise ValueError(f"unknown parameter '{key}' in spread for system '{name}'")
        ok = (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pair)
        )
        lo, hi = bounds[key]
        if not ok or not lo <= pair[0] <= pair[1] <= hi:
            raise ValueError(f"spread of '{key}' must be [low, high] from {lo:g} to {hi:g}; got {pair!r}")
        out[key] = (float(pair[0]), float(pair[1]))
    return out


def _sweep_args(
    name: str, knobs: dict[str, object] | None, x: str, values: list[object] | None
) -> tuple[System, Knobs, list[KnobValue]]:
    m = system(name)
    s = m.SPEC
    base = s.validate(knobs)
    kx = s.knob(x)
    if values is None:
        values = list(default_values(s, x))
    if not isinstance(values, list) or not values:
        raise ValueError("values must be a non-empty list")
    if len(values) > MAX_SWEEP_POINTS:
        raise ValueError(f"at most {MAX_SWEEP_POINTS} sweep values are allowed; got {len(values)}")
    return m, base, [kx.coerce(v) for v in values]


def _band(
    m: System,
    name: str,
    base: Knobs,
    x: str,
    xs: list[KnobValue],
    p: Params | None = None,
    spread: dict[str, tuple[float, float]] | None = None,
) -> dict[str, Band]:
    s = m.SPEC
    band: dict[str, Band] = {}
    # The band is drawn as a shaded area: at most BAND_POINTS samples of x are plenty.
    bx = xs if len(xs) <= BAND_POINTS else xs[:: -(-len(xs) // BAND_POINTS)] + [xs[-1]]
    if isinstance(bx[-1], (int, float)) and len(bx) > 1 and bx[-1] == bx[-2]:
        bx.pop()
    for u in s.unknowns:
        if u == x:
            continue
        ku = s.knob(u)
        assert ku.min is not None and ku.max is not None
        band[u] = {
            "x": bx,
            "low": _series(m, {**base, u: ku.min}, x, bx, p)[0],
            "high": _series(m, {**base, u: ku.max}, x, bx, p)[0],
        }
    # the fitted parameters the data leave open: the user's table's (spread) with a user's fit,
    # else the memo's
    for pname, (lo, hi) in (spread or {} if p is not None else undetermined(name)).items():
        p0 = dict(p if p is not None else fitted(name))
        band[pname] = {
            "x": bx,
            "low": _series(m, base, x, bx, {**p0, pname: lo})[0],
            "high": _series(m, base, x, bx, {**p0, pname: hi})[0],
            "parameter": True,
            "label": m.PARAMETER_LABELS.get(pname, pname),
        }
    return band


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
    }


def read_table(name: str, text: str, knobs: dict[str, object] | None = None) -> Table:
    """A user's own table (owndata.py) read against the system, with the cells whose metric the
    model does not compute at their row's settings marked too."""
    from . import owndata, ownfit

    m = system(name)
    if not isinstance(text, str):
        raise ValueError("the table must be text")
    table = owndata.read_table(m.SPEC, text, knobs)
    if not table["problems"]:
        table["problems"] = ownfit.unmodelled(m, table)
    return table


def own_table(name: str, text: str | None = None, rows: object = None, knobs: dict[str, object] | None = None) -> Table:
    """A user's table from text (read_table) or JSON rows in the declared units, checked against
    the model; ValueError naming the problems if it has any."""
    from . import owndata, ownfit

    m = system(name)
    if text is not None:
        table = read_table(name, text, knobs)
    else:
        table = owndata.table_from_rows(m.SPEC, rows, knobs)
        if not table["problems"]:
            table["problems"] = ownfit.unmodelled(m, table)
    if table["problems"]:
        said = [f"line {p['line']}: {p['message']}" if p["line"] else p["message"] for p in table["problems"][:10]]
        raise ValueError("; ".join(said))
    return table


def fit(
    name: str,
    *,
    text: str | None = None,
    rows: object = None,
    knobs: dict[str, object] | None = None,
    fit: object = None,
    progress: Progress | None = None,
    left_out: bool = True,
) -> OwnFit:
    """Fit the system to a user's table and judge the fit (ownfit.fit_table): the fitted values
    and parameters, their ranges, each row's error, the nearest-row baseline, warnings, and
    (left_out) each row's error when left out of the fit."""
    from . import ownfit

    table = own_table(name, text, rows, knobs)
    result = ownfit.fit_table(system(name), table, _names(fit), progress, left_out)
    result["held"] = table["held"]
    return result


def fit_left_out(
    name: str,
    best: object,
    *,
    text: str | None = None,
    rows: object = None,
    knobs: dict[str, object] | None = None,
    fit: object = None,
    progress: Progress | None = None,
) -> dict[str, float | None]:
    """The left-out errors of a fit already made (its fitted values `best`), for a page that
    shows the fit first: "{line} {metric}" -> error (%)."""
    from . import ownfit

    m = system(name)
    table = own_table(name, text, rows, knobs)
    unknowns = ownfit.unknowns_for(m, table, _names(fit), ownfit.observations(table))
    if not isinstance(best, dict) or set(best) != {u.name for u in unknowns}:
        raise ValueError("best must give a value for each fitted name: " + ", ".join(u.name for u in unknowns))
    for u in unknowns:
        v = best[u.name]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not u.lo <= v <= u.hi:
            raise ValueError(f"{u.name} must be a number from {u.lo:g} to {u.hi:g}; got {v!r}")
    return ownfit.left_out_table(m, table, [u.name for u in unknowns], {k: float(v) for k, v in best.items()}, progress)


def _names(fit: object) -> list[str] | None:
    if fit is None:
        return None
    if not isinstance(fit, list) or not all(isinstance(n, str) for n in fit) or len(fit) > 32:
        raise ValueError("fit must be a list of parameter or knob names")
    return list(fit)
