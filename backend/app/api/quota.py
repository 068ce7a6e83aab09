"""The creation quota every route that creates something shares (scenarios, lessons, classes):
CREATE_PER_MINUTE per client. A route asks `may_create` before it validates and `created`
after, so a refused body (422) uses none of the quota."""

from __future__ import annotations

import math

from fastapi import HTTPException, Request


def client_of(request: Request) -> str:
    """The client's address (the peer's, or, from a trusted proxy, the one it forwards)."""
    return request.client.host if request.client else "unknown"


def _too_many(what: str, wait: float) -> HTTPException:
    return HTTPException(
        429, f"too many {what} created; try again shortly", headers={"Retry-After": str(math.ceil(wait))}
    )


def may_create(request: Request, what: str) -> None:
    """429 if this client has no creation left just now (nothing is used)."""
    if wait := request.app.state.create_limiter.wait(client_of(request)):
        raise _too_many(what, wait)


def created(request: Request, what: str) -> None:
    """Use one creation of this client's quota (429 if another request took the last one)."""
    if wait := request.app.state.create_limiter.take(client_of(request)):
        raise _too_many(what, wait)
