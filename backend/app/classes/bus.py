"""Wake-ups for live classes' event streams, behind one interface.

The events themselves are rows in the database (`class_events`): a stream that wakes reads the
rows after the last one it sent, so nothing is lost to a missed wake-up, a reconnect or a
second process. What travels here is only "class N has something new" (or "something new for
its students"): in one process an in-memory bus wakes the waiting streams; with PostgreSQL a
NOTIFY reaches every app process through LISTEN, with no other broker. A write to a class
(crud.py) returns the events it logged, and `announce` wakes their audiences once it is committed.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Protocol, TypeVar

from sqlalchemy import Engine, text

from ..core.db import AWAY
from .models import Written

log = logging.getLogger("memolab.events")
T = TypeVar("T")
CHANNEL = "memolab_classes"
# A topic's wake-ups are sent at most this often (Coalescer): an answer reaches the projector at
# most this much later, and a class costs PostgreSQL at most a few NOTIFYs a second.
COALESCE_S = 0.25


class Bus(Protocol):
    def publish(self, topic: str) -> None:
        """Something new under `topic` (called after the rows are committed; any thread)."""

    async def watch(self, topic: str) -> Wake:
        """A wake set at the next publish of `topic`. Watch first, then read the rows, then
        wait: a publish between the read and the wait is not missed."""

    def release_all(self) -> None:
        """The server is stopping: wake every stream so it ends (its device reconnects, to
        another process, with its last event id)."""

    @property
    def stopping(self) -> bool: ...

    def close(self) -> None: ...


class Wake:
    """Set once, at the next publish of a topic (or when a stream is told to close): one for all
    the streams that watch it. It is a bare future, so a stream waits on its wake and its close
    together with asyncio.wait and no task of its own (a reveal to 5,000 streams made 10,000
    tasks with asyncio.Event), and one waiter cancelled never cancels the others' (`wait`)."""

    __slots__ = ("future",)

    def __init__(self) -> None:
        self.future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def set(self) -> None:
        if not self.future.done():
            self.future.set_result(None)

    def is_set(self) -> bool:
        return self.future.done()

    async def wait(self) -> None:
        await asyncio.shield(self.future)

    def waiter(self) -> asyncio.Future[None]:
        """A future of one stream's own, set when this wake is: the stream waits on it, times
        out and waits again without touching the wake's own future, whose callbacks (one a
        stream) a removal would scan."""
        mine: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.future.done():
            mine.set_result(None)
        else:
            self.future.add_done_callback(partial(_settle, mine))
        return mine


def _settle(mine: asyncio.Future[None], _: object) -> None:
    if not mine.done():  # (its stream may have gone: then nobody waits on it)
        mine.set_result(None)


class LocalBus:
    """Waiters in this process: one Wake per topic, replaced each time it is set."""

    def __init__(self) -> None:
        self._events: dict[str, Wake] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False

    @property
    def stopping(self) -> bool:
        return self._stopping

    def release_all(self) -> None:
        self._stopping = True
        if self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._wake_all)
            except RuntimeError:
                pass

    async def watch(self, topic: str) -> Wake:
        return self.watch_now(topic)

    def wake_everyone(self) -> None:
        """Wake every waiting stream to read its rows again (from any thread): after a time
        when publishes may have been missed (the database's listener was reconnecting)."""
        if self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._wake_all)
            except RuntimeError:
                pass

    def watch_now(self, topic: str) -> Wake:
        self._loop = asyncio.get_running_loop()
        wake = self._events.get(topic)
        if wake is None:
            wake = self._events[topic] = Wake()
        return wake

    def _wake_all(self) -> None:
        for topic in list(self._events):
            self._wake(topic)

    def _wake(self, topic: str) -> None:
        event = self._events.pop(topic, None)
        if event is not None:
            event.set()

    def publish(self, topic: str) -> None:
        if self._loop is None:
            return  # nobody has waited yet: nobody to wake
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:
            self._wake(topic)
        else:
            try:
                self._loop.call_soon_threadsafe(self._wake, topic)
            except RuntimeError:  # that loop has closed: no stream left to wake
                self._loop = None

    def close(self) -> None:
        pass


