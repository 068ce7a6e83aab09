"""How a model fares on rows it never saw: its error on each judged row, beside the baseline of
copying the memo's nearest figure (the memo's figure of the same metric whose setting is
nearest: octaves apart for numbers, one for each other difference, as calibration's own
baseline measures it)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import median
from typing import Any

import perfmodels
from perfmodels.fitting import distance
from perfmodels.registry import system

from . import Row, Source, rows, sources


@dataclass(frozen=True)
class Judged:
    row: Row
    metric: str
    measured: float
    model: float
    baseline: float
    baseline_from: str  # the memo figure copied (its locator)

    @property
    def model_error(self) -> float:
        return 100.0 * (self.model - self.measured) / self.measured

    @property
    def baseline_error(self) -> float:
        return 100.0 * (self.baseline - self.measured) / self.measured


def _full(name: str, knobs: dict[str, Any]) -> dict[str, Any]:
    return dict(system(name).SPEC.validate(knobs))


def judge(source: Source) -> list[Judged]:
    """Every judged row of the source, for each metric it prints."""
    memo = system(source.system).observations()
    memo_full = [(o, _full(source.system, dict(o["config"]))) for o in memo]
    out = []
    for r in rows(source):
        if not r.judged:
            continue
        knobs = _full(source.system, r.knobs)
        metrics = perfmodels.evaluate(source.system, knobs)["metrics"]
        for metric, measured in r.values.items():
            value = metrics[metric]
            if value is None:
                raise ValueError(f"{source.id} row {r.row}: the model gives no {metric} there")
            same = [(o, k) for o, k in memo_full if o["metric"] == metric]
            if not same:  # the memo gives no figure of this quantity: nothing to copy
                out.append(Judged(r, metric, measured, float(value), math.nan, ""))
                continue
            o, _ = min(same, key=lambda ok: (distance(ok[1], knobs), ok[0]["config_id"]))
            out.append(Judged(r, metric, measured, float(value), o["value"], o["figure"]))
    return out


@dataclass(frozen=True)
class Summary:
    source: str
    system: str
    metric: str  # or "all": every row's quantity together
    n: int
    model_median: float
    model_max: float
    baseline_n: int  # rows whose quantity the memo gives a figure of (the baseline's)
    baseline_median: float
    baseline_max: float


def _summary(source: Source, metric: str, js: list[Judged]) -> Summary:
    m = [abs(j.model_error) for j in js]
    b = [abs(j.baseline_error) for j in js if not math.isnan(j.baseline)]
    bm, bx = (median(b), max(b)) if b else (math.nan, math.nan)
    return Summary(source.id, source.system, metric, len(js), median(m), max(m), len(b), bm, bx)


def summarize(source: Source, judged: list[Judged]) -> list[Summary]:
    """Per metric (the source's primary first), or all together: the median and largest absolute
    errors of the model and of the baseline (over the rows the memo gives a figure for)."""
    if source.primary == "all":
        return [_summary(source, "all", judged)] if judged else []
    first = source.columns[source.primary]
    order = [first] + [m for m in source.columns.values() if m != first]
    return [_summary(source, m, js) for m in order if (js := [j for j in judged if j.metric == m])]


def everything() -> list[tuple[Source, list[Judged], list[Summary]]]:
    out = []
    for s in sources():
        js = judge(s)
        out.append((s, js, summarize(s, js)))
    return out
