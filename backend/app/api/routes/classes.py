"""Live classes: a teacher starts one on a lesson, students join by its code and answer each
step from their own devices, the teacher's screen gathers the answers live and reveals for
everyone at once. Event streams are server-sent events, resumable by event id."""

from __future__ import annotations

import asyncio
import csv
import io
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from ... import classroom, lessons
from ...classroom import ClassError
from ...core.tables import ClassStudent
from ..deps import open_session
from ..errors import problems
from ..lru import Lru
from ..quota import created, may_create

router = APIRouter(prefix="/classes", tags=["classes"])

Code = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]{6}$")]
TokenHeader = Annotated[str, Header(max_length=128)]
LessonText = Annotated[str, StringConstraints(max_length=lessons.MAX_LESSON_BYTES, pattern=r"^[^\x00]*$")]
KEEP_ALIVE_S = 15.0


class ClassIn(BaseModel):
    """A built-in lesson by id, or a teacher's own lesson file (its YAML text)."""

    model_config = ConfigDict(extra="forbid")
    lesson: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_-]{1,64}$")] | None = None
    lesson_file: (
        Annotated[str, StringConstraints(max_length=lessons.MAX_LESSON_BYTES, pattern=r"^[^\x00]*$")] | None
    ) = None

    @model_validator(mode="after")
    def _one(self) -> ClassIn:
        if (self.lesson is None) == (self.lesson_file is None):
            raise ValueError("give either lesson (a built-in lesson's id) or lesson_file (a lesson's text)")
        return self


class ClassCreated(BaseModel):
    code: str
    join_url: str
    teacher_token: str


class ClassState(BaseModel):
    code: str
    step: int
    pace: Literal["teacher", "self"]
    steps: int
    revealed: list[int]
    locked: list[int]
    ended: bool


class ClassInfo(BaseModel):
    lesson: str | None
    lesson_file: str | None
    state: ClassState


class StudentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # A display name, or none (anonymous); no control characters, shown as text only.
    name: str = Field(default="", max_length=40, pattern=r"^[^\x00-\x1f\x7f]*$")


class StudentJoined(BaseModel):
    student_id: str
    student_token: str


class AnswerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    step: int = Field(ge=1, le=lessons.MAX_STEPS)
    value: float | None = None
    choice: int | None = Field(default=None, ge=1, le=6)


class AnswerSaved(BaseModel):
    step: int
    saved: bool


class ControlIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    step: int | None = Field(default=None, ge=1, le=lessons.MAX_STEPS)
    reveal: bool | None = None
    locked: bool | None = None
    pace: Literal["teacher", "self"] | None = None
    reset: bool = False


def _refused(e: ClassError) -> HTTPException:
    return HTTPException(e.status, e.reason)


# A class's lesson steps by code: a teacher's file is parsed once, not on every answer.
_steps: Lru[tuple[lessons.Step, ...]] = Lru(2048, ttl=3600.0)


def _lesson_steps(request: Request, lesson_id: str, lesson_text: str) -> tuple[lessons.Step, ...]:
    if lesson_id:
        found = lessons.builtin(request.app.state.settings.lessons_dir).get(lesson_id)
        if found is None:
            raise HTTPException(404, f"no built-in lesson '{lesson_id}'")
        return found
    try:
        return lessons.read_steps(lesson_text)
    except lessons.LessonError as e:
        raise HTTPException(422, str(e)) from None


@router.post("", status_code=201, response_model=ClassCreated, responses=problems(429, 503))
def create(body: ClassIn, request: Request) -> JSONResponse:
    may_create(request, "classes")
    steps = _lesson_steps(request, body.lesson or "", body.lesson_file or "")
    created(request, "classes")
    token = secrets.token_urlsafe(24)
    with open_session(request.app.state.engine) as db:
        classroom.purge(db)  # the old classes go as new ones come
        try:
            c = classroom.create(
                db, lesson_id=body.lesson or "", lesson_text=body.lesson_file or "", step_count=len(steps), token=token
            )
        except ClassError as e:
            raise _refused(e) from None
    _steps.put(c.code, steps)
    return JSONResponse({"code": c.code, "join_url": f"/c/{c.code}", "teacher_token": token}, status_code=201)


