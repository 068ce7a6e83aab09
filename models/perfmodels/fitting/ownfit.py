"""Fitting a model to a user's own table (owndata.py) and judging the fit (ownjudge.py).

What is fitted: the candidates (by default every fitted parameter of the model; or the names
asked for, which may also be knobs the table leaves open: numeric, not integer, not a column,
searched within the knob's range) that the rows can tell apart (identify.py: a candidate that
moves no row, or moves the rows only together with others, keeps the memo's value and is listed
as unpinned, with why). They are fitted by least squares on log(model / measured) with a pull
toward the memo's calibrated values (ownprior.py), its weight chosen by leaving each row out.
Every other parameter keeps the memo's value, every other knob the setting held.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..fitted import fitted
from ..system import System
from ..types import Knobs, Observation, OwnFit, OwnFitRow, Params, Table, TableProblem, observation
from ..types.requests import Progress
from . import FLAT_TOLERANCE, SIGNIFICANT, Unknown, baseline, error_percent, loss, ownjudge, ownprior, ownsearch, split
from .leastsq import Box, Fit, Prior, cost, jacobian, left_out_step, levenberg_marquardt
from .multistart import own_best
from .ownresiduals import MISS, group_residuals, residuals
from .profileranges import profile_ranges

# How many times a better fit the profile walk meets is taken (each costs a walk again).
RESCUES = 2
# Calls of one row's refit from the fit of all (it moves the fit a little).
REFIT_CALLS = 60


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


def candidates(model: System, table: Table, names: list[str] | None) -> list[Unknown]:
    """What may be fitted, from the memo's values: the names asked for, or every fitted parameter."""
    memo = fitted(model.SPEC.id) if model.FITTED else {}
    allowed = fittable(model, table)
    out = []
    for n in list(model.FITTED) if names is None else names:
        if n not in allowed:
            raise ValueError(f"cannot fit '{n}'; what can be fitted here: {', '.join(allowed) or 'nothing'}")
        if n in model.FITTED:
            out.append(Unknown(n, "param", *model.BOUNDS[n], memo[n]))
        else:
            k = model.SPEC.knob(n)
            assert k.min is not None and k.max is not None
            out.append(Unknown(n, "knob", k.min, k.max, float(table["held"][n])))
    return out


def _predict(model: System, o: Observation, p: Params, knobs: Knobs | None = None) -> float | None:
    k = model.SPEC.validate(o["config"])
    v = model.solve({**k, **knobs} if knobs else k, {**model.FIXED_DEFAULTS, **p}, detail=False)["metrics"][o["metric"]]
    return None if v is None else float(v)


def groups(obs: list[Observation], by: str) -> list[list[int]]:
    """Indices of the observations of each row ("line") or each setting ("config")."""
    out: dict[str, list[int]] = {}
    for i, o in enumerate(obs):
        key = o["config_id"] if by == "line" else repr(sorted(o["config"].items()))
        out.setdefault(key, []).append(i)
    return list(out.values())


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
    memo = fitted(model.SPEC.id) if model.FITTED else {}
    share = 1 / (1 + len(table["rows"])) if left_out else 1.0  # of the work: the fit, then each row left out
    # the search most of the fit's share, the memo's pulls the rest
    unknowns, unpinned, own_fit = ownsearch.search(
        lambda us: residuals(model, obs, us, memo), candidates(model, table, names), _scaled(progress, 0, 0.7 * share)
    )
    best: dict[str, float] = {}
    spans: dict[str, list[float]] = {}
    weight, tried = 0.0, dict[float, float]()
    comparison_errors: list[float | None] = []
    better = False
    if unknowns and own_fit:
        f = residuals(model, obs, unknowns, memo)
        box = Box.of(unknowns)
        rows = groups(obs, "line")
        weight, fit, tried = ownprior.choose(
            model.SPEC.id,
            f,
            unknowns,
            box,
            rows,
            group_residuals(model, obs, unknowns, memo, rows),
            own_fit,
            _scaled(progress, 0.7 * share, 0.3 * share),
        )
        pr = ownprior.prior(model.SPEC.id, unknowns, weight)
        edges, lower = profile_ranges(f, fit, box, pr, FLAT_TOLERANCE)
        for _ in range(RESCUES):  # the walk found a better fit: take it, and walk from there
            if lower is None:
                break
            fit = levenberg_marquardt(f, lower, box, pr)
            edges, lower = profile_ranges(f, fit, box, pr, FLAT_TOLERANCE)
        best = {u.name: _round(u.from_search(x)[0]) for u, x in zip(unknowns, fit.x, strict=True)}
        spans = {
            u.name: [
                _round(min(u.from_search(lo)[0], best[u.name]), 3),
                _round(max(u.from_search(hi)[0], best[u.name]), 3),
            ]
            for u, (lo, hi) in zip(unknowns, edges, strict=True)
        }
        configs = groups(obs, "config")
        by_config = left_out_step(fit, pr, configs, group_residuals(model, obs, unknowns, memo, configs), box)
        comparison_errors = [_pct(100 * math.expm1(e)) for e in by_config]
        better = _rms(by_config) < _rms(_memo_residuals(model, obs, memo)) - 1e-9
    p, k = split(unknowns, [best[u.name] for u in unknowns])
    params = {**memo, **p}
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
                "missing": ownjudge.missing(model, o, params, k, m),
            }
        )
    in_sample = ownjudge.summary([r["error_percent"] for r in rows_out])
    memo_errors = ownjudge.summary([_pct(error_percent(r["memo_model"], r["measured"])) for r in rows_out])
    fitted_out = ownjudge.summary(comparison_errors) if unknowns else memo_errors
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
            "baseline": ownjudge.summary(
                [r["baseline_percent"] for r in rows_out if r["baseline_percent"] is not None]
            ),
        },
        "warnings": ownjudge.warnings(
            model,
            [(u.name, *spans[u.name], u.lo, u.hi, u.log) for u in unknowns],  # type: ignore[misc]
            len(obs),
            in_sample,
        ),
        "unpinned": [
            ownjudge.unpinned_entry(model, u.name, u.reason, u.partners, _memo_value(model, table, u.name))
            for u in unpinned
        ],
        # (fitted knobs alone have no memo value to be pulled toward: nothing tried)
        "prior": {
            "weight": weight,
            "tried": [[w, round(s, 8)] for w, s in sorted(tried.items(), reverse=True)]
            if any(u.kind == "param" for u in unknowns)
            else [],
        },
        "comparison": {
            "fitted_left_out": fitted_out,
            "memo": memo_errors,
            "better": better,
        },
    }
    if left_out:
        errors = left_out_table(model, table, out["fitted"], best, _scaled(progress, share, 1 - share), weight)
        for r in rows_out:
            r["left_out_percent"] = errors[f"{r['line']} {r['metric']}"]
        out["summary"]["leave_one_out"] = ownjudge.summary(list(errors.values()))
    if progress:
        progress(1.0)
    return out


