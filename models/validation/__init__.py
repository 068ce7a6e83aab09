"""Published measurements from outside the five memos, and how the models fare on them.

Each source (sources.toml) is one file of rows: a row is one printed figure, with its locator
(section, table, row, column), the configuration and value as printed, whether it is judged (and
why not, if it is not), and its mapping to the model's knobs. These rows never set a parameter:
calibration and the models package cannot read them (a test holds that). They are what a model
is judged on (judge.py), beside the baseline of copying the memo's nearest figure.
"""

from __future__ import annotations

import csv
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Source:
    id: str
    system: str
    citation: str
    where: str
    file: str
    columns: dict[str, str]  # value column: the model's metric
    primary: str  # the value column judged first, or "all": every row's one quantity together
    shared: dict[str, float | int | str]
    not_described: str


@dataclass(frozen=True)
class Row:
    source: str
    row: str
    locator: str
    printed: dict[str, str]  # the row as printed, column by column
    values: dict[str, float]  # metric: value as printed (the cells that have one)
    knobs: dict[str, float | int | str]
    judged: bool
    why_not: str


def sources() -> list[Source]:
    doc = tomllib.loads((HERE / "sources.toml").read_text(encoding="utf-8"))
    return [Source(**s) for s in doc["sources"]]


def _value(text: str) -> float | int | str:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def rows(source: Source) -> list[Row]:
    """A source's rows, its shared settings merged into each row's knobs."""
    out = []
    with open(HERE / source.file, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            knobs: dict[str, float | int | str] = dict(source.shared)
            for pair in filter(None, (q.strip() for q in r["knobs"].split(";"))):
                name, _, value = pair.partition("=")
                knobs[name] = _value(value)
            values = {m: float(r[c]) for c, m in source.columns.items() if r[c] not in ("", "n.m.")}
            out.append(
                Row(source.id, r["row"], r["locator"], dict(r), values, knobs, r["judged"] == "yes", r["why_not"])
            )
    return out
