"""A user's own measurements: a pasted or uploaded table read into rows a model can be fitted to.

The text is CSV, TSV (a spreadsheet's copied cells) or semicolon-separated, the first line its
header. Each column names a knob or a metric of the system by its id or its label, with an
optional unit in brackets (`block_size (bytes)`, `Throughput [KB/s]`), converted to the unit the
system declares (units.py). Lines starting with # are notes. Knobs no column gives are held at
the setting on screen.

Nothing is thrown away: every problem is reported at its line and column (an unknown column
with the closest names; a cell that is not a number; a knob outside its range, with the range;
a choice the knob does not have, with the choices; a row given twice (a setting measured
again, with its own values, is a repeat and counts); a measured value the
model does not compute there), and only a table without problems is fitted.
"""

from __future__ import annotations

import csv
import difflib
import math
import re
from collections.abc import Mapping
from typing import Any

from ..knobs import Knob, Metric, Spec
from ..types import Table, TableColumn
from ..units import factor

MAX_BYTES = 64 * 1024
MAX_ROWS = 500

_HEADER = re.compile(r"^(.*?)\s*[\(\[]\s*([^\)\]]*?)\s*[\)\]]\s*$")


def _norm(s: str) -> str:
    return re.sub(r"[\s_\-]+", " ", s.strip().lower())


def _names(spec: Spec) -> dict[str, tuple[str, Knob | Metric]]:
    out: dict[str, tuple[str, Knob | Metric]] = {}
    for k in spec.knobs:
        out.setdefault(_norm(k.name), ("knob", k))
        out.setdefault(_norm(k.label), ("knob", k))
    for m in spec.metrics:
        out.setdefault(_norm(m.name), ("metric", m))
        out.setdefault(_norm(m.label), ("metric", m))
    return out


def _number(text: str) -> float | None:
    t = text.strip().replace("\u2009", "").replace("\u00a0", "").replace("_", "")
    try:
        v = float(t)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def _delimiter(header: str) -> str:
    if "\t" in header:
        return "\t"
    if ";" in header and "," not in header:
        return ";"
    return ","


