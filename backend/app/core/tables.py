"""Database tables (SQLAlchemy 2): saved scenarios, teachers' stored lessons, and live classes with their students,
answers and events."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    FetchedValue,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Scenario(Base):
    """A saved explorer state. Immutable: created once, read many times, maybe deleted."""

    __tablename__ = "scenarios"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    slug: Mapped[str] = mapped_column(String(32), unique=True, nullable=False)
    system: Mapped[str] = mapped_column(String(32), nullable=False)
    state: Mapped[str] = mapped_column(Text, nullable=False)  # JSON: knobs, x, y, baseline
    title: Mapped[str] = mapped_column(String(120), nullable=False, default="")
    notes: Mapped[str] = mapped_column(Text, nullable=False, default="")
    public: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    models_version: Mapped[str] = mapped_column(String(32), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    delete_token_sha256: Mapped[str] = mapped_column(String(64), nullable=False)
    # an edited model, packed as a link carries it (api/schemas.py PackedEdit): opaque, never run
    edit: Mapped[str | None] = mapped_column(Text, nullable=True)

    __table_args__ = (Index("ix_scenarios_public_system_created", "public", "system", "created_at"),)


class Classroom(Base):
    """A live class on a lesson: the step it is on, and per step whether it is revealed or
    locked. Students join it by its code; the teacher controls it with a token (hash kept)."""

    __tablename__ = "classes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(10), unique=True, nullable=False)  # 6 before 0009
    lesson_id: Mapped[str] = mapped_column(String(64), nullable=False, default="")  # built-in, or ""
    lesson_text: Mapped[str] = mapped_column(Text, nullable=False, default="")  # a teacher's own file
    step_count: Mapped[int] = mapped_column(Integer, nullable=False)
    step: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    pace: Mapped[str] = mapped_column(String(8), nullable=False, default="teacher")  # or "self"
    steps: Mapped[str] = mapped_column(Text, nullable=False, default="{}")  # JSON: step -> revealed, locked
    teacher_token_sha256: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    active_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # the lesson's concept check open on the phones: "before" or "after" the lesson, or none
    check_phase: Mapped[str | None] = mapped_column(String(8), nullable=True)


class ClassStudent(Base):
    __tablename__ = "class_students"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), nullable=False)
    public_id: Mapped[str] = mapped_column(String(16), nullable=False)  # shown to the teacher, never a token
    name: Mapped[str] = mapped_column(String(40), nullable=False, default="")  # "" = anonymous
    token_sha256: Mapped[str] = mapped_column(String(64), nullable=False)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    # the transaction that wrote the row, set by the database (classes/log.py: the streams' order)
    tx: Mapped[int] = mapped_column(BigInteger, nullable=False, server_default=FetchedValue())
    # the order of the concept check's two forms the student takes: "AB" (form A before the
    # lesson, B after) or "BA", in turn as students join (classes/rules.form_order)
    forms: Mapped[str] = mapped_column(String(2), nullable=False, default="AB", server_default="AB")

    __table_args__ = (UniqueConstraint("class_id", "token_sha256"),)


class ClassAnswer(Base):
    """One answer per student per step and round (a new one replaces it): round 2 is the vote
    after the discussion (rules.StepState.round); `confidence` 1 guessing, 2 fairly sure, 3 sure.
    The answer is a `value` (a point), a `choice` or a `sketch` (a curve). `phase` says what
    `step` counts: "lesson" (a lesson step), or "before" / "after" (a question of the lesson's
    concept check, counted from 1, asked before the lesson and after it)."""

    __tablename__ = "class_answers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), nullable=False)
    student_id: Mapped[int] = mapped_column(ForeignKey("class_students.id"), nullable=False)
    step: Mapped[int] = mapped_column(Integer, nullable=False)
    value: Mapped[float | None] = mapped_column(Float, nullable=True)
    choice: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    # the transaction that wrote the row, set by the database (classes/log.py: the streams' order)
    tx: Mapped[int] = mapped_column(BigInteger, nullable=False, server_default=FetchedValue())
    key: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the device's idempotency key
    round: Mapped[int] = mapped_column(Integer, nullable=False, default=1, server_default="1")
    confidence: Mapped[int | None] = mapped_column(Integer, nullable=True)
    phase: Mapped[str] = mapped_column(String(8), nullable=False, default="lesson", server_default="lesson")
    # a sketched curve (lessons.Step "curve"): its values at the question's x values, as JSON
    sketch: Mapped[str | None] = mapped_column(Text, nullable=True)

    __table_args__ = (
        UniqueConstraint("student_id", "phase", "step", "round", name="uq_class_answers_student_phase_step_round"),
        Index("ix_class_answers_class_step", "class_id", "step"),
    )


class ClassEvent(Base):
    """What a class's event streams send, in order: the id is the stream's event id."""

    __tablename__ = "class_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), nullable=False)
    teacher_only: Mapped[bool] = mapped_column(Boolean, nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)  # JSON
    # the transaction that wrote the row, set by the database (classes/log.py: the streams' order)
    tx: Mapped[int] = mapped_column(BigInteger, nullable=False, server_default=FetchedValue())

    __table_args__ = (
        Index("ix_class_events_class_tx", "class_id", "tx", "id"),
        # The students' audience apart (classes/log.py `now` and `after` ask for events that are
        # not the teacher's only): through the index above each such read stepped over every
        # joined and answer event logged before, so a lecture hall's later joins each read
        # thousands of rows (migration 0011).
        Index(
            "ix_class_events_students",
            "class_id",
            "tx",
            "id",
            postgresql_where=text("teacher_only IS false"),
            sqlite_where=text("teacher_only IS 0"),
        ),
    )


class StoredLesson(Base):
    """A teacher's own lesson file, kept like a scenario: immutable, a short link, a delete token."""

    __tablename__ = "lessons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    slug: Mapped[str] = mapped_column(String(32), unique=True, nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    delete_token_sha256: Mapped[str] = mapped_column(String(64), nullable=False)
