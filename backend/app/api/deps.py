"""What routes receive by dependency: a database session (one per request)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session


async def get_db(request: Request) -> AsyncIterator[Session]:
    # async: opening a Session does no I/O (it connects on first use), so a request answered
    # from a cache never leaves the event loop for a thread just to open and close one.
    with Session(request.app.state.engine, expire_on_commit=False) as db:
        yield db


SessionDep = Annotated[Session, Depends(get_db)]
