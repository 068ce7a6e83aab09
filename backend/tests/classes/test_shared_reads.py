"""Streams woken together share one read (classes/shared_reads.py): one database read for all who ask the
same question about the same wake-up, meanwhile or just after; a new wake-up reads again, and a
read that failed is not handed to the next one to ask."""

import asyncio
import threading

from app.classes.shared_reads import SharedReads


def test_one_read_for_streams_asking_the_same_about_the_same_wake_up():
    async def go() -> None:
        shared = SharedReads()
        calls = 0
        gate = threading.Event()

        def read() -> list[int]:
            nonlocal calls
            calls += 1
            gate.wait(5)
            return [1, 2]

        woken = asyncio.Event()
        waiting = [asyncio.create_task(shared.read(("class", 7, woken), read)) for _ in range(500)]
        await asyncio.sleep(0.05)
        gate.set()
        assert all(r == [1, 2] for r in await asyncio.gather(*waiting))
        assert await shared.read(("class", 7, woken), read) == [1, 2]  # a late stream: the same answer
        assert calls == 1 and shared.reads == 1
        assert await shared.read(("class", 7, asyncio.Event()), read) == [1, 2]  # a new wake-up: read again
        assert calls == 2

    asyncio.run(go())


def test_a_failed_read_is_not_handed_on_and_a_cancelled_stream_does_not_cancel_it():
    async def go() -> None:
        shared = SharedReads()
        answers = iter([RuntimeError("database away"), [3]])

        def read() -> list[int]:
            a = next(answers)
            if isinstance(a, Exception):
                raise a
            return a

        key = ("class", 1, asyncio.Event())
        try:
            await shared.read(key, read)
        except RuntimeError:
            pass
        else:
            raise AssertionError("the failure was not raised")
        assert await shared.read(key, read) == [3]  # asked again, not the failure kept

        gate = threading.Event()
        key2 = ("class", 2, asyncio.Event())
        first = asyncio.create_task(shared.read(key2, lambda: gate.wait(5) and [4]))
        second = asyncio.create_task(shared.read(key2, lambda: [5]))
        await asyncio.sleep(0.02)
        first.cancel()
        gate.set()
        assert await second == [4]

    asyncio.run(go())
