"""Outside measurements of a system (models/validation): what the explorer draws beside the
model away from the memo's settings. Read-only, and the same for everyone: cached by ETag."""

from __future__ import annotations

import json
from functools import cache

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

import validation
from perfmodels.registry import SYSTEMS

from ..caching import cached, etag_for
from ..schemas import OutsideMeasurements

router = APIRouter(tags=["validation"])


@cache
def _measurements(system: str) -> tuple[dict[str, object], str]:
    """The system's judged rows and their sources, and an ETag of their content."""
    sources = [s for s in validation.sources() if s.system == system]
    rows = [
        {"source": s.id, "row": r.row, "locator": r.locator, "knobs": r.knobs, "values": r.values}
        for s in sources
        for r in validation.rows(s)
        if r.judged
    ]
    cited = [{"id": s.id, "citation": s.citation, "where": s.where, "not_described": s.not_described} for s in sources]
    data: dict[str, object] = {"system": system, "sources": cited, "rows": rows}
    return data, etag_for("validation", json.dumps(data, sort_keys=True))


@router.get("/validation/{system}", response_model=OutsideMeasurements)
def outside_measurements(system: str, request: Request) -> Response:
    if system not in SYSTEMS:
        raise HTTPException(404, f"unknown system '{system}'")
    data, tag = _measurements(system)
    return cached(request, tag, lambda: data)
