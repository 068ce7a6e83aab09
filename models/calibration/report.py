"""Fit a model, then judge it: in-sample errors, leave one configuration out, naive baseline."""

from __future__ import annotations

import math
from statistics import median
from types import ModuleType

from .fit import nelder_mead


def _err(model: float, memo: float) -> float:
    return 100.0 * (model / memo - 1.0)


def fit(model: ModuleType, obs: list[dict], restarts: int = 5) -> dict:
    """Least squares on log(model / memo) over every figure; parameters fitted in log space
    (they are all positive physical quantities). Deterministic: same start, same answer."""
    names = list(model.FITTED)
    if not names:  # a model with nothing to fit (its parameters are all physical constants)
        return {}

    def loss(v: list[float]) -> float:
        p = {**model.FIXED_DEFAULTS, **dict(zip(names, map(math.exp, v)))}
        total = 0.0
        for o in obs:
            m = model.predict(o["config"], p)[o["metric"]]
            total += math.log(m / o["value"]) ** 2 if m > 0 else 1e6
        return total

    best = [math.log(model.START[n]) for n in names]
    for _ in range(restarts):
        best, _value = nelder_mead(loss, best, step=0.5, iterations=3000)
    return {n: round(math.exp(x), 6) for n, x in zip(names, best)}


def _distance(a: dict, b: dict) -> float:
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


def baseline(obs: list[dict]) -> list[float]:
    """Errors of copying the nearest other configuration's figure of the same metric."""
    out = []
    for o in obs:
        others = [p for p in obs if p["metric"] == o["metric"] and p["config_id"] != o["config_id"]]
        if not others:
            out.append(float("nan"))
            continue
        nearest = min(others, key=lambda p: (_distance(p["config"], o["config"]), p["config_id"]))
        out.append(_err(nearest["value"], o["value"]))
    return out


def summarize(errors: list[float]) -> dict:
    a = [abs(e) for e in errors if e == e]
    return {"n": len(a), "median_abs": round(median(a), 2) if a else None, "max_abs": round(max(a), 2) if a else None}


def calibrate(model: ModuleType, loco: bool = True) -> dict:
    obs = model.observations()
    params = fit(model, obs)
    full = {**model.FIXED_DEFAULTS, **params}
    figures = []
    base = baseline(obs)
    for o, b in zip(obs, base):
        m = model.predict(o["config"], full)[o["metric"]]
        figures.append({**o, "model": m, "error_percent": round(_err(m, o["value"]), 3),
                        "baseline_error_percent": round(b, 3) if b == b else None})
    loco_errors: list[float] = []
    if loco:
        for cid in sorted({o["config_id"] for o in obs}):
            rest = [o for o in obs if o["config_id"] != cid]
            p = {**model.FIXED_DEFAULTS, **fit(model, rest, restarts=3)}  # noqa: fits on the rest only
            for f in figures:
                if f["config_id"] == cid:
                    f["loco_error_percent"] = round(_err(model.predict(f["config"], p)[f["metric"]], f["value"]), 3)
                    loco_errors.append(f["loco_error_percent"])
    primary = [f for f in figures if not f["secondary"]]
    secondary = [f for f in figures if f["secondary"]]
    configs = {o["config_id"] for o in obs}
    summary = {
        "configurations": len(configs),
        "fitted_parameters": len(params),
        "in_sample": summarize([f["error_percent"] for f in primary]),
        "secondary": summarize([f["error_percent"] for f in secondary]),
        "leave_one_configuration_out": summarize(loco_errors) if loco else None,
        "baseline_nearest_figure": summarize([f["baseline_error_percent"] for f in figures
                                              if f["baseline_error_percent"] is not None]),
    }
    return {"params": params, "fixed": dict(model.FIXED_DEFAULTS), "summary": summary, "figures": figures}
