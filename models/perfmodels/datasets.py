"""The memos' measured figures, as cited datasets shipped with the models they calibrate.

Each dataset is a JSON file in `data/`: records of values as printed, each with its citation.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

_DATA = resources.files(__package__) / "data"


def dataset_ids() -> list[str]:
    return sorted(p.name[:-5] for p in _DATA.iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=None)
def _load(dataset_id: str) -> str:
    return (_DATA / f"{dataset_id}.json").read_text(encoding="utf-8")


def load(dataset_id: str) -> dict:
    """A fresh copy of the dataset; raises KeyError for an unknown id."""
    if dataset_id not in dataset_ids():
        raise KeyError(dataset_id)
    return json.loads(_load(dataset_id))
