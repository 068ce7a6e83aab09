"""Fitting a model to a user's own table (owndata.py), by the memo calibration's own code
(fitting.py), and judging the fit as a model card judges the memo's: each row's error, each row
left out and predicted from the rest, and the error of copying the nearest other row.

What is fitted: by default every fitted parameter of the model that the table's values move
(a parameter that changes no prediction by a part in a million cannot be fitted from it); or
the names asked for, which may also be knobs the table leaves open (numeric, not integer, and
not a column), searched within the knob's range. Every other parameter keeps the memo's value,
every other knob the setting held.
"""

from __future__ import annotations

import inspect
import math
import re
from dataclasses import replace

from .fitted import fitted
from .fitting import FLAT_TOLERANCE, Unknown, baseline, error_percent, fit, loss, ranges, split, summarize
from .system import System
from .types import Knobs, Observation, OwnFit, OwnFitRow, OwnFitWarning, Params, Table, TableProblem, observation
from .types.requests import Progress

# A fitted unknown whose equally good values span more than this factor is one the table
# cannot pin down (as on the model cards).
UNDETERMINED_FACTOR = 1.2
# In-sample median error (%) above which the model is said not to reach the data.
UNREACHED_PERCENT = 15.0
# A user's fit: fewer restarts than the memo's calibration (it starts at the memo's values).
RESTARTS = 2
ITERATIONS = 1500
TOLERANCE = 1e-9
# A row left out moves the best a little: its refit starts there with a small simplex.
LEFT_OUT_STEP = 0.1
LEFT_OUT_TOLERANCE = 1e-6  # its errors agree with a full refit to 0.1 % of the value


def unmodelled(model: System, table: Table) -> list[TableProblem]:
    """Cells whose metric the model does not compute at that row's settings."""
    out: list[TableProblem] = []
    columns = {col["name"]: i for i, col in enumerate(table["columns"]) if col["name"]}
    for row in table["rows"]:
        got = model.solve(model.SPEC.validate({**table["held"], **row["knobs"]}), None, detail=False)["metrics"]
        for name in row["metrics"]:
            if got.get(name) is None:
                out.append(
                    {
                        "line": row["line"],
                        "column": columns[name],
                        "message": f"the model gives no {name} at these settings",
                    }
                )
    return out


def observations(table: Table) -> list[Observation]:
    return [
        observation(
            {**table["held"], **row["knobs"]},
            f"line {row['line']}",
            metric,
            value,
            dataset="own",
            figure=f"line {row['line']}",
        )
        for row in table["rows"]
        for metric, value in row["metrics"].items()
    ]


def fittable(model: System, table: Table) -> list[str]:
    """What a user may ask to fit: the model's fitted parameters, and the numeric, non-integer
    knobs the table does not give."""
    given = {col["name"] for col in table["columns"] if col["kind"] == "knob"}
    knobs = [k.name for k in model.SPEC.knobs if k.choices is None and not k.integer and k.name not in given]
    return list(model.FITTED) + knobs


def unknowns_for(model: System, table: Table, names: list[str] | None, obs: list[Observation]) -> list[Unknown]:
    memo = fitted(model.SPEC.id) if model.FITTED else {}
    allowed = fittable(model, table)
    if names is None:
        return [
            u
            for u in (Unknown(n, "param", *model.BOUNDS[n], memo[n]) for n in model.FITTED)
            if _moves(model, obs, memo, u)
        ]
    out = []
    for n in names:
        if n not in allowed:
            raise ValueError(f"cannot fit '{n}'; what can be fitted here: {', '.join(allowed) or 'nothing'}")
        if n in model.FITTED:
            out.append(Unknown(n, "param", *model.BOUNDS[n], memo[n]))
        else:
            k = model.SPEC.knob(n)
            assert k.min is not None and k.max is not None
            out.append(Unknown(n, "knob", k.min, k.max, float(table["held"][n])))
    return out


def _moves(model: System, obs: list[Observation], memo: Params, u: Unknown) -> bool:
    """Whether a parameter changes some prediction of these rows (10 % up, then down)."""
    base = [_predict(model, o, memo) for o in obs]
    for f in (1.1, 1 / 1.1):
        v = min(u.hi, max(u.lo, u.start * f))
        moved = [_predict(model, o, {**memo, u.name: v}) for o in obs]
        if any(a is not None and b is not None and abs(b / a - 1) > 1e-6 for a, b in zip(base, moved, strict=True)):
            return True
    return False


def _predict(model: System, o: Observation, p: Params, knobs: Knobs | None = None) -> float | None:
    k = model.SPEC.validate(o["config"])
    v = model.solve({**k, **knobs} if knobs else k, {**model.FIXED_DEFAULTS, **p}, detail=False)["metrics"][o["metric"]]
    return None if v is None else float(v)


def not_captured(model: System) -> str:
    """The "Not captured:" paragraph of the model's own explanation."""
    doc = inspect.getdoc(model) or ""
    m = re.search(r"Not captured:(.*?)(?:\n\s*\n|$)", doc, re.S)
    return " ".join(m.group(1).split()) if m else ""


