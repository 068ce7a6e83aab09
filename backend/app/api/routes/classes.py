"""Live classes: a teacher starts one on a lesson, students join by its code and answer each
step from their own devices, the teacher controls the class and downloads the answers. The event
stream is in class_events.py; the queries in classroom.py; refusals (ClassError) become their
status by one exception handler (api/errors.py)."""

from __future__ import annotations

import csv
import io
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ... import classroom
from ...class_events import ClassState
from ...events import publish_class
from ..class_steps import lesson_steps, remember, step_of
from ..deps import CurrentStudent, CurrentTeacher, SessionDep
from ..errors import problems
from ..quota import created, may_create
from ..schemas import (
    AnswerIn,
    AnswerSaved,
    ClassCode,
    ClassCreated,
    ClassIn,
    ClassInfo,
    ControlIn,
    StudentIn,
    StudentJoined,
)

router = APIRouter(prefix="/classes", tags=["classes"])


@router.post("", status_code=201, response_model=ClassCreated, responses=problems(429, 503))
def create(body: ClassIn, request: Request, db: SessionDep) -> JSONResponse:
    may_create(request, "classes")
    steps = lesson_steps(request, body.lesson or "", body.lesson_file or "")
    created(request, "classes")
    token = secrets.token_urlsafe(24)
    classroom.purge(db)  # the old classes go as new ones come
    c = classroom.create(
        db, lesson_id=body.lesson or "", lesson_text=body.lesson_file or "", step_count=len(steps), token=token
    )
    remember(c.code, steps)
    return JSONResponse({"code": c.code, "join_url": f"/c/{c.code}", "teacher_token": token}, status_code=201)


@router.get("/{code}", response_model=ClassInfo, responses=problems(410))
def info(code: ClassCode, db: SessionDep) -> dict[str, Any]:
    """What a student's device needs before joining: the lesson and where the class is (an ended
    class too, within its download window: a student who reloads then still sees the answers)."""
    c = classroom.find(db, code, ended_ok=True)
    return {"lesson": c.lesson_id or None, "lesson_file": c.lesson_text or None, "state": classroom.state_of(c)}


@router.post("/{code}/students", status_code=201, response_model=StudentJoined, responses=problems(409, 410))
def join(code: ClassCode, body: StudentIn, request: Request, db: SessionDep) -> JSONResponse:
    token = secrets.token_urlsafe(24)
    s = classroom.join(db, code, body.name.strip(), token, request.app.state.settings.class_max_students)
    publish_class(request.app.state.class_bus, code, students=False)
    return JSONResponse({"student_id": s.public_id, "student_token": token}, status_code=201)


@router.post("/{code}/answers", status_code=201, response_model=AnswerSaved, responses=problems(403, 409, 410, 429))
def answer(body: AnswerIn, request: Request, db: SessionDep, student: CurrentStudent) -> JSONResponse:
    if wait := request.app.state.answer_limiter.take(student.token):
        return JSONResponse(
            {"detail": "too many answers; try again shortly"},
            status_code=429,
            headers={"Retry-After": str(int(wait) + 1)},
        )
    step = step_of(request, student.code, body.step)
    stored = classroom.answer(
        db, student.code, student.token, body.step, body.value, body.choice, step, body.key, body.resets
    )
    if stored.fresh:
        publish_class(request.app.state.class_bus, student.code, students=False)
    return JSONResponse({"step": body.step, "saved": True, "resets": stored.resets}, status_code=201)


@router.post("/{code}/control", response_model=ClassState, responses=problems(403, 410))
def control(body: ControlIn, request: Request, db: SessionDep, teacher: CurrentTeacher) -> ClassState:
    state = classroom.control(
        db,
        teacher.code,
        teacher.token,
        step_no=body.step,
        reveal=body.reveal,
        locked=body.locked,
        pace=body.pace,
        reset=body.reset,
    )
    publish_class(request.app.state.class_bus, teacher.code, students=True)
    return state


@router.delete("/{code}", status_code=204, responses=problems(403, 410))
def end(request: Request, db: SessionDep, teacher: CurrentTeacher) -> Response:
    """End the class: every device is told; the answers stay downloadable for 24 hours."""
    classroom.end(db, teacher.code, teacher.token)
    publish_class(request.app.state.class_bus, teacher.code, students=True)
    return Response(status_code=204)


# A cell a spreadsheet would run as a formula starts with one of these: written as text.
_CSV_RISKY = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    return "'" + text if text.startswith(_CSV_RISKY) else text


@router.get(
    "/{code}/answers.csv",
    response_class=Response,
    responses={**problems(403, 410), 200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
)
def answers_csv(request: Request, db: SessionDep, teacher: CurrentTeacher) -> Response:
    c = classroom.find(db, teacher.code, ended_ok=True)
    steps = lesson_steps(request, c.lesson_id, c.lesson_text)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["step", "student", "name", "answer", "time"])
    for step, sid, name, given, at in classroom.answer_rows(db, c, steps):
        w.writerow([step, sid, _cell(name), _cell(given), at])
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="memolab-class-{c.code}-answers.csv"',
            "Cache-Control": "no-store",
        },
    )