def read_table(spec: Spec, text: str, held: Mapping[str, object] | None = None) -> Table:
    """The table in `text` read against the system's knobs and metrics; knobs it does not give
    take `held` (validated; the defaults where it says nothing)."""
    base = spec.validate(held or {})
    out: Table = {"columns": [], "rows": [], "problems": [], "held": base}
    if len(text.encode("utf-8")) > MAX_BYTES:
        out["problems"].append(
            {
                "line": 0,
                "column": None,
                "message": f"the table is over {MAX_BYTES // 1024} KB; give at most {MAX_ROWS} rows",
            }
        )
        return out
    lines = [(i + 1, line) for i, line in enumerate(text.lstrip("\ufeff").splitlines())]
    lines = [(n, line) for n, line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        out["problems"].append(
            {"line": 0, "column": None, "message": "the table is empty: a header line, then one row per measurement"}
        )
        return out
    if len(lines) - 1 > MAX_ROWS:
        out["problems"].append(
            {"line": 0, "column": None, "message": f"the table has {len(lines) - 1} rows; at most {MAX_ROWS} are read"}
        )
        return out
    delim = _delimiter(lines[0][1])
    cells = list(csv.reader([line for _, line in lines], delimiter=delim, skipinitialspace=True))
    header_line = lines[0][0]
    names = _names(spec)
    seen_names: dict[str, int] = {}
    for c, head in enumerate(cells[0]):
        m = _HEADER.match(head)
        word, unit = (m.group(1), m.group(2)) if m else (head, "")
        col: TableColumn = {"header": head, "name": None, "kind": None, "unit": unit, "factor": 1.0}
        out["columns"].append(col)
        hit = names.get(_norm(word))
        if hit is None:
            close = difflib.get_close_matches(_norm(word), list(names), n=3, cutoff=0.5)
            hint = (
                f"; did you mean {', '.join(close)}?"
                if close
                else "; the columns are " + ", ".join([k.name for k in spec.knobs] + [mt.name for mt in spec.metrics])
            )
            out["problems"].append({"line": header_line, "column": c, "message": f"unknown column '{word}'{hint}"})
            continue
        kind, item = hit
        if item.name in seen_names:
            out["problems"].append(
                {
                    "line": header_line,
                    "column": c,
                    "message": f"'{item.name}' is also column {seen_names[item.name] + 1}",
                }
            )
            continue
        seen_names[item.name] = c
        try:
            col["factor"] = (
                factor(unit, item.unit) if not (isinstance(item, Knob) and item.choices is not None) else 1.0
            )
        except ValueError as e:
            out["problems"].append({"line": header_line, "column": c, "message": str(e)})
            continue
        col["name"], col["kind"] = item.name, kind
    if not any(col["kind"] == "metric" for col in out["columns"]):
        out["problems"].append(
            {
                "line": header_line,
                "column": None,
                "message": "no column is a measured metric: name at least one of "
                + ", ".join(mt.name for mt in spec.metrics),
            }
        )
    seen_rows: dict[tuple[tuple[str, Any], ...], int] = {}
    for (line, _), row in zip(lines[1:], cells[1:], strict=True):
        knobs: dict[str, Any] = {}
        metrics: dict[str, float] = {}
        bad = False
        if len(row) > len(out["columns"]):
            out["problems"].append(
                {
                    "line": line,
                    "column": len(out["columns"]),
                    "message": f"{len(row)} cells under {len(out['columns'])} columns",
                }
            )
            bad = True
        for c, col in enumerate(out["columns"]):
            if col["name"] is None:
                continue
            text_cell = row[c].strip() if c < len(row) else ""
            if col["kind"] == "knob":
                item = spec.knob(col["name"])
                if not text_cell:
                    out["problems"].append({"line": line, "column": c, "message": f"no value for {item.name}"})
                    bad = True
                    continue
                try:
                    if item.choices is not None:
                        choice = next((ch for ch in item.choices if ch.lower() == text_cell.lower()), text_cell)
                        knobs[item.name] = item.coerce(choice)
                    else:
                        v = _number(text_cell)
                        if v is None:
                            raise ValueError(f"'{text_cell}' is not a number")
                        knobs[item.name] = _coerce_typed(item, v, col, text_cell)
                except ValueError as e:
                    out["problems"].append({"line": line, "column": c, "message": str(e)})
                    bad = True
                continue
            if not text_cell:
                continue  # a row may measure only some metrics
            v = _number(text_cell)
            if v is None:
                out["problems"].append({"line": line, "column": c, "message": f"'{text_cell}' is not a number"})
                bad = True
            elif v <= 0:
                out["problems"].append(
                    {"line": line, "column": c, "message": "a measured value must be above zero (errors are relative)"}
                )
                bad = True
            else:
                metrics[col["name"]] = v * col["factor"]
        if bad:
            continue
        _keep_row(out, seen_rows, line, knobs, metrics, TWICE_PASTED)
    return out


TWICE_PASTED = "the same row as line {} (pasted twice?): a repeated measurement differs at least a little"


def _keep_row(
    out: Table,
    seen: dict[tuple[tuple[str, Any], ...], int],
    line: int,
    knobs: dict[str, Any],
    metrics: dict[str, float],
    twice: str,
) -> None:
    """A row read whole: kept, or refused for having no measured value or for repeating an
    earlier row (`twice`, with that row's line)."""
    if not metrics:
        out["problems"].append({"line": line, "column": None, "message": "no measured value in this row"})
        return
    key = tuple(sorted(knobs.items())) + tuple(sorted(metrics.items()))
    if key in seen:
        out["problems"].append({"line": line, "column": None, "message": twice.format(seen[key])})
        return
    seen[key] = line
    out["rows"].append({"line": line, "knobs": knobs, "metrics": metrics})


def _coerce_typed(item: Knob, v: float, col: TableColumn, typed: str) -> float | int | str:
    """The knob's value from a cell in the column's unit; a refusal quotes the cell as typed, in
    the unit it was typed in, and gives the range in that unit too."""
    try:
        return item.coerce(_tidy(v * col["factor"]))
    except ValueError:
        if col["factor"] == 1.0 or item.min is None or item.max is None:
            raise
        f = col["factor"]
        raise ValueError(
            f"knob '{item.name}' must be {item.allowed()} {item.unit} "
            f"({_tidy(item.min / f):g} to {_tidy(item.max / f):g} {col['unit']}); got {typed} {col['unit']} "
            f"({_tidy(v * f):g} {item.unit})"
        ) from None


def _tidy(v: float) -> float:
    """A converted value without the float dust of the conversion (8 Kbytes is 8192, not 8192.000000001)."""
    r = round(v)
    return float(r) if abs(v - r) <= 1e-9 * max(1.0, abs(v)) else v


def table_from_rows(spec: Spec, rows: object, held: Mapping[str, object] | None = None) -> Table:
    """The same Table from JSON rows ([{"knobs": {...}, "metrics": {...}}], in the declared
    units), for the API and the command line; row n is "line" n."""
    base = spec.validate(held or {})
    out: Table = {"columns": [], "rows": [], "problems": [], "held": base}
    if not isinstance(rows, list) or not rows:
        out["problems"].append({"line": 0, "column": None, "message": "rows must be a non-empty list"})
        return out
    if len(rows) > MAX_ROWS:
        out["problems"].append({"line": 0, "column": None, "message": f"{len(rows)} rows; at most {MAX_ROWS} are read"})
        return out
    metric_names = {m.name for m in spec.metrics}
    kinds: dict[str, str] = {}
    seen_rows: dict[tuple[tuple[str, Any], ...], int] = {}
    for n, row in enumerate(rows, start=1):
        if (
            not isinstance(row, dict)
            or not isinstance(row.get("knobs", {}), dict)
            or not isinstance(row.get("metrics"), dict)
        ):
            out["problems"].append(
                {"line": n, "column": None, "message": 'each row is {"knobs": {...}, "metrics": {...}}'}
            )
            continue
        problems_before = len(out["problems"])
        knobs: dict[str, Any] = {}
        for name, value in row.get("knobs", {}).items():
            try:
                knobs[name] = spec.knob(str(name)).coerce(value)
                kinds[name] = "knob"
            except ValueError as e:
                out["problems"].append({"line": n, "column": None, "message": str(e)})
        metrics: dict[str, float] = {}
        for name, value in row["metrics"].items():
            if name not in metric_names:
                out["problems"].append(
                    {
                        "line": n,
                        "column": None,
                        "message": f"unknown metric '{name}'; metrics are {', '.join(sorted(metric_names))}",
                    }
                )
            elif (
                isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0
            ):
                out["problems"].append(
                    {"line": n, "column": None, "message": f"{name} must be a number above zero; got {value!r}"}
                )
            else:
                metrics[name] = float(value)
                kinds[name] = "metric"
        if len(out["problems"]) > problems_before:
            continue
        _keep_row(out, seen_rows, n, knobs, metrics, "the same row as row {}")
    out["columns"] = [
        {"header": name, "name": name, "kind": kind, "unit": "", "factor": 1.0} for name, kind in kinds.items()
    ]
    return out
