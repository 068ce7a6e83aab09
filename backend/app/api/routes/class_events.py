"""A live class's event stream: server-sent events, each a typed event (class_events.py) with its
id, resumable with Last-Event-ID; a device without one gets a snapshot first. The teacher's stream
also carries every join and answer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.sse import EventSourceResponse, ServerSentEvent

from ... import classroom
from ...class_events import Snapshot, to_json
from ...class_rules import ClassError
from ...core.tables import ClassStudent
from ...events import class_topic
from ...streams import Slot
from ..deps import TokenHeader, open_session
from ..errors import problems
from ..schemas import ClassCode

router = APIRouter(prefix="/classes", tags=["classes"])
KEEP_ALIVE_S = 15.0


@dataclass
class Viewer:
    class_id: int
    code: str
    teacher: bool
    start: int  # the last event id this device has
    first: Snapshot | None  # a snapshot to send first (a device with no event id)
    # its place among the open streams (streams.py), taken once the checks pass, given back when it ends
    slot: Slot | None = None


async def _viewer(
    code: ClassCode,
    request: Request,
    x_teacher_token: TokenHeader = "",
    x_student_token: TokenHeader = "",
    last_event_id: Annotated[str, Header(alias="Last-Event-ID", max_length=20)] = "",
) -> Viewer:
    """Who is listening, checked before the stream starts (so a refusal is a plain 4xx)."""

    def check() -> Viewer:
        with open_session(request.app.state.engine) as db:
            c = classroom.find(db, code, ended_ok=True)
            who: ClassStudent | None = None
            if x_teacher_token:
                if not classroom.is_teacher(c, x_teacher_token):
                    raise ClassError(403, "the teacher token does not match this class")
            elif x_student_token:
                who = classroom.student(db, c, x_student_token)
            else:
                raise ClassError(403, "send X-Teacher-Token or X-Student-Token")
            if last_event_id.isdigit():
                return Viewer(c.id, c.code, who is None, int(last_event_id), None)
            last = classroom.last_event_id(db, c.id)
            return Viewer(c.id, c.code, who is None, last, classroom.snapshot(db, c, who))

    viewer = await run_in_threadpool(check)
    # a place among the open streams, taken before the stream starts so a refusal is a status
    address = request.client.host if request.client else ""
    viewer.slot = request.app.state.streams.take(x_teacher_token or x_student_token, address)
    return viewer


@router.get(
    "/{code}/events",
    response_class=EventSourceResponse,
    responses={
        **problems(403, 410, 429, 503),
        200: {"content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/ClassEvent"}}}},
    },
)
async def events(request: Request, viewer: Annotated[Viewer, Depends(_viewer)]) -> AsyncIterator[ServerSentEvent]:
    """The class's events, each a ClassEvent as JSON with its id: a device that reconnects with
    Last-Event-ID gets what it missed; one without gets a snapshot first."""
    bus = request.app.state.class_bus
    engine = request.app.state.engine
    slots = request.app.state.streams
    topic = class_topic(viewer.code, students=not viewer.teacher)
    after = viewer.start
    slot = viewer.slot
    assert slot is not None  # taken by _viewer
    closed = slot.closed  # set when this device opens a newer stream: this one ends
    try:
        if viewer.first is not None:
            yield ServerSentEvent(raw_data=to_json(viewer.first), id=str(after))

        def read(after: int) -> list[tuple[int, str]]:
            with open_session(engine) as db:
                return [(e.id, e.body) for e in classroom.events_after(db, viewer.class_id, after, viewer.teacher)]

        while not bus.stopping and not closed.is_set():
            woken = await bus.watch(topic)
            rows = await run_in_threadpool(read, after)
            for event_id, body in rows:
                yield ServerSentEvent(raw_data=body, id=str(event_id))
                after = event_id
                if body.startswith('{"type":"ended"'):
                    return
            if rows:
                continue
            waits = [asyncio.ensure_future(woken.wait()), asyncio.ensure_future(closed.wait())]
            try:
                done, _ = await asyncio.wait(waits, timeout=KEEP_ALIVE_S, return_when=asyncio.FIRST_COMPLETED)
            finally:  # (also when the stream itself is cancelled: no waiter task left behind)
                for w in waits:
                    w.cancel()
            if not done:
                yield ServerSentEvent(comment="keep-alive")
    finally:
        slots.give_back(slot)