@router.get("/{code}", response_model=ClassInfo, responses=problems(410))
def info(code: Code, request: Request) -> dict[str, Any]:
    """What a student's device needs before joining: the lesson and where the class is."""
    with open_session(request.app.state.engine) as db:
        try:
            c = classroom.find(db, code)
        except ClassError as e:
            raise _refused(e) from None
        return {"lesson": c.lesson_id or None, "lesson_file": c.lesson_text or None, "state": classroom.state_of(c)}


@router.post("/{code}/students", status_code=201, response_model=StudentJoined, responses=problems(409, 410))
def join(code: Code, body: StudentIn, request: Request) -> JSONResponse:
    token = secrets.token_urlsafe(24)
    with open_session(request.app.state.engine) as db:
        try:
            s = classroom.join(db, code, body.name.strip(), token)
        except ClassError as e:
            raise _refused(e) from None
    _publish(request, code, students=False)
    return JSONResponse({"student_id": s.public_id, "student_token": token}, status_code=201)


def _topic(code: str, students: bool = False) -> str:
    """What a class's streams wait on: the teacher's hears everything, the students' only what
    is for them (joins and answers are not)."""
    return f"class:{code.upper()}" + (":students" if students else "")


def _publish(request: Request, code: str, students: bool) -> None:
    bus = request.app.state.class_bus
    bus.publish(_topic(code))
    if students:
        bus.publish(_topic(code, students=True))


def _steps_for(request: Request, code: str) -> tuple[lessons.Step, ...]:
    found = _steps.get(code.upper())
    if found is None:
        with open_session(request.app.state.engine) as db:
            try:
                c = classroom.find(db, code, ended_ok=True)
            except ClassError as e:
                raise _refused(e) from None
            found = _lesson_steps(request, c.lesson_id, c.lesson_text)
        _steps.put(code.upper(), found)
    return found


@router.post("/{code}/answers", status_code=201, response_model=AnswerSaved, responses=problems(403, 409, 410, 429))
def answer(code: Code, body: AnswerIn, request: Request, x_student_token: TokenHeader = "") -> JSONResponse:
    if not x_student_token:
        raise HTTPException(403, "answers need the X-Student-Token this device got when it joined")
    if wait := request.app.state.answer_limiter.take(x_student_token):
        raise HTTPException(429, "too many answers; try again shortly", headers={"Retry-After": str(int(wait) + 1)})
    steps = _steps_for(request, code)
    step = steps[body.step - 1] if body.step <= len(steps) else lessons.Step(None)
    with open_session(request.app.state.engine) as db:
        try:
            classroom.answer(db, code, x_student_token, body.step, body.value, body.choice, step)
        except ClassError as e:
            raise _refused(e) from None
    _publish(request, code, students=False)
    return JSONResponse({"step": body.step, "saved": True}, status_code=201)


@router.post("/{code}/control", response_model=ClassState, responses=problems(403, 410))
def control(code: Code, body: ControlIn, request: Request, x_teacher_token: TokenHeader = "") -> dict[str, Any]:
    with open_session(request.app.state.engine) as db:
        try:
            state = classroom.control(
                db,
                code,
                x_teacher_token,
                step_no=body.step,
                reveal=body.reveal,
                locked=body.locked,
                pace=body.pace,
                reset=body.reset,
            )
        except ClassError as e:
            raise _refused(e) from None
    _publish(request, code, students=True)
    return state


@router.delete("/{code}", status_code=204, responses=problems(403, 410))
def end(code: Code, request: Request, x_teacher_token: TokenHeader = "") -> Response:
    """End the class: every device is told; the answers stay downloadable for 24 hours."""
    with open_session(request.app.state.engine) as db:
        try:
            classroom.end(db, code, x_teacher_token)
        except ClassError as e:
            raise _refused(e) from None
    _publish(request, code, students=True)
    return Response(status_code=204)


