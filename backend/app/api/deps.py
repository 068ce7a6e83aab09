"""What routes receive by dependency, typed: the settings and what the app made at its start
(the engine, the live classes' bus and stream caps, the limiters), a database session (one per
request, and the one place a session is opened), and in a live class the door every request
naming a code passes (`class_door`) and the teacher or the student asking (checked by token).
Routes read `app.state` (main.py fills it) only through here, typed."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Protocol, TypeVar, cast

from fastapi import Depends, Header, Request
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from ..classes import crud
from ..classes.bus import Bus
from ..classes.crud import Student, Teacher
from ..classes.door import CodeDoor
from ..classes.rules import ClassError
from ..classes.shared_reads import SharedReads
from ..classes.streams import StreamSlots
from ..compute import ModelPool
from ..core.config import Settings
from ..core.limits import RateLimiter
from .schemas import ClassCode

T = TypeVar("T")

# ---- what the app made at its start --------------------------------------------------------------


class Made(Protocol):
    """What main.py puts on `app.state` for the routes, by name and type."""

    settings: Settings
    engine: Engine
    class_bus: Bus
    streams: StreamSlots
    shared_reads: SharedReads
    create_limiter: RateLimiter
    answer_limiter: RateLimiter
    class_door: CodeDoor
    model_pool: ModelPool
    model_budget: RateLimiter


def _made(part: Callable[[Made], T]) -> Callable[[Request], Awaitable[T]]:
    """A dependency giving one part of what the app made (async: read in the event loop, never
    on a thread)."""

    async def get(request: Request) -> T:
        return part(cast(Made, request.app.state))

    return get


get_settings = _made(lambda m: m.settings)
get_engine = _made(lambda m: m.engine)
get_bus = _made(lambda m: m.class_bus)
get_stream_slots = _made(lambda m: m.streams)
get_shared_reads = _made(lambda m: m.shared_reads)
get_create_limiter = _made(lambda m: m.create_limiter)
get_answer_limiter = _made(lambda m: m.answer_limiter)

SettingsDep = Annotated[Settings, Depends(get_settings)]
EngineDep = Annotated[Engine, Depends(get_engine)]
BusDep = Annotated[Bus, Depends(get_bus)]
StreamSlotsDep = Annotated[StreamSlots, Depends(get_stream_slots)]
SharedReadsDep = Annotated[SharedReads, Depends(get_shared_reads)]
CreateLimiterDep = Annotated[RateLimiter, Depends(get_create_limiter)]
AnswerLimiterDep = Annotated[RateLimiter, Depends(get_answer_limiter)]


@dataclass(frozen=True)
class ModelCalls:
    """The model workers, and the budget of model CPU time of the client asking (`who`)."""

    pool: ModelPool
    budget: RateLimiter
    who: str


async def get_model_calls(request: Request) -> ModelCalls:
    made = cast(Made, request.app.state)
    return ModelCalls(made.model_pool, made.model_budget, request.client.host if request.client else "unknown")


ModelCallsDep = Annotated[ModelCalls, Depends(get_model_calls)]


# ---- the database ------------------------------------------------------------------------------


def open_session(engine: Engine) -> Session:
    return Session(engine, expire_on_commit=False)


async def get_db(engine: EngineDep) -> AsyncIterator[Session]:
    # async: opening a Session does no I/O (it connects on first use), so a request answered
    # from a cache never leaves the event loop for a thread just to open and close one.
    with open_session(engine) as db:
        yield db


SessionDep = Annotated[Session, Depends(get_db)]


# ---- who is asking, in a live class ----------------------------------------------------------


async def class_door(request: Request) -> AsyncIterator[None]:
    """Every request naming a class code (the class routers' dependency, so no route can miss it):
    429 while its address has named too many unknown codes, whatever this code is; a 404 it
    then gets counts as one more (classes/door.py). Async: the door is only used from the
    event loop. A 404 raised by any later dependency or by the route passes through here."""
    if "code" not in request.path_params:  # (starting a class names none)
        yield
        return
    door = cast(Made, request.app.state).class_door
    address = request.client.host if request.client else "unknown"
    if wait := door.wait(address):
        raise ClassError(429, "too many unknown class codes from this address; try again shortly", math.ceil(wait))
    try:
        yield
    except ClassError as refused:
        if refused.status == 404:
            door.missed(address)
        raise


TokenHeader = Annotated[str, Header(max_length=128)]


def current_teacher(code: ClassCode, db: SessionDep, x_teacher_token: TokenHeader = "") -> Teacher:
    """403 unless the X-Teacher-Token is this class's (a class ended within the download window
    counts): the one check of a teacher's request; the writes it makes trust it."""
    try:
        return crud.teacher(db, code, x_teacher_token)
    finally:
        db.rollback()  # a read: the route's own transaction starts afresh


def current_student(code: ClassCode, x_student_token: TokenHeader = "") -> Student:
    """403 without an X-Student-Token; the class's writes check it against the class when it is used."""
    if not x_student_token:
        raise ClassError(403, "answers need the X-Student-Token this device got when it joined")
    return Student(code.upper(), x_student_token)


CurrentTeacher = Annotated[Teacher, Depends(current_teacher)]
CurrentStudent = Annotated[Student, Depends(current_student)]