class Coalescer:
    """Publishes of one topic sent at most once per `interval` seconds: the first at once, and
    all those that come within the interval after it as one, at its end. A wake-up only says
    "read your rows", so one stands for many; a class of thousands answering then costs a few
    NOTIFYs a second, not one each (PostgreSQL serializes the commits of notifying
    transactions)."""

    def __init__(self, send: Callable[[str], None], interval: float = COALESCE_S) -> None:
        self.send, self.interval = send, interval
        self._lock = threading.Lock()
        self._next: dict[str, float] = {}  # a topic's earliest time for its next send
        self._pending: set[str] = set()  # topics with a send at the end of their interval

    def publish(self, topic: str) -> None:
        with self._lock:
            if topic in self._pending:
                return  # the send already planned carries this one too
            now = time.monotonic()
            due = self._next.get(topic, 0.0)
            if now < due:
                self._pending.add(topic)
                timer = threading.Timer(due - now, self._flush, (topic,))
                timer.daemon = True
                timer.start()
                return
            self._next[topic] = now + self.interval
            if len(self._next) > 4096:  # forget topics long quiet (their due times are past)
                self._next = {t: d for t, d in self._next.items() if d > now}
        self.send(topic)

    def _flush(self, topic: str) -> None:
        with self._lock:
            self._pending.discard(topic)
            self._next[topic] = time.monotonic() + self.interval
        try:
            self.send(topic)
        except AWAY:  # (the rows are stored: the listener, back, wakes every stream to read)
            log.warning("class events: a wake-up for %s was lost (the database is away)", topic)


class PostgresBus:
    """NOTIFY on publish (coalesced per topic: Coalescer); a thread LISTENing on its own
    connection wakes this process's waiters (its own notifications included, so every process is
    woken the same way)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.local = LocalBus()
        self.coalescer = Coalescer(self._notify)
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread: threading.Thread | None = None
        self._started = threading.Lock()

    def _listen(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        deaf = False  # whether notifications may have been missed (the listener was away)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if deaf:  # back: every stream reads what was published meanwhile
                        self.local.wake_everyone()
                        log.info("class events: listening again")
                        deaf = False
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=1.0):
                            self.local.publish(n.payload)
            except Exception as e:  # the database went away (a restart): listen again in a moment
                self._listening.clear()
                deaf = True
                log.warning("class events: not listening (%s); trying again in a second", type(e).__name__)
                self._stop.wait(1.0)

    def _ensure_listening(self) -> None:
        with self._started:
            if self._thread is None:
                self._thread = threading.Thread(target=self._listen, name="class-events", daemon=True)
                self._thread.start()

    def publish(self, topic: str) -> None:
        self.coalescer.publish(topic)

    def _notify(self, topic: str) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("SELECT pg_notify(:channel, :topic)"), {"channel": CHANNEL, "topic": topic})
            conn.commit()

    async def watch(self, topic: str) -> Wake:
        self._ensure_listening()
        if not self._listening.is_set():  # the first stream waits for LISTEN (milliseconds)
            await asyncio.to_thread(self._listening.wait, 5.0)
        return self.local.watch_now(topic)

    @property
    def stopping(self) -> bool:
        return self.local.stopping

    def release_all(self) -> None:
        self.local.release_all()

    def close(self) -> None:
        self._stop.set()


def make_bus(engine: Engine) -> Bus:
    return PostgresBus(engine) if engine.dialect.name == "postgresql" else LocalBus()


def class_topic(code: str, students: bool = False) -> str:
    """What a class's streams wait on: the teacher's hears everything, the students' only what
    is for them (joins and answers are not)."""
    return f"class:{code.upper()}" + (":students" if students else "")


def announce(bus: Bus, written: Written[T]) -> T:
    """Wake the streams of the class `written` wrote to, and give the write's answer: the teacher's
    streams for any event it logged, the students' too for one not only the teacher's. Called once
    the rows are stored: if the database goes away just then, the wake-up is lost but not the rows
    (the listener, back, wakes every stream to read), and the request that stored them still
    succeeded."""
    if written.events:
        try:
            bus.publish(class_topic(written.code))
            if any(not e.teacher_only for e in written.events):
                bus.publish(class_topic(written.code, students=True))
        except AWAY:
            log.warning("class events: a wake-up for %s was lost (the database is away)", written.code)
    return written.value
