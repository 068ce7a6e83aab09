"""Live classes: a teacher starts one on a lesson, students join by its code and answer each
step from their own devices, the teacher controls the class and downloads the answers. The event
stream is in class_events.py; the class's writes and reads in app/classes/ (each write announced
to the class's streams through `announce`); refusals (ClassError, a 429 too) become their status
by one exception handler (api/errors.py)."""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from fastapi.responses import JSONResponse, Response

from ...classes import crud, groups, reads, sheets, sweep
from ...classes import report as class_report
from ...classes.answers import AnswerIn
from ...classes.bus import announce
from ...classes.models import ClassState, Group
from ...classes.report import ClassReport
from ...classes.rules import ClassError
from ...lessons import MAX_STEPS, Step
from ..class_steps import check_forms, check_of, lesson_steps, remember, step_of
from ..deps import (
    AnswerLimiterDep,
    BusDep,
    CurrentStudent,
    CurrentTeacher,
    EngineDep,
    SessionDep,
    SettingsDep,
    class_door,
)
from ..errors import problems
from ..quota import QuotaDep
from ..schemas import (
    AnswerSaved,
    ClassCode,
    ClassCreated,
    ClassIn,
    ClassInfo,
    ControlIn,
    StudentIn,
    StudentJoined,
)

router = APIRouter(prefix="/classes", tags=["classes"], dependencies=[Depends(class_door)], responses=problems(429))


@router.post("", status_code=201, response_model=ClassCreated, responses=problems(429, 503))
def create(body: ClassIn, db: SessionDep, quota: QuotaDep, settings: SettingsDep) -> JSONResponse:
    quota.may_create("classes")
    steps = lesson_steps(settings.lessons_dir, body.lesson or "", body.lesson_file or "")
    check = check_forms(settings.lessons_dir, body.lesson or "", body.lesson_file or "")
    if body.step > len(steps):
        raise ClassError(422, f"the lesson has steps 1 to {len(steps)}")
    quota.created("classes")
    token = secrets.token_urlsafe(24)
    sweep.purge(db)  # the old classes go as new ones come
    c = crud.create(
        db,
        lesson_id=body.lesson or "",
        lesson_text=body.lesson_file or "",
        step_count=len(steps),
        step=body.step,
        token=token,
    )
    remember(c.code, steps, check)
    return JSONResponse({"code": c.code, "join_url": f"/c/{c.code}", "teacher_token": token}, status_code=201)


@router.get("/{code}", response_model=ClassInfo, responses=problems(410))
def info(code: ClassCode, db: SessionDep) -> dict[str, Any]:
    """What a student's device needs before joining: the lesson and where the class is (an ended
    class too, within its download window: a student who reloads then still sees the answers)."""
    c = crud.find(db, code, ended_ok=True)
    return {"lesson": c.lesson_id or None, "lesson_file": c.lesson_text or None, "state": reads.state_of(c)}


@router.post("/{code}/students", status_code=201, response_model=StudentJoined, responses=problems(409, 410))
def join(code: ClassCode, body: StudentIn, db: SessionDep, bus: BusDep, settings: SettingsDep) -> JSONResponse:
    token = secrets.token_urlsafe(24)
    s = announce(bus, crud.join(db, code, body.name.strip(), token, settings.class_max_students))
    return JSONResponse({"student_id": s.public_id, "student_token": token}, status_code=201)


@router.post("/{code}/answers", status_code=201, response_model=AnswerSaved, responses=problems(403, 409, 410, 429))
def answer(
    body: AnswerIn,
    db: SessionDep,
    student: CurrentStudent,
    bus: BusDep,
    limiter: AnswerLimiterDep,
    engine: EngineDep,
    settings: SettingsDep,
) -> JSONResponse:
    if wait := limiter.take(student.token):
        raise ClassError(429, "too many answers; try again shortly", int(wait) + 1)
    if body.phase is None:
        step, check = step_of(engine, settings.lessons_dir, student.code, body.step), None
    else:  # a question of the concept check, in the form this student takes (crud.answer)
        step, check = Step(None), (body.phase, check_of(engine, settings.lessons_dir, student.code))
    stored = announce(bus, crud.answer(db, student, body, step=step, check=check))
    return JSONResponse(
        {"step": body.step, "saved": True, "resets": stored.resets, "round": stored.round}, status_code=201
    )


@router.post("/{code}/control", response_model=ClassState, responses=problems(403, 410))
def control(
    body: ControlIn, db: SessionDep, teacher: CurrentTeacher, bus: BusDep, engine: EngineDep, settings: SettingsDep
) -> ClassState:
    # (opening the concept check needs the lesson to have one)
    check = None if body.check is None else (body.check, len(check_of(engine, settings.lessons_dir, teacher.code).a))
    done = crud.control(
        db,
        teacher,
        step_no=body.step,
        reveal=body.reveal,
        locked=body.locked,
        pace=body.pace,
        reset=body.reset,
        round_no=body.round,
        check=check,
        time_limit=body.time_limit,
    )
    return announce(bus, done)


