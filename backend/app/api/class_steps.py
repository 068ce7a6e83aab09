"""A class's lesson steps (what each step asks, to check answers), and its concept check's
questions, by class code: a built-in lesson's from the lessons folder, a teacher's file parsed
once, not on every answer."""

from __future__ import annotations

from pathlib import Path

from fastapi import HTTPException
from sqlalchemy import Engine

from .. import lessons
from ..classes import crud
from .deps import open_session
from .lru import Lru

_steps: Lru[tuple[lessons.Step, ...]] = Lru(2048, ttl=3600.0)
_checks: Lru[lessons.CheckForms] = Lru(2048, ttl=3600.0)


def lesson_steps(lessons_dir: Path, lesson_id: str, lesson_text: str) -> tuple[lessons.Step, ...]:
    """The steps of a built-in lesson (404 if unknown) or of a lesson file (422 if it is not one)."""
    if lesson_id:
        found = lessons.builtin(lessons_dir).get(lesson_id)
        if found is None:
            raise HTTPException(404, f"no built-in lesson '{lesson_id}'")
        return found
    try:
        return lessons.read_steps(lesson_text)
    except lessons.LessonError as e:
        raise HTTPException(422, str(e)) from None


def remember(code: str, steps: tuple[lessons.Step, ...], check: lessons.CheckForms | None = None) -> None:
    _steps.put(code.upper(), steps)
    if check is not None:
        _checks.put(code.upper(), check)


def step_of(engine: Engine, lessons_dir: Path, code: str, number: int) -> lessons.Step:
    """What step `number` of class `code` asks (a step past the lesson's end asks nothing)."""
    found = _steps.get(code.upper())
    if found is None:
        with open_session(engine) as db:
            c = crud.find(db, code, ended_ok=True)
            found = lesson_steps(lessons_dir, c.lesson_id, c.lesson_text)
        remember(code, found)
    return found[number - 1] if number <= len(found) else lessons.Step(None)


def check_steps(lessons_dir: Path, lesson_id: str, lesson_text: str) -> tuple[lessons.Step, ...]:
    """The questions of the lesson's concept check (none: the lesson has no check)."""
    if lesson_id:
        if lesson_id not in lessons.builtin(lessons_dir):
            raise HTTPException(404, f"no built-in lesson '{lesson_id}'")
        return lessons.builtin_checks(lessons_dir)[lesson_id]
    try:
        return lessons.read_check(lesson_text)
    except lessons.LessonError as e:
        raise HTTPException(422, str(e)) from None


def check_forms(lessons_dir: Path, lesson_id: str, lesson_text: str) -> lessons.CheckForms:
    """The lesson's concept check in its forms: A, and B if the lesson has two."""
    a = check_steps(lessons_dir, lesson_id, lesson_text)
    if lesson_id:
        return lessons.CheckForms(a, lessons.builtin_checks_b(lessons_dir)[lesson_id])
    try:
        return lessons.CheckForms(a, lessons.read_check_b(lesson_text))
    except lessons.LessonError as e:
        raise HTTPException(422, str(e)) from None


def check_of(engine: Engine, lessons_dir: Path, code: str) -> lessons.CheckForms:
    """The concept check's questions of class `code`, in its forms."""
    found = _checks.get(code.upper())
    if found is None:
        with open_session(engine) as db:
            c = crud.find(db, code, ended_ok=True)
            found = check_forms(lessons_dir, c.lesson_id, c.lesson_text)
        _checks.put(code.upper(), found)
    return found
