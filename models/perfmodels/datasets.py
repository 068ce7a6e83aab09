"""The memos' measured figures: a Frictionless Data Package in `data/` read with the stdlib.

`data/datapackage.json` describes each dataset (a CSV file): its source document, its fields
with units and whether each is printed or derived, and a checksum. Values stay as printed; every
row carries its locator (section or table, row). This module turns a resource into plain,
JSON-able rows with numbers as numbers, for the models' calibration and the API.

    python -m perfmodels.datasets rehash   # refresh each resource's bytes and sha256 after an edit
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import sys
from functools import cache, lru_cache
from importlib import resources
from typing import Any

_DATA = resources.files(__package__) / "data"


@lru_cache(maxsize=1)
def package() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((_DATA / "datapackage.json").read_text(encoding="utf-8"))
    return doc


def sources() -> list[dict[str, Any]]:
    return [dict(s) for s in package()["sources"]]


def source(source_id: str) -> dict[str, Any]:
    for s in package()["sources"]:
        if s["id"] == source_id:
            return dict(s)
    raise KeyError(source_id)


def dataset_ids() -> list[str]:
    return [r["name"] for r in package()["resources"]]


def _resource(dataset_id: str) -> dict[str, Any]:
    for r in package()["resources"]:
        if r["name"] == dataset_id:
            return dict(r)
    raise KeyError(dataset_id)


def _cast(value: str, kind: str) -> object:
    if value == "":
        return None
    if kind == "integer":
        return int(value)
    if kind == "number":
        return float(value)
    return value


def csv_text(dataset_id: str) -> str:
    return _csv_text(_resource(dataset_id)["path"])


@cache
def _csv_text(path: str) -> str:
    return (_DATA / path).read_text(encoding="utf-8")


@cache
def _rows(dataset_id: str) -> tuple[dict[str, Any], ...]:
    r = _resource(dataset_id)
    kinds = {f["name"]: f["type"] for f in r["schema"]["fields"]}
    reader = csv.DictReader(io.StringIO(csv_text(dataset_id)))
    return tuple({k: _cast(v, kinds[k]) for k, v in row.items()} for row in reader)


def fields(dataset_id: str) -> list[dict[str, Any]]:
    return [
        {
            "name": f["name"],
            "title": f.get("title", f["name"]),
            "type": f["type"],
            "unit": f.get("unit"),
            "derived": f.get("derived") or False,
            "description": f.get("description", ""),
        }
        for f in _resource(dataset_id)["schema"]["fields"]
    ]


def figure_count(dataset_id: str) -> int:
    """Figures the memo printed in this dataset: one per row of a figures list, else one per
    non-empty printed numeric cell of a table."""
    fs = fields(dataset_id)
    rows = _rows(dataset_id)
    if any(f["name"] == "printed" for f in fs):
        return len(rows)
    numeric = [f["name"] for f in fs if f["type"] in ("integer", "number") and not f["derived"]]
    return sum(1 for row in rows for n in numeric if row[n] is not None)


def summary(dataset_id: str) -> dict[str, Any]:
    r = _resource(dataset_id)
    return {
        "id": dataset_id,
        "title": r["title"],
        "source": r["source"],
        "figures": figure_count(dataset_id),
        "rows": len(_rows(dataset_id)),
        "hash": r["hash"],
    }


def load(dataset_id: str) -> dict[str, Any]:
    """The dataset as {id, title, description, source, fields, rows}; KeyError if unknown."""
    r = _resource(dataset_id)
    return {
        "id": dataset_id,
        "title": r["title"],
        "description": r.get("description", ""),
        "source": source(r["source"]),
        "fields": fields(dataset_id),
        "rows": [dict(row) for row in _rows(dataset_id)],
        "hash": r["hash"],
    }


def rehash(path: str | None = None) -> None:
    """Rewrite bytes and sha256 of every resource (development tool; needs a writable tree)."""
    from pathlib import Path

    root = Path(path or Path(__file__).parent / "data")
    desc = json.loads((root / "datapackage.json").read_text(encoding="utf-8"))
    for r in desc["resources"]:
        data = (root / r["path"]).read_bytes()
        r["bytes"] = len(data)
        r["hash"] = "sha256:" + hashlib.sha256(data).hexdigest()
    (root / "datapackage.json").write_text(json.dumps(desc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["rehash"]:
        rehash()
        print("rehashed")
    else:
        print(__doc__)
        sys.exit(2)
