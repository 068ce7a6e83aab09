"""Every query on saved scenarios and teachers' stored lessons (each: a slug, never changed, a
delete token), in one place: the routes validate and shape, this module reads and writes.
Functions take a Session and know nothing of HTTP. (Live classes: classes/crud.py.)"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from enum import Enum
from typing import Any, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .codes import unambiguous
from .core.db import write_turn
from .core.tables import Scenario, StoredLesson

SLUG_ATTEMPTS = 5
LESSON_SLUG_LENGTH = 14  # 31^14: about 2^69
T = TypeVar("T")
Slugged = TypeVar("Slugged", Scenario, StoredLesson)  # a row with a slug and a delete token


def _sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def insert_unique(db: Session, make: Callable[[], T]) -> T | None:
    """Insert `make()`'s row, whose unique key (slug, class code) is random: a clash (astronomically
    rare) makes a new one. None when every attempt clashed."""
    for _ in range(SLUG_ATTEMPTS):
        row = make()
        try:
            with write_turn(db.get_bind().engine), db.begin():
                db.add(row)
            return row
        except IntegrityError:
            db.expunge_all()
    return None


def create_scenario(db: Session, *, token: str, **fields: Any) -> Scenario | None:
    """Store a new scenario under a fresh 96-bit slug, with only the delete token's hash kept."""
    return insert_unique(
        db,
        lambda: Scenario(
            slug=secrets.token_urlsafe(12), created_at=datetime.now(UTC), delete_token_sha256=_sha256(token), **fields
        ),
    )


def get_scenario(db: Session, slug: str) -> Scenario | None:
    return db.scalars(select(Scenario).where(Scenario.slug == slug)).first()


class Deleted(Enum):
    DONE = "done"
    MISSING = "missing"
    WRONG_TOKEN = "wrong token"


def delete_scenario(db: Session, slug: str, token: str) -> Deleted:
    return _delete_with_token(db, Scenario, slug, token)


def _delete_with_token(db: Session, table: type[Slugged], slug: str, token: str) -> Deleted:
    """Delete the row with this slug if `token` is its delete token (compared in constant time)."""
    with write_turn(db.get_bind().engine), db.begin():
        row = db.scalars(select(table).where(table.slug == slug)).first()
        if row is None:
            return Deleted.MISSING
        if not token or not hmac.compare_digest(_sha256(token), row.delete_token_sha256):
            return Deleted.WRONG_TOKEN
        db.execute(delete(table).where(table.id == row.id))
    return Deleted.DONE


def list_public(db: Session, *, system: str | None, offset: int, limit: int) -> list[Scenario]:
    """Public scenarios, newest first (ties broken by id, so pages never overlap)."""
    q = select(Scenario).where(Scenario.public.is_(True))
    if system is not None:
        q = q.where(Scenario.system == system)
    q = q.order_by(Scenario.created_at.desc(), Scenario.id.desc()).offset(offset).limit(limit)
    return list(db.scalars(q))


def store_lesson(db: Session, *, text: str, token: str) -> StoredLesson | None:
    """Store a teacher's lesson file under a fresh 69-bit slug (a short link a teacher may read
    out or type: codes.py's alphabet), as a scenario is."""
    return insert_unique(
        db,
        lambda: StoredLesson(
            slug=unambiguous(LESSON_SLUG_LENGTH),
            text=text,
            created_at=datetime.now(UTC),
            delete_token_sha256=_sha256(token),
        ),
    )


def get_lesson(db: Session, slug: str) -> StoredLesson | None:
    """The lesson at `slug`; typed in lower case, a link from the unambiguous alphabet still finds it."""
    found = db.scalars(select(StoredLesson).where(StoredLesson.slug == slug)).first()
    if found is None and slug != slug.upper():
        found = db.scalars(select(StoredLesson).where(StoredLesson.slug == slug.upper())).first()
    return found


def delete_lesson(db: Session, slug: str, token: str) -> Deleted:
    return _delete_with_token(db, StoredLesson, slug, token)
