"""ETag validators for responses whose content changes only with a deploy (datasets, models)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from fastapi import Request
from fastapi.responses import JSONResponse, Response

# Revalidate every time, but an unchanged resource costs only a 304.
CACHE_CONTROL = "public, max-age=0, must-revalidate"


def etag_for(*parts: str) -> str:
    return '"' + hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32] + '"'


def not_modified(request: Request, etag: str) -> bool:
    return etag_matches(request.headers.get("if-none-match", ""), etag)


def etag_matches(if_none_match: str, etag: str) -> bool:
    """Whether an If-None-Match header's value names `etag` (or "*")."""
    return any(t.strip() in (etag, "*", "W/" + etag) for t in if_none_match.split(",") if t.strip())


def cached(request: Request, etag: str, make: Callable[[], object]) -> Response:
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if not_modified(request, etag):
        return Response(status_code=304, headers=headers)
    resp = make()
    if not isinstance(resp, Response):
        resp = JSONResponse(resp)
    resp.headers.update(headers)
    return resp
