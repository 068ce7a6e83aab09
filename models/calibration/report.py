"""Fit a model, then judge it: in-sample errors, leave one configuration out, naive baseline."""

from __future__ import annotations

from typing import Any

from perfmodels.fitting import baseline, fit, ranges, summarize
from perfmodels.fitting import error_percent as _err
from perfmodels.fitting.memofit import input_groups, left_out
from perfmodels.system import System, predict


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
            for i, e in left_out(model, obs, groups, g).items():
                figures[i]["loco_error_percent"] = e
                (loco_secondary if figures[i]["secondary"] else loco_errors).append(e)
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
