"""What routes receive by dependency: a database session (one per request), and the one place a
session is opened."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlalchemy.orm import Session


def open_session(engine: Engine) -> Session:
    return Session(engine, expire_on_commit=False)


async def get_db(request: Request) -> AsyncIterator[Session]:
    # async: opening a Session does no I/O (it connects on first use), so a request answered
    # from a cache never leaves the event loop for a thread just to open and close one.
    with open_session(request.app.state.engine) as db:
        yield db


SessionDep = Annotated[Session, Depends(get_db)]
