"""One database read for many streams: when a class's reveal wakes its 500 students' streams in
this process, they all want the same rows after the same cursor. The first to ask reads them (in
a thread); the others asking the same question, meanwhile or just after, get its answer.

A question is keyed by the wake-up each stream watched as well. A read shared among streams that
watched the same wake-up began after that wake-up was armed: any row committed after the read
began was published after it too, which sets that wake-up, so every stream holding the shared
answer is woken to read again (bus.py: watch, read, then wait). Nothing is missed however
late a stream takes the answer; answers are kept a moment, since a wake-up once set is not
watched again.

Streams' database work runs on threads of their own, a few at once (`STREAM_THREADS`): a flood of
thousands of streams opening queues there, while every other request keeps the app's own threads."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable
from typing import Any

import anyio.to_thread

KEEP_S = 2.0  # how long an answer is kept for streams still to take it
STREAM_THREADS = 8  # streams' threads at once (the app's other requests have 40 of their own)


class SharedReads:
    def __init__(self) -> None:
        self._asked: dict[Hashable, tuple[float, asyncio.Future[Any]]] = {}
        self.reads = 0  # how many went to the database (tests, benchmarks)
        self._limiter: anyio.CapacityLimiter | None = None  # made in the event loop, on first use

    async def run(self, fn: Callable[[], Any]) -> Any:
        """`fn` on one of the streams' threads."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(STREAM_THREADS)
        return await anyio.to_thread.run_sync(fn, limiter=self._limiter)

    async def read(self, key: Hashable, fn: Callable[[], Any]) -> Any:
        now = time.monotonic()
        asked = self._asked.get(key)
        if asked is None or _failed(asked[1]):
            self._forget_before(now - KEEP_S)
            self.reads += 1
            asked = (now, asyncio.ensure_future(self.run(fn)))
            self._asked[key] = asked
        # shielded: one stream cancelled (its device left) does not cancel the others' read
        return await asyncio.shield(asked[1])

    def _forget_before(self, t: float) -> None:
        for key in [k for k, (at, f) in self._asked.items() if at < t and f.done()]:
            del self._asked[key]


def _failed(f: asyncio.Future[Any]) -> bool:
    return f.done() and (f.cancelled() or f.exception() is not None)