_CSV_RISKY = ("=", "+", "-", "@", "\t", "\r")


@router.get(
    "/{code}/answers.csv",
    response_class=Response,
    responses={**problems(403, 410), 200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
)
def answers_csv(code: Code, request: Request, x_teacher_token: TokenHeader = "") -> Response:
    with open_session(request.app.state.engine) as db:
        try:
            c = classroom.find(db, code, ended_ok=True)
        except ClassError as e:
            raise _refused(e) from None
        if not classroom.is_teacher(c, x_teacher_token):
            raise HTTPException(403, "only the teacher of this class can download its answers")
        rows = classroom.answer_rows(db, c)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["step", "student", "name", "answer", "time"])
    for step, sid, name, given, at in rows:
        # a name a spreadsheet would run as a formula is written as text
        w.writerow([step, sid, "'" + name if name.startswith(_CSV_RISKY) else name, given, at])
    filename = f"memolab-class-{c.code}-answers.csv"
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


@dataclass
class Viewer:
    class_id: int
    code: str
    teacher: bool
    start: int  # the last event id this device has
    first: dict[str, Any] | None  # a snapshot to send first (a device with no event id)


async def _viewer(
    code: Code,
    request: Request,
    x_teacher_token: TokenHeader = "",
    x_student_token: TokenHeader = "",
    last_event_id: Annotated[str, Header(alias="Last-Event-ID", max_length=20)] = "",
) -> Viewer:
    """Who is listening, checked before the stream starts (so a refusal is a plain 4xx)."""

    def check() -> Viewer:
        with open_session(request.app.state.engine) as db:
            try:
                c = classroom.find(db, code, ended_ok=True)
                who: ClassStudent | None = None
                if x_teacher_token:
                    if not classroom.is_teacher(c, x_teacher_token):
                        raise ClassError(403, "the teacher token does not match this class")
                elif x_student_token:
                    who = classroom.student(db, c, x_student_token)
                else:
                    raise ClassError(403, "send X-Teacher-Token or X-Student-Token")
            except ClassError as e:
                raise _refused(e) from None
            if last_event_id.isdigit():
                return Viewer(c.id, c.code, who is None, int(last_event_id), None)
            last = classroom.last_event_id(db, c.id)
            return Viewer(c.id, c.code, who is None, last, classroom.snapshot(db, c, who))

    return await run_in_threadpool(check)


@router.get(
    "/{code}/events",
    response_class=EventSourceResponse,
    responses={**problems(403, 410), 200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}}},
)
async def events(request: Request, viewer: Annotated[Viewer, Depends(_viewer)]) -> AsyncIterator[ServerSentEvent]:
    """The class's events as JSON, each with its id: a device that reconnects with Last-Event-ID
    gets what it missed; one without gets a snapshot first. The teacher's stream also carries
    every join and answer ({"type": "answers", "step", "count", "answer"})."""
    bus = request.app.state.class_bus
    engine = request.app.state.engine
    topic = _topic(viewer.code, students=not viewer.teacher)
    after = viewer.start
    if viewer.first is not None:
        yield ServerSentEvent(data=viewer.first, id=str(after))

    def read(after: int) -> list[tuple[int, str]]:
        with open_session(engine) as db:
            return [(e.id, e.body) for e in classroom.events_after(db, viewer.class_id, after, viewer.teacher)]

    while not bus.stopping:
        woken = await bus.watch(topic)
        rows = await run_in_threadpool(read, after)
        for event_id, body in rows:
            yield ServerSentEvent(raw_data=body, id=str(event_id))
            after = event_id
            if body.startswith('{"type":"ended"'):
                return
        if rows:
            continue
        try:
            await asyncio.wait_for(woken.wait(), KEEP_ALIVE_S)
        except TimeoutError:
            yield ServerSentEvent(comment="keep-alive")
