"""The class event bus's waiters: a publish wakes its topic only; after the database's listener
was away (a restart), every waiter is woken to read what it may have missed, without stopping."""

import asyncio
import threading

from app.events import LocalBus


def test_waking_everyone_after_a_gap_wakes_every_topic_from_another_thread_without_stopping():
    async def main() -> None:
        bus = LocalBus()
        a, b = await bus.watch("class:A"), await bus.watch("class:B")
        bus.publish("class:A")
        await asyncio.wait_for(a.wait(), 1)
        assert not b.is_set()
        a2 = await bus.watch("class:A")
        threading.Thread(target=bus.wake_everyone).start()  # the listener's thread
        await asyncio.wait_for(asyncio.gather(a2.wait(), b.wait()), 1)
        assert not bus.stopping
        assert not (await bus.watch("class:A")).is_set()  # a fresh wait after the wake

    asyncio.run(main())
