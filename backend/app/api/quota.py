"""The creation quota every route that creates something shares (scenarios, lessons, classes):
CREATE_PER_MINUTE per client. A route takes it as a dependency (`QuotaDep`), asks `may_create`
before it validates and `created` after, so a refused body (422) uses none of the quota."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, HTTPException, Request

from ..core.limits import RateLimiter
from .deps import CreateLimiterDep


def _too_many(what: str, wait: float) -> HTTPException:
    return HTTPException(
        429, f"too many {what} created; try again shortly", headers={"Retry-After": str(math.ceil(wait))}
    )


@dataclass(frozen=True)
class Quota:
    """This client's creations, on the app's one limiter."""

    limiter: RateLimiter
    client: str

    def may_create(self, what: str) -> None:
        """429 if this client has no creation left just now (nothing is used)."""
        if wait := self.limiter.wait(self.client):
            raise _too_many(what, wait)

    def created(self, what: str) -> None:
        """Use one creation of this client's quota (429 if another request took the last one)."""
        if wait := self.limiter.take(self.client):
            raise _too_many(what, wait)


async def get_quota(request: Request, limiter: CreateLimiterDep) -> Quota:
    # the client's address: the peer's, or, from a trusted proxy, the one it forwards
    return Quota(limiter, request.client.host if request.client else "unknown")


QuotaDep = Annotated[Quota, Depends(get_quota)]