def _memo_value(model: System, table: Table, name: str) -> float:
    return fitted(model.SPEC.id)[name] if name in model.FITTED else float(table["held"][name])


def _rms(residuals: list[float]) -> float:
    return math.sqrt(sum(r * r for r in residuals) / max(1, len(residuals)))


def _memo_residuals(model: System, obs: list[Observation], memo: Params) -> list[float]:
    """log(model / measured) with the memo's parameters (a value it cannot give: as the loss counts it)."""
    out = []
    for o in obs:
        m = _predict(model, o, memo)
        out.append(math.log(m / o["value"]) if m is not None and m > 0 else MISS)
    return out


def _round(x: float, digits: int = SIGNIFICANT) -> float:
    return float(f"{x:.{digits}g}")


def left_out_table(
    model: System,
    table: Table,
    names: list[str],
    best: dict[str, float],
    progress: Progress | None = None,
    weight: float | None = None,
) -> dict[str, float | None]:
    """Each row left out in turn: the unknowns `names` refitted on the other rows with the
    memo's pull of `weight` (None: chosen again, as the fit does), from the best fit of all,
    then that row's values predicted. "{line} {metric}" -> error (%)."""
    obs = observations(table)
    unknowns = [replace(u, start=best[u.name]) for u in candidates(model, table, names)]
    memo = fitted(model.SPEC.id) if model.FITTED else {}
    out: dict[str, float | None] = {}
    n = len(table["rows"])
    centre = candidates(model, table, names)  # the pull is toward the memo's values, not the fit's
    if unknowns and weight is None:
        rows = groups(obs, "line")
        f, box = residuals(model, obs, centre, memo), Box.of(centre)
        own_fit = own_best(f, [[u.to_search(u.start) for u in centre]], box)
        weight, _, _ = ownprior.choose(
            model.SPEC.id, f, centre, box, rows, group_residuals(model, obs, centre, memo, rows), own_fit
        )
    pr: Prior | None = ownprior.prior(model.SPEC.id, centre, weight or 0.0) if unknowns else None
    box = Box.of(unknowns)
    x0 = [u.to_search(u.start) for u in unknowns]
    whole = residuals(model, obs, unknowns, memo)
    r0 = whole(x0) if unknowns else []
    jac0 = jacobian(whole, x0, r0, box) if unknowns else []  # each refit starts from its rows of it
    for i, row in enumerate(table["rows"]):
        mine = [o for o in obs if _line(o) == row["line"]]
        kept = [j for j, o in enumerate(obs) if _line(o) != row["line"]]
        again = best
        if unknowns and kept:
            warm = Fit(x0, [r0[j] for j in kept], [jac0[j] for j in kept], 0.0)
            warm.loss = cost(warm.r, x0, pr)
            f = residuals(model, [obs[j] for j in kept], unknowns, memo)
            refit = levenberg_marquardt(f, warm, box, pr, calls=REFIT_CALLS)
            again = {u.name: u.from_search(x)[0] for u, x in zip(unknowns, refit.x, strict=True)}
        p, k = split(unknowns, [again[u.name] for u in unknowns])
        for o in mine:
            out[f"{row['line']} {o['metric']}"] = _pct(error_percent(_predict(model, o, {**memo, **p}, k), o["value"]))
        if progress:
            progress((i + 1) / n)
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


def _pct(x: float) -> float | None:
    return round(x, 3) if math.isfinite(x) else None  # NaN (no other row to copy) and inf: none
