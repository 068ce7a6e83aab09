"""The validation summary as the docs and the model cards show it: a Markdown table and a JSON
of numbers per system and source (no rows: the cards never carry what judged them)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import perfmodels

from . import Source
from .judge import Judged, Summary

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "validation.md"
SUMMARY = Path(perfmodels.__file__).resolve().parent / "validation.json"

Results = list[tuple[Source, list[Judged], list[Summary]]]


def table_markdown(results: Results) -> str:
    lines = [
        "| system | source | quantity | rows | model: median error | model: largest "
        "| memo's nearest figure: rows | median | largest |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for source, _, summary in results:
        for s in summary:
            lines.append(
                f"| {s.system} | {source.id} | {s.metric} | {s.n} | {s.model_median:.1f} % | {s.model_max:.0f} % "
                f"| {s.baseline_n} | {_pct(s.baseline_median, 1)} | {_pct(s.baseline_max, 0)} |"
            )
    return "\n".join(lines) + "\n"


def _pct(x: float, digits: int) -> str:
    return "none" if math.isnan(x) else f"{x:.{digits}f} %"


def json_summary(results: Results) -> dict[str, Any]:
    out: dict[str, Any] = {"generated_by": "python -m validation --write", "systems": {}}
    for source, _, summary in results:
        entries = out["systems"].setdefault(source.system, [])
        for s in summary:
            entries.append(
                {
                    "source": source.id,
                    "citation": source.citation,
                    "caveat": source.not_described,
                    "metric": s.metric,
                    "rows": s.n,
                    "model_median_abs": round(s.model_median, 1),
                    "model_max_abs": round(s.model_max, 1),
                    "baseline_rows": s.baseline_n,
                    "baseline_median_abs": None if math.isnan(s.baseline_median) else round(s.baseline_median, 1),
                    "baseline_max_abs": None if math.isnan(s.baseline_max) else round(s.baseline_max, 1),
                }
            )
    return out
