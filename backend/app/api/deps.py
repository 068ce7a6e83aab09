"""What routes receive by dependency: a database session (one per request), the one place a
session is opened, and in a live class the teacher or the student asking (checked by token)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Request
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from .. import classroom
from ..class_rules import ClassError
from .schemas import ClassCode


def open_session(engine: Engine) -> Session:
    return Session(engine, expire_on_commit=False)


async def get_db(request: Request) -> AsyncIterator[Session]:
    # async: opening a Session does no I/O (it connects on first use), so a request answered
    # from a cache never leaves the event loop for a thread just to open and close one.
    with open_session(request.app.state.engine) as db:
        yield db


SessionDep = Annotated[Session, Depends(get_db)]


# ---- who is asking, in a live class ----------------------------------------------------------

TokenHeader = Annotated[str, Header(max_length=128)]


@dataclass(frozen=True)
class Teacher:
    """The class's teacher, by the token they got when they started it."""

    code: str
    token: str


@dataclass(frozen=True)
class Student:
    """A device that joined the class, by its student token."""

    code: str
    token: str


def current_teacher(code: ClassCode, db: SessionDep, x_teacher_token: TokenHeader = "") -> Teacher:
    """403 unless the X-Teacher-Token is this class's (a class ended within the download window counts)."""
    try:
        c = classroom.find(db, code, ended_ok=True)
        if not classroom.is_teacher(c, x_teacher_token):
            raise ClassError(403, "only the teacher of this class can do that")
        return Teacher(c.code, x_teacher_token)
    finally:
        db.rollback()  # a read: the route's own transaction starts afresh


def current_student(code: ClassCode, x_student_token: TokenHeader = "") -> Student:
    """403 without an X-Student-Token; the classroom checks it against the class when it is used."""
    if not x_student_token:
        raise ClassError(403, "answers need the X-Student-Token this device got when it joined")
    return Student(code.upper(), x_student_token)


CurrentTeacher = Annotated[Teacher, Depends(current_teacher)]
CurrentStudent = Annotated[Student, Depends(current_student)]
