"""Old live classes forgotten every so often, not only when a new class is started: those idle
past 12 hours or ended past their 24-hour download window (purge), with their students,
answers and events: every so often (the app's lifespan), and as a new class is started."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from ..core.db import write_turn
from ..core.tables import ClassAnswer, ClassEvent, Classroom, ClassStudent
from . import clock
from .crud import IDLE_LIMIT, KEEP_AFTER_END


def purge(db: Session) -> int:
    """Delete classes idle past the limit or ended past the download window, with everything
    of theirs. Returns how many."""
    now = clock.now()
    with write_turn(db.get_bind().engine), db.begin():
        gone = db.scalars(
            select(Classroom.id).where(
                (Classroom.active_at < now - IDLE_LIMIT) | (Classroom.ended_at < now - KEEP_AFTER_END)
            )
        ).all()
        if gone:
            for table in (ClassEvent, ClassAnswer, ClassStudent):
                db.execute(delete(table).where(table.class_id.in_(gone)))
            db.execute(delete(Classroom).where(Classroom.id.in_(gone)))
    return len(gone)


def _purge(engine: Engine) -> None:
    with Session(engine) as db:
        purge(db)


async def forget_old_classes(engine: Engine, every_s: float) -> None:
    """Purge every `every_s` seconds until cancelled (the app's lifespan runs it)."""
    while True:
        await asyncio.sleep(every_s)
        try:
            await asyncio.to_thread(_purge, engine)
        except Exception:  # the database is away for a moment: next time
            logging.getLogger("memolab.classes").exception("could not forget old classes")
