"""A live class's event log, read in order without joins and answers taking turns on their class.

Every write to a class adds an event row, and a stream sends a device the rows after the last
one it has (its cursor). The order must be one every reader agrees on and no reader can skip a
row that commits late. With one lock per class that is the rows' ids; but then a lecture hall's
joins and answers queue on one row. Instead, on PostgreSQL:

- Each row keeps the id of the transaction that wrote it (`tx`, set by the database). The log's
  order is (tx, id). A transaction gets its id at its first lock or write.
- Joins and answers hold their class's row in SHARE mode, which they take first: they run side
  by side, while the teacher's moves (step, reveal, reset, end) take it in UPDATE mode and wait
  for them. A transaction waiting for a lock has no id yet, so one that waits for another gets a
  later tx: the log's order agrees with the order in which they saw each other's writes. One
  device's answers are put in line by an advisory lock on the student before that (it takes no
  transaction id), so its later answer has the later tx.
- A reader takes only the rows below the horizon: the oldest transaction still running
  (`pg_snapshot_xmin`). Every transaction below it has ended, so no row can appear later behind
  the cursor. A row above it is held back for a moment (the reader asks again shortly).

SQLite lets one writer in at a time, so its ids are already in commit order: tx is 0 and the
horizon is infinite. A cursor is written "tx.id" on the wire (the SSE event id).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import BigInteger, ColumnElement, Text, cast, func, literal, select, text, tuple_
from sqlalchemy.orm import InstrumentedAttribute, Session

from ..core.tables import ClassEvent

NO_HORIZON = 2**62  # SQLite: nothing is ever held back

READ_LIMIT = 500  # events one read gives at most (a device far behind reads again at once)


@dataclass(frozen=True, order=True)
class Cursor:
    """A place in a class's log: the rows after it are the ones a device has not had."""

    tx: int
    id: int

    def __str__(self) -> str:
        return f"{self.tx}.{self.id}"

    @staticmethod
    def parse(text_: str) -> Cursor | None:
        """A cursor sent back as Last-Event-ID, or None if it is not one."""
        tx, dot, id_ = text_.partition(".")
        if dot and tx.isdigit() and id_.isdigit() and len(tx) <= 19 and len(id_) <= 19:
            return Cursor(int(tx), int(id_))
        return None


START = Cursor(0, 0)


def postgres(db: Session) -> bool:
    return db.get_bind().dialect.name == "postgresql"


def _xid8(expr: ColumnElement[object]) -> ColumnElement[int]:
    return cast(cast(expr, Text), BigInteger)


def this_tx(db: Session) -> ColumnElement[int]:
    """The writing transaction's tx, for a row it updates (an insert gets it by default)."""
    return _xid8(func.pg_current_xact_id()) if postgres(db) else literal(0, BigInteger)


def horizon(db: Session) -> ColumnElement[int]:
    """The oldest transaction still running, as this statement sees it: every row below it is final."""
    if postgres(db):
        return _xid8(func.pg_snapshot_xmin(func.pg_current_snapshot()))
    return literal(NO_HORIZON, BigInteger)


def line_up(db: Session, student_id: int) -> None:
    """Put one device's writes in line (its later answer gets the later tx). SQLite: already one at a time."""
    if postgres(db):
        db.execute(text("SELECT pg_advisory_xact_lock(73332, :s)"), {"s": student_id})


def after(
    db: Session, class_id: int, cursor: Cursor, teacher: bool, limit: int = READ_LIMIT
) -> tuple[list[tuple[Cursor, str]], bool]:
    """The events after `cursor` in the log's order, up to the horizon; and whether any were held
    back above it (then the reader asks again in a moment: no wake-up may come for them)."""
    q = select(ClassEvent.tx, ClassEvent.id, ClassEvent.body, horizon(db)).where(
        ClassEvent.class_id == class_id, tuple_(ClassEvent.tx, ClassEvent.id) > tuple_(cursor.tx, cursor.id)
    )
    if not teacher:
        q = q.where(ClassEvent.teacher_only.is_(False))
    rows: Sequence[tuple[int, int, str, int]] = db.execute(q.order_by(ClassEvent.tx, ClassEvent.id).limit(limit)).all()
    out: list[tuple[Cursor, str]] = []
    for tx, id_, body, h in rows:
        if tx >= h:
            return out, True
        out.append((Cursor(tx, id_), body))
    return out, False


def now(db: Session, class_id: int, teacher: bool) -> Cursor:
    """Where a device starts that is sent a snapshot read in this same transaction (REPEATABLE
    READ on PostgreSQL, see `snapshot_reads`): its audience's last event below the horizon, so
    every row written by a transaction still running, or that ended after it, comes after; the
    snapshot leaves their rows out (`before_horizon`). (The last event rather than the horizon
    itself: devices that connected at different moments of a quiet class are at one place, and
    share their reads.)"""
    q = select(ClassEvent.tx, ClassEvent.id).where(ClassEvent.class_id == class_id)
    if not teacher:
        q = q.where(ClassEvent.teacher_only.is_(False))
    if postgres(db):
        q = q.where(ClassEvent.tx < horizon(db))
    last = db.execute(q.order_by(ClassEvent.tx.desc(), ClassEvent.id.desc()).limit(1)).first()
    return Cursor(last[0], last[1]) if last is not None else START


def resume(db: Session, class_id: int, last_event_id: str) -> Cursor | None:
    """The cursor a reconnecting device sends back; an event id of the old form (a bare id) is
    looked up. None: not a place in this class's log (the device is sent a snapshot)."""
    if (c := Cursor.parse(last_event_id)) is not None:
        return c
    if last_event_id.isdigit() and len(last_event_id) <= 19:
        old = int(last_event_id)
        tx = db.scalar(select(ClassEvent.tx).where(ClassEvent.class_id == class_id, ClassEvent.id == old))
        return Cursor(tx, old) if tx is not None else None
    return None


def snapshot_reads(db: Session) -> None:
    """Make this session's reads one snapshot, at the start of a transaction (PostgreSQL)."""
    if postgres(db):
        db.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def before_horizon(db: Session, tx: InstrumentedAttribute[int]) -> ColumnElement[bool]:
    """Rows a snapshot (see `now`) includes: those below the horizon (PostgreSQL)."""
    return tx < horizon(db) if postgres(db) else literal(True)
