"""Fit a model, then judge it: in-sample errors, leave one configuration out, naive baseline."""

from __future__ import annotations

import math
from statistics import median
from typing import Any

from perfmodels.system import System, predict
from perfmodels.types import Observation

from .fit import nelder_mead


def _err(model: float | None, memo: float) -> float:
    if model is None:  # no prediction where the memo measured: as far off as it gets
        return float("inf")
    return 100.0 * (model / memo - 1.0)


SIGNIFICANT = 4  # fitted parameters are published to 4 significant digits
FLAT_TOLERANCE = 0.01  # a parameter is undetermined over the range where the loss stays this close


def _round(x: float, digits: int = SIGNIFICANT) -> float:
    return float(f"{x:.{digits}g}")


def loss(model: System, obs: list[Observation], p: dict[str, float]) -> float:
    """Sum over figures of log(model / memo) squared (a non-positive prediction costs 1e6)."""
    total = 0.0
    for o in obs:
        m = predict(model, o["config"], {**model.FIXED_DEFAULTS, **p})[o["metric"]]
        total += math.log(m / o["value"]) ** 2 if m is not None and m > 0 else 1e6
    return total


def fit(model: System, obs: list[Observation], restarts: int = 5) -> dict[str, float]:
    """Least squares on log(model / memo) over every figure; parameters fitted in log space
    (they are all positive physical quantities). Deterministic: same start, same answer."""
    names = list(model.FITTED)
    if not names:  # a model with nothing to fit (its parameters are all physical constants)
        return {}

    def f(v: list[float]) -> float:
        return loss(model, obs, dict(zip(names, map(math.exp, v), strict=True)))

    best = [math.log(model.START[n]) for n in names]
    for _ in range(restarts):
        best, _value = nelder_mead(f, best, step=0.5, iterations=3000)
    return {n: _round(math.exp(x)) for n, x in zip(names, best, strict=True)}


def ranges(model: System, obs: list[Observation], params: dict[str, float]) -> dict[str, Any]:
    """For each fitted parameter, the values (others held at their fit) whose loss stays within
    FLAT_TOLERANCE of the best: [low, high]. A wide range is a parameter the data cannot pin."""
    best = loss(model, obs, params)
    limit = best * (1 + FLAT_TOLERANCE) + 1e-9
    out = {}
    for name, value in params.items():
        edges = []
        for direction in (-1, 1):
            edge = value
            for i in range(1, 301):  # steps of 0.5 % up to a factor of 4.5
                v = value * math.exp(direction * 0.005 * i)
                if loss(model, obs, {**params, name: v}) > limit:
                    break
                edge = v
            edges.append(edge)
        out[name] = [_round(edges[0], 3), _round(edges[1], 3)]
    return out


def input_groups(model: System, obs: list[Observation], params: dict[str, float]) -> dict[str, str]:
    """config_id -> the model's distinct input it is: configurations the model cannot tell
    apart (it predicts the same value of every measured metric for them) form one group."""
    groups: dict[str, str] = {}
    seen: dict[tuple[tuple[str, float | None], ...], str] = {}
    full = {**model.FIXED_DEFAULTS, **params}
    measured = sorted({o["metric"] for o in obs})
    for o in obs:
        if o["config_id"] in groups:
            continue
        m = predict(model, o["config"], full)
        key = tuple((k, None if m[k] is None else float(f"{m[k]:.12g}")) for k in measured)
        groups[o["config_id"]] = seen.setdefault(key, o["config_id"])
    return groups


def _distance(a: dict[str, Any], b: dict[str, Any]) -> float:
    d = 0.0
    for k in set(a) | set(b):
        va, vb = a.get(k), b.get(k)
        if va == vb:
            continue
        if isinstance(va, (int, float)) and isinstance(vb, (int, float)) and va > 0 and vb > 0:
            d += abs(math.log2(va / vb))
        else:
            d += 1.0
    return d


def baseline(obs: list[Observation], groups: dict[str, str] | None = None) -> list[float]:
    """Errors of copying the nearest other input's figure of the same metric (never a twin the
    model cannot tell apart: that would be a lookup of the answer)."""

    def group(o: Observation) -> str:
        return groups[o["config_id"]] if groups else o["config_id"]

    out = []
    for o in obs:
        others = [p for p in obs if p["metric"] == o["metric"] and group(p) != group(o)]
        if not others:
            out.append(float("nan"))
            continue
        nearest = min(others, key=lambda p: (_distance(p["config"], o["config"]), p["config_id"]))
        out.append(_err(nearest["value"], o["value"]))
    return out


def summarize(errors: list[float]) -> dict[str, Any]:
    a = [abs(e) for e in errors if e == e]
    return {"n": len(a), "median_abs": round(median(a), 2) if a else None, "max_abs": round(max(a), 2) if a else None}


def calibrate(model: System, loco: bool = True) -> dict[str, Any]:
    obs = model.observations()
    params = fit(model, obs)
    full = {**model.FIXED_DEFAULTS, **params}
    figures: list[dict[str, Any]] = []
    groups = input_groups(model, obs, params)
    base = baseline(obs, groups)
    for o, b in zip(obs, base, strict=True):
        m = predict(model, o["config"], full)[o["metric"]]
        figures.append(
            {
                **o,
                "model": m,
                "error_percent": round(_err(m, o["value"]), 3),
                "baseline_error_percent": round(b, 3) if b == b else None,
            }
        )
    for f in figures:
        f["input"] = groups[f["config_id"]]
    loco_errors: list[float] = []
    loco_secondary: list[float] = []
    if loco:
        # Leave out one distinct input at a time, with every row the model cannot tell from it.
        for g in sorted(set(groups.values())):
            rest = [o for o in obs if groups[o["config_id"]] != g]
            p = {**model.FIXED_DEFAULTS, **fit(model, rest, restarts=3)}
            for f in figures:
                if f["input"] == g:
                    f["loco_error_percent"] = round(_err(predict(model, f["config"], p)[f["metric"]], f["value"]), 3)
                    (loco_secondary if f["secondary"] else loco_errors).append(f["loco_error_percent"])
    primary = [f for f in figures if not f["secondary"]]
    secondary = [f for f in figures if f["secondary"]]
    configs = {o["config_id"] for o in obs}
    distinct_figures = {(f["input"], f["metric"]) for f in figures}
    summary = {
        "configurations": len(configs),
        "distinct_inputs": len(set(groups.values())),
        "distinct_figures": len(distinct_figures),
        "fitted_parameters": len(params),
        "in_sample": summarize([f["error_percent"] for f in primary]),
        "secondary": summarize([f["error_percent"] for f in secondary]),
        "leave_one_configuration_out": summarize(loco_errors) if loco else None,
        "leave_one_configuration_out_secondary": summarize(loco_secondary) if loco else None,
        "baseline_nearest_figure": summarize(
            [f["baseline_error_percent"] for f in figures if f["baseline_error_percent"] is not None]
        ),
    }
    return {
        "params": params,
        "ranges": ranges(model, obs, params) if params else {},
        "fixed": dict(model.FIXED_DEFAULTS),
        "summary": summary,
        "figures": figures,
    }
