"""A user's own table, by system name: read it (owndata.py), fit the model to it (ownfit.py) and
leave its rows out of a fit already made. What the operations (ops.py), the API and the CLI call.

owndata and ownfit are imported only when a table is given: the start stays lean.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..registry import system
from ..types import OwnFit, Table
from ..types.requests import Progress


def read_table(name: str, text: str, knobs: Mapping[str, object] | None = None) -> Table:
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


def own_table(
    name: str, text: str | None = None, rows: object = None, knobs: Mapping[str, object] | None = None
) -> Table:
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
    knobs: Mapping[str, object] | None = None,
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
    knobs: Mapping[str, object] | None = None,
    fit: object = None,
    weight: object = None,
    progress: Progress | None = None,
) -> dict[str, float | None]:
    """The left-out errors of a fit already made (its fitted values `best`, fitted with the
    memo's pull of `weight`; None: chosen again), for a page that shows the fit first:
    "{line} {metric}" -> error (%)."""
    from . import ownfit

    m = system(name)
    table = own_table(name, text, rows, knobs)
    unknowns = ownfit.candidates(m, table, _names(fit))
    if weight is not None and (isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight >= 0):
        raise ValueError(f"weight must be a number from 0; got {weight!r}")
    if not isinstance(best, dict) or set(best) != {u.name for u in unknowns}:
        raise ValueError("best must give a value for each fitted name: " + ", ".join(u.name for u in unknowns))
    for u in unknowns:
        v = best[u.name]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not u.lo <= v <= u.hi:
            raise ValueError(f"{u.name} must be a number from {u.lo:g} to {u.hi:g}; got {v!r}")
    return ownfit.left_out_table(
        m,
        table,
        [u.name for u in unknowns],
        {k: float(v) for k, v in best.items()},
        progress,
        None if weight is None else float(weight),
    )


def _names(fit: object) -> list[str] | None:
    if fit is None:
        return None
    if not isinstance(fit, list) or not all(isinstance(n, str) for n in fit) or len(fit) > 32:
        raise ValueError("fit must be a list of parameter or knob names")
    return list(fit)
