"""The memos' figures: source documents, datasets as JSON (numbers as numbers) or CSV."""

from __future__ import annotations

import csv
import io

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from perfmodels import datasets

from ..caching import cached, etag_for
from ..schemas import Dataset, DatasetSummary, Source

router = APIRouter(tags=["datasets"])

PACKAGE_VERSION = datasets.package().get("version", "")


def _known(dataset_id: str) -> None:
    if dataset_id not in datasets.dataset_ids():
        raise HTTPException(404, f"unknown dataset '{dataset_id}'")


@router.get("/sources", response_model=list[Source])
def list_sources(request: Request) -> Response:
    return cached(request, etag_for("sources", PACKAGE_VERSION, str(datasets.package()["sources"])), datasets.sources)


@router.get("/datasets", response_model=list[DatasetSummary])
def list_datasets(request: Request) -> Response:
    ids = datasets.dataset_ids()
    tag = etag_for("datasets", *(datasets.summary(i)["hash"] for i in ids))
    return cached(request, tag, lambda: [datasets.summary(i) for i in ids])


@router.get(
    "/datasets/{dataset_id}.csv", response_class=Response, responses={200: {"content": {"text/csv": {}}}, 404: {}}
)
def dataset_csv(dataset_id: str, request: Request) -> Response:
    _known(dataset_id)

    def make() -> Response:
        d = datasets.load(dataset_id)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        names = [f["name"] for f in d["fields"]]
        w.writerow(names)
        for row in d["rows"]:
            w.writerow([_cell(row[n]) for n in names])
        return Response(
            buf.getvalue(),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{dataset_id}.csv"'},
        )

    return cached(request, etag_for("csv", datasets.summary(dataset_id)["hash"]), make)


@router.get("/datasets/{dataset_id}", response_model=Dataset)
def dataset_json(dataset_id: str, request: Request) -> Response:
    _known(dataset_id)
    return cached(request, etag_for("json", datasets.summary(dataset_id)["hash"]), lambda: datasets.load(dataset_id))


def _cell(v: object) -> object:
    if v is None:
        return ""
    # A text cell starting with = + - @ is a formula to a spreadsheet: keep it text.
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@"):
        return "'" + v
    return v