@router.get("/{code}/group/{step}", response_model=Group, responses=problems(403, 409, 410))
def group(
    code: ClassCode, step: Annotated[int, Path(ge=1, le=MAX_STEPS)], db: SessionDep, student: CurrentStudent
) -> Group:
    """Whom this student discusses step `step` with, once the teacher opened its second vote."""
    c = crud.find(db, student.code, ended_ok=True)
    if reads.rounds_of(c, step) < 2:
        raise ClassError(409, "this step has no second vote (yet)")
    return groups.group_of(db, c, crud.seat(db, c, student.token), step)


@router.get("/{code}/report", response_model=ClassReport, responses=problems(403, 410))
def report(db: SessionDep, teacher: CurrentTeacher, settings: SettingsDep) -> ClassReport:
    """Each step's answers against the model: per round, the share right (a point within 10 % of
    the model's value) and by confidence; on a step voted twice, how the class moved. With a
    concept check, on the students who answered both before and after the lesson (and who did
    not, by phase): each question's and the class's share right, the normalized gain, the mean
    of the students' own gains, Cohen's d with its bootstrap interval, gains and losses, and
    what the answers cannot say."""
    c = crud.find(db, teacher.code, ended_ok=True)
    steps = lesson_steps(settings.lessons_dir, c.lesson_id, c.lesson_text)
    return class_report.report(db, c, steps, check_forms(settings.lessons_dir, c.lesson_id, c.lesson_text))


@router.delete("/{code}", status_code=204, responses=problems(403, 410))
def end(db: SessionDep, teacher: CurrentTeacher, bus: BusDep) -> Response:
    """End the class: every device is told; the answers stay downloadable for 24 hours."""
    announce(bus, crud.end(db, teacher))
    return Response(status_code=204)


# A cell a spreadsheet would run as a formula starts with one of these: written as text.
_CSV_RISKY = ("=", "+", "-", "@", "\t", "\r")
_AS_CSV = {**problems(403, 410), 200: {"content": {"text/csv": {"schema": {"type": "string"}}}}}


def _cell(cell: object) -> object:
    return "'" + cell if isinstance(cell, str) and cell.startswith(_CSV_RISKY) else cell


def _csv(code: str, what: str, rows: Iterable[Sequence[object]]) -> Response:
    """A download of the class's: rows as CSV, every text cell safe to open in a spreadsheet."""
    out = io.StringIO()
    csv.writer(out).writerows([_cell(x) for x in row] for row in rows)
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="memolab-class-{code}-{what}.csv"',
            "Cache-Control": "no-store",
        },
    )


@router.get("/{code}/answers.csv", response_class=Response, responses=_AS_CSV)
def answers_csv(db: SessionDep, teacher: CurrentTeacher, settings: SettingsDep) -> Response:
    """Every answer, a row each; the key (key.csv) says what each column's codes mean."""
    c = crud.find(db, teacher.code, ended_ok=True)
    steps = lesson_steps(settings.lessons_dir, c.lesson_id, c.lesson_text)
    check = check_forms(settings.lessons_dir, c.lesson_id, c.lesson_text)
    rows = (
        [step, sid, name, given, at, round_no, sure, phase, sheets.SURE_WORDS.get(sure, ""), form]
        for step, round_no, sid, name, given, sure, at, phase, form in reads.answer_rows(db, c, steps, check)
    )
    return _csv(c.code, "answers", [sheets.ANSWER_COLUMNS, *rows])


@router.get("/{code}/check.csv", response_class=Response, responses={**_AS_CSV, **problems(409)})
def check_csv(db: SessionDep, teacher: CurrentTeacher, settings: SettingsDep) -> Response:
    """The concept check by student: one row a student, a column a question in each phase (1
    right, 0 wrong, empty: no answer), their counts right, and whether the report matched them."""
    c = crud.find(db, teacher.code, ended_ok=True)
    check = check_forms(settings.lessons_dir, c.lesson_id, c.lesson_text)
    if not check.a:
        raise ClassError(409, "this class's lesson has no concept check")
    return _csv(c.code, "check", sheets.check_rows(class_report.check_answers(db, c, check)))


@router.get("/{code}/key.csv", response_class=Response, responses=_AS_CSV)
def key_csv(db: SessionDep, teacher: CurrentTeacher, settings: SettingsDep) -> Response:
    """What every coded column of the answers and of the check by student means, code by code,
    and what each question of the check asks (with the model's answer: the teacher's only)."""
    c = crud.find(db, teacher.code, ended_ok=True)
    return _csv(c.code, "key", sheets.key_rows(check_forms(settings.lessons_dir, c.lesson_id, c.lesson_text)))
