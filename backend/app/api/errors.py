"""What an error response looks like, documented once for the OpenAPI schema: every 4xx answer
is {"detail": ...}, a sentence from our own checks or FastAPI's list of validation errors."""

from __future__ import annotations

import math
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel


class Problem(BaseModel):
    detail: str | list[dict[str, Any]]


_SAID = {
    400: "The request body is not valid JSON.",
    403: "The token given (delete, teacher or student) does not match, or is missing.",
    404: "Nothing at this address.",
    409: "Not now: the class is full, or the step is closed to answers.",
    410: "The class has ended.",
    413: "The request body is larger than the server accepts.",
    422: "The request is not valid; the detail says why.",
    429: "Too many requests; Retry-After says when to try again.",
    503: "The server could not complete the request; try again.",
}


def problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": Problem, "description": _SAID[code]} for code in codes}


def json_error_bodies(schema: dict[str, Any]) -> dict[str, Any]:
    """Error answers are JSON on every route, a stream's too (FastAPI documents them in the
    route's own media type, text/event-stream for the class events): said so in the schema."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                content = response.get("content", {})
                if status.isdigit() and int(status) >= 400 and "application/json" not in content and content:
                    response["content"] = {"application/json": next(iter(content.values()))}
    return schema


MAX_ECHO = 200  # characters of a bad input repeated back


def _safe(value: Any) -> Any:
    """Any input as strict JSON: non-finite numbers as text, strings cut short with lone
    surrogates and other unencodable characters escaped, containers walked (depth-bounded)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, str):
        cut = value[:MAX_ECHO] + ("…" if len(value) > MAX_ECHO else "")
        return cut.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_safe(str(k)): _safe(v) for k, v in list(value.items())[:20]}
    if isinstance(value, list | tuple):
        return [_safe(v) for v in list(value)[:20]]
    if value is None or isinstance(value, bool | int | float):
        return value
    return _safe(repr(value))


async def validation_problem(request: Request, exc: Exception) -> JSONResponse:
    """422 with FastAPI's list of errors, every part of it made safe to encode: a NaN, an
    infinity or a lone surrogate in the input would otherwise turn a 422 into a 500."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    detail = [
        {
            "loc": [_safe(p) for p in e.get("loc", ())],
            "msg": _safe(str(e.get("msg", ""))),
            "type": _safe(e.get("type", "")),
            "input": _safe(e.get("input")),
        }
        for e in errors[:20]
    ]
    return JSONResponse({"detail": detail}, status_code=422)


def class_refusal(request: Request, exc: Exception) -> JSONResponse:
    """A live class's refusal (classes.rules.ClassError: a 4xx, a 429 or 503 with Retry-After), as
    every error: {"detail": the reason}."""
    status, reason = getattr(exc, "status", 400), getattr(exc, "reason", str(exc))
    retry = getattr(exc, "retry_after", None)
    return JSONResponse({"detail": reason}, status_code=status, headers={"Retry-After": str(retry)} if retry else None)


# How long a device waits before asking again while the database is away (a restart takes a
# few seconds; the page's outbox and the class stream retry on their own).
DATABASE_RETRY_S = 2


def database_unavailable(request: Request, exc: Exception) -> JSONResponse:
    """The database could not be reached (a restart, a dropped connection, every connection
    busy): a clear 503 with Retry-After, never a 500. Nothing was stored, so the request can be
    sent again as it is."""
    return JSONResponse(
        {"detail": "the database is not reachable just now; nothing was stored: try again shortly"},
        status_code=503,
        headers={"Retry-After": str(DATABASE_RETRY_S)},
    )
