"""The memos' measured figures: each dataset as JSON, or its records as CSV."""

from __future__ import annotations

import csv
import io

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response

from perfmodels import datasets

router = APIRouter(prefix="/datasets", tags=["datasets"])


def _get(dataset_id: str) -> dict:
    try:
        return datasets.load(dataset_id)
    except KeyError:
        raise HTTPException(404, f"unknown dataset '{dataset_id}'") from None


@router.get("")
def list_datasets() -> list[dict]:
    out = []
    for i in datasets.dataset_ids():
        d = datasets.load(i)
        out.append({"id": i, "title": d["title"], "document": d["document"],
                    "records": len(d["records"])})
    return out


@router.get("/{dataset_id}.csv", response_class=Response,
            responses={200: {"content": {"text/csv": {}}}})
def dataset_csv(dataset_id: str) -> Response:
    d = _get(dataset_id)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(d["columns"]), extrasaction="ignore",
                       lineterminator="\n")
    w.writeheader()
    for r in d["records"]:
        w.writerow({k: _safe_cell(v) for k, v in r.items()})
    return Response(buf.getvalue(), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{dataset_id}.csv"'})


@router.get("/{dataset_id}")
def dataset_json(dataset_id: str) -> dict:
    return _get(dataset_id)


def _safe_cell(v: object) -> object:
    # A cell starting with = + - @ is a formula to a spreadsheet; prefix text cells so they stay text.
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@"):
        return "'" + v
    return v