def fit_table(
    model: System,
    table: Table,
    names: list[str] | None = None,
    progress: Progress | None = None,
    left_out: bool = True,
) -> OwnFit:
    """Fit the table (which must have no problems) and judge the fit; with left_out=False the
    rows left out one at a time are not refitted (left_out_table() does it apart, for a page
    that shows the fit first)."""
    if table["problems"]:
        raise ValueError("the table has problems: mend them first")
    if not table["rows"]:
        raise ValueError("the table has no rows to fit")
    obs = observations(table)
    unknowns = unknowns_for(model, table, names, obs)
    memo = fitted(model.SPEC.id) if model.FITTED else {}
    share = 1 / (1 + len(table["rows"])) if left_out else 1.0  # of the work: the fit, then each row left out
    best = (
        fit(
            model,
            obs,
            unknowns,
            base=memo,
            restarts=RESTARTS,
            iterations=ITERATIONS,
            tolerance=TOLERANCE,
            progress=_scaled(progress, 0.0, share),
        )
        if unknowns
        else {}
    )
    p, k = split(unknowns, [best[u.name] for u in unknowns])
    params = {**memo, **p}
    spans = ranges(model, obs, best, unknowns, base=memo) if unknowns else {}
    rows_out: list[OwnFitRow] = []
    for o, b in zip(obs, baseline(obs), strict=True):
        m = _predict(model, o, params, k)
        rows_out.append(
            {
                "line": _line(o),
                "metric": o["metric"],
                "measured": o["value"],
                "fitted": m,
                "memo_model": _predict(model, o, memo),
                "error_percent": _pct(error_percent(m, o["value"])),
                "baseline_percent": _pct(b),
            }
        )
    warnings: list[OwnFitWarning] = []
    for u in unknowns:
        lo, hi = spans[u.name]
        wide = (hi / lo > UNDETERMINED_FACTOR) if lo > 0 else (hi - lo) > 0.2 * (u.hi - u.lo)
        if wide:
            warnings.append(
                {
                    "kind": "undetermined",
                    "name": u.name,
                    "message": f"the table cannot pin {model.PARAMETER_LABELS.get(u.name, u.name)}: values from "
                    f"{lo:g} to {hi:g} fit it within {FLAT_TOLERANCE:.0%}",
                }
            )
    if unknowns and len(unknowns) >= len(obs):
        warnings.append(
            {
                "kind": "undetermined",
                "name": None,
                "message": f"{len(unknowns)} values fitted to {len(obs)} measurements: the fit can follow every one, "
                "so its errors say little; measure more settings, or fit fewer",
            }
        )
    in_sample = summarize([_finite(r["error_percent"]) for r in rows_out])
    if in_sample["median_abs"] is not None and in_sample["median_abs"] > UNREACHED_PERCENT:
        warnings.append(
            {
                "kind": "unreached",
                "name": None,
                "message": f"the model misses these measurements by {in_sample['median_abs']:g} % at the median "
                "after fitting: the machine may do something the model leaves out. Not captured by the model: "
                + not_captured(model),
            }
        )
    out: OwnFit = {
        "system": model.SPEC.id,
        "fitted": [u.name for u in unknowns],
        "best": best,
        "params": params,
        "knobs": k,
        "ranges": spans,
        "loss": loss(model, obs, params, k),
        "rows": rows_out,
        "summary": {
            "in_sample": in_sample,
            "baseline": summarize(
                [_finite(r["baseline_percent"]) for r in rows_out if r["baseline_percent"] is not None]
            ),
        },
        "warnings": warnings,
    }
    if left_out:
        errors = left_out_table(model, table, out["fitted"], best, _scaled(progress, share, 1 - share))
        for r in rows_out:
            r["left_out_percent"] = errors[f"{r['line']} {r['metric']}"]
        out["summary"]["leave_one_out"] = summarize([_finite(e) for e in errors.values()])
    if progress:
        progress(1.0)
    return out


def left_out_table(
    model: System, table: Table, names: list[str], best: dict[str, float], progress: Progress | None = None
) -> dict[str, float | None]:
    """Each row left out in turn: the unknowns refitted on the other rows (from the best fit of
    all, a small simplex), then that row's values predicted. "{line} {metric}" -> error (%)."""
    obs = observations(table)
    unknowns = [replace(u, start=best[u.name]) for u in unknowns_for(model, table, names, obs)]
    memo = fitted(model.SPEC.id) if model.FITTED else {}
    out: dict[str, float | None] = {}
    n = len(table["rows"])
    for i, row in enumerate(table["rows"]):
        mine = [o for o in obs if _line(o) == row["line"]]
        rest = [o for o in obs if _line(o) != row["line"]]
        again = best
        if unknowns and rest:
            again = fit(
                model,
                rest,
                unknowns,
                base=memo,
                restarts=1,
                iterations=ITERATIONS,
                tolerance=LEFT_OUT_TOLERANCE,
                step=LEFT_OUT_STEP,
                progress=_scaled(progress, i / n, 1 / n),
            )
        p, k = split(unknowns, [again[u.name] for u in unknowns])
        for o in mine:
            out[f"{row['line']} {o['metric']}"] = _pct(error_percent(_predict(model, o, {**memo, **p}, k), o["value"]))
    return out


def _scaled(progress: Progress | None, start: float, width: float) -> Progress | None:
    """Progress of one part of the work, reported as a share of the whole."""
    if progress is None:
        return None
    whole = progress

    def part(f: float) -> None:
        whole(start + f * width)

    return part


def _line(o: Observation) -> int:
    return int(o["config_id"].split()[1])


def _finite(x: float | None) -> float:
    return math.inf if x is None else x


def _pct(x: float) -> float | None:
    return round(x, 3) if math.isfinite(x) else None  # NaN (no other row to copy) and inf: none
