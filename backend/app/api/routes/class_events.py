"""A live class's event stream: server-sent events, each a typed event (classes/models.py) with its
id, resumable with Last-Event-ID; a device without one gets a snapshot first. The teacher's stream
also carries every join and answer."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import Engine

from ...classes import crud, reads
from ...classes import log as class_log
from ...classes.bus import Bus, class_topic
from ...classes.log import Cursor
from ...classes.models import Snapshot, to_json
from ...classes.rules import ClassError
from ...classes.shared_reads import SharedReads
from ...classes.streams import Slot, StreamSlots
from ...core.db import AWAY, write_turn
from ...core.tables import ClassStudent
from ..deps import BusDep, EngineDep, SharedReadsDep, StreamSlotsDep, TokenHeader, class_door, open_session
from ..errors import problems
from ..schemas import ClassCode

router = APIRouter(prefix="/classes", tags=["classes"], dependencies=[Depends(class_door)], responses=problems(429))
KEEP_ALIVE_S = 15.0
HELD_S = 0.02  # how soon to look again for rows held back (classes/log.py), doubling up to HELD_MAX_S
HELD_MAX_S = 1.0


@dataclass
class Viewer:
    class_id: int
    code: str
    teacher: bool
    start: Cursor  # where in the class's log this device is
    first: Snapshot | None  # a snapshot to send first (a device with no event id)
    # its place among the open streams (classes/streams.py), taken before the checks, given back when it ends
    slot: Slot | None = None


async def _viewer(
    code: ClassCode,
    request: Request,
    engine: EngineDep,
    slots: StreamSlotsDep,
    shared: SharedReadsDep,
    x_teacher_token: TokenHeader = "",
    x_student_token: TokenHeader = "",
    last_event_id: Annotated[str, Header(alias="Last-Event-ID", max_length=40)] = "",
) -> Viewer:
    """Who is listening, checked before the stream starts (so a refusal is a plain 4xx)."""

    def check() -> Viewer:
        with open_session(engine) as db:
            class_log.snapshot_reads(db)
            c = crud.find(db, code, ended_ok=True)
            who: ClassStudent | None = None
            if x_teacher_token:
                if not crud.is_teacher(c, x_teacher_token):
                    raise ClassError(403, "the teacher token does not match this class")
            elif x_student_token:
                who = crud.seat(db, c, x_student_token)
            else:
                raise ClassError(403, "send X-Teacher-Token or X-Student-Token")
            if last_event_id and (at := class_log.resume(db, c.id, last_event_id)) is not None:
                return Viewer(c.id, c.code, who is None, at, None)
            # SQLite: the teacher's snapshot and its place in the log are read with no write between
            with write_turn(engine) if who is None else nullcontext():
                seen, at = reads.snapshot(db, c, who)
            return Viewer(c.id, c.code, who is None, at, seen)

    # A place among the open streams first (so a flood past the caps is refused at once, before
    # any database work), given back if the checks refuse the device.
    address = request.client.host if request.client else ""
    slot = slots.take(x_teacher_token or x_student_token, address)
    try:
        viewer: Viewer = await shared.run(check)
    except BaseException:
        slots.give_back(slot)
        raise
    viewer.slot = slot
    return viewer


def _sse(at: Cursor, body: str) -> str:
    """One server-sent event (a body is compact JSON: one line)."""
    return f"id: {at}\ndata: {body}\n\n"


@dataclass(frozen=True, slots=True)
class Batch:
    """What one read of the log found, framed once for every stream that shares the read (a
    reveal to 5,000 streams is encoded once, not 5,000 times): the bytes to write, where the
    streams are then, whether the class ended, whether rows were held back (log.after), and
    whether there may be more to read now (held back, or as many as one read gives)."""

    payload: bytes
    last: Cursor | None
    ended: bool
    held: bool
    more: bool


def _batch(rows: list[tuple[Cursor, str]], held: bool) -> Batch:
    more = held or len(rows) >= class_log.READ_LIMIT
    ended = next((i for i, (_, body) in enumerate(rows) if body.startswith('{"type":"ended"')), None)
    rows = rows if ended is None else rows[: ended + 1]
    payload = "".join(_sse(cursor, body) for cursor, body in rows).encode()
    return Batch(payload, rows[-1][0] if rows else None, ended is not None, held, more)


@router.get(
    "/{code}/events",
    response_class=StreamingResponse,
    responses={
        **problems(403, 410, 429, 503),
        200: {"content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/ClassEvent"}}}},
    },
)
async def events(
    viewer: Annotated[Viewer, Depends(_viewer)],
    bus: BusDep,
    engine: EngineDep,
    slots: StreamSlotsDep,
    shared: SharedReadsDep,
) -> StreamingResponse:
    """The class's events, each a ClassEvent as JSON with its id: a device that reconnects with
    Last-Event-ID gets what it missed; one without gets a snapshot first."""
    # Written out here rather than by yielding each event to FastAPI's SSE machinery (two tasks
    # and two queues per stream): one task a stream, and each read's events in one write.
    return StreamingResponse(
        _stream(viewer, bus, engine, slots, shared),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},  # (no proxy buffers it)
    )


async def _stream(
    viewer: Viewer, bus: Bus, engine: Engine, slots: StreamSlots, shared: SharedReads
) -> AsyncIterator[bytes]:
    topic = class_topic(viewer.code, students=not viewer.teacher)
    at = viewer.start
    slot = viewer.slot
    assert slot is not None  # taken by _viewer
    closed = slot.closed  # set when this device opens a newer stream: this one ends
    try:
        if viewer.first is not None:
            yield _sse(at, to_json(viewer.first)).encode()

        def read(at: Cursor) -> Batch:
            with open_session(engine) as db:
                return _batch(*class_log.after(db, viewer.class_id, at, viewer.teacher))

        tries = 0  # reads in a row that found rows held back (log.after)
        quiet_since = time.monotonic()
        while not bus.stopping and not closed.is_set():
            woken = await bus.watch(topic)
            key = (viewer.class_id, viewer.teacher, at, woken, tries)  # (streams in step share each read)
            try:
                batch: Batch = await shared.read(key, partial(read, at))
            except AWAY:  # the database is away: end here; the device reconnects from `at` (503 until it is back)
                return
            if batch.last is not None:  # what one read found goes out in one write
                yield batch.payload
                at, tries, quiet_since = batch.last, 0, time.monotonic()
                if batch.ended:
                    return
                if batch.more or woken.is_set():
                    continue
                # Nothing was published since the read began (`woken`, armed before it, is not
                # set), so nothing new is there to read: wait, without a second read per event.
            # Wait for a wake-up, with a keep-alive each KEEP_ALIVE_S meanwhile and no read until
            # it comes; or, rows held back behind a transaction still running, ask again in a
            # moment, a little later each time (a long transaction elsewhere holds them back).
            # The stream waits on a future of its own, set with the wake (`Wake.waiter`), and on
            # its close: asyncio.wait takes its callback off each future it waited on, and off a
            # wake shared by thousands of streams that was a scan of them all at every
            # keep-alive, a cost growing with the streams open (docs/performance.md).
            mine = woken.waiter()
            while True:
                timeout = min(HELD_MAX_S, HELD_S * 2**tries) if batch.held else KEEP_ALIVE_S
                done, _ = await asyncio.wait(
                    (mine, closed.future), timeout=timeout, return_when=asyncio.FIRST_COMPLETED
                )
                if not done and time.monotonic() - quiet_since >= KEEP_ALIVE_S:
                    yield b": keep-alive\n\n"
                    quiet_since = time.monotonic()
                if done or batch.held:
                    break
            tries = tries + 1 if batch.held and not done else 0
    finally:
        slots.give_back(slot)
