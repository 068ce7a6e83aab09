"""Old live classes forgotten every so often, not only when a new class is started: those idle
past 12 hours or ended past their 24-hour download window (crud.purge), with their students,
answers and events."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from . import crud


def _purge(engine: Engine) -> None:
    with Session(engine) as db:
        crud.purge(db)


async def forget_old_classes(engine: Engine, every_s: float) -> None:
    """Purge every `every_s` seconds until cancelled (the app's lifespan runs it)."""
    while True:
        await asyncio.sleep(every_s)
        try:
            await asyncio.to_thread(_purge, engine)
        except Exception:  # the database is away for a moment: next time
            logging.getLogger("memolab.classes").exception("could not forget old classes")
