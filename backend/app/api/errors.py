"""What an error response looks like, documented once for the OpenAPI schema: every 4xx answer
is {"detail": ...}, a sentence from our own checks or FastAPI's list of validation errors."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Problem(BaseModel):
    detail: str | list[dict[str, Any]]


_SAID = {
    400: "The request body is not valid JSON.",
    403: "The delete token does not match.",
    404: "Nothing at this address.",
    413: "The request body is larger than the server accepts.",
    422: "The request is not valid; the detail says why.",
    429: "Too many requests; Retry-After says when to try again.",
    503: "The server could not complete the request; try again.",
}


def problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": Problem, "description": _SAID[code]} for code in codes}
