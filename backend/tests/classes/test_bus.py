"""The class event bus: a publish wakes its topic only; after the database's listener was away (a
restart), every waiter is woken to read what it may have missed; a burst of wake-ups is coalesced;
a committed write wakes the audiences of the events it logged (announce)."""

import asyncio
import threading
import time

from app.classes import models as ev
from app.classes.bus import Coalescer, LocalBus, announce
from app.classes.models import Logged, Written


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


def test_a_burst_of_publishes_of_one_topic_is_sent_as_two_wake_ups_and_none_is_lost():
    sent: list[tuple[str, float]] = []
    c = Coalescer(lambda topic: sent.append((topic, time.monotonic())), interval=0.2)
    start = time.monotonic()
    for _ in range(500):  # a class's answers arriving together
        c.publish("class:ABCDEF")
    c.publish("class:ABCDEF:students")  # another topic is its own
    assert [t for t, _ in sent] == ["class:ABCDEF", "class:ABCDEF:students"]  # the first of each at once
    limit = time.monotonic() + 10  # (a busy machine may run the timer late: a limit, not a bound)
    while len(sent) < 3 and time.monotonic() < limit:
        time.sleep(0.05)
    # the rest as one, at the end of the first's interval: whatever was published is woken for
    assert [t for t, _ in sent] == ["class:ABCDEF", "class:ABCDEF:students", "class:ABCDEF"]
    assert sent[2][1] - start >= 0.18  # not before the interval's end (how late a busy machine runs it is no bound)
    # quiet for longer than the interval: the next one goes at once again
    time.sleep(0.25)
    c.publish("class:ABCDEF")
    assert len(sent) == 4


def test_publishes_spread_over_time_are_sent_at_most_once_an_interval():
    sent: list[float] = []
    c = Coalescer(lambda topic: sent.append(time.monotonic()), interval=0.1)
    end = time.monotonic() + 1.0
    while time.monotonic() < end:  # one publish every 5 ms for a second
        c.publish("class:ABCDEF")
        time.sleep(0.005)
    time.sleep(0.15)
    # ten a second at most, not two hundred (fewer if a busy machine runs the timers late)
    assert 2 <= len(sent) <= 12, len(sent)
    assert min(b - a for a, b in zip(sent, sent[1:], strict=False)) >= 0.095


class Heard:
    """A bus that only notes what it was asked to publish."""

    def __init__(self) -> None:
        self.topics: list[str] = []

    def publish(self, topic: str) -> None:
        self.topics.append(topic)


def test_a_write_wakes_the_audiences_of_the_events_it_logged_and_gives_its_answer():
    joined = Logged(ev.joined_event(ev.Who(id="ab12cd34", name="Ann")), teacher_only=True)
    ended = Logged(ev.ended_event())
    cases = [
        ((), []),  # nothing logged (an answer sent again under its key): nobody to wake
        ((joined,), ["class:ABCDEF"]),  # for the teacher's screen only
        ((joined, ended), ["class:ABCDEF", "class:ABCDEF:students"]),  # for every device
    ]
    for events, woken in cases:
        bus = Heard()
        assert announce(bus, Written("answer", "abcdef", events)) == "answer"
        assert bus.topics == woken


def test_a_stream_waits_on_a_future_of_its_own_and_its_timeouts_leave_the_wake_alone():
    """Each stream's wait times out at each keep-alive. Waiting on the class's one wake, asyncio
    took that stream's callback off it each time, a scan of every stream's; a waiter of its own
    leaves the wake one callback a stream, and the wake still sets them all."""

    async def main() -> None:
        bus = LocalBus()
        wake = await bus.watch("class:A:students")
        mine = [wake.waiter() for _ in range(1000)]
        for _ in range(3):  # three keep-alives each: waits that time out
            for m in mine:
                done, _ = await asyncio.wait((m,), timeout=0)
                assert not done
        # the wake holds one callback a waiter, never touched by their timeouts (a timed-out wait
        # on the wake itself took its callback off, a scan of all of these, each time)
        assert len(wake.future._callbacks) == len(mine)
        assert all(not m.done() for m in mine) and not wake.is_set()
        bus.publish("class:A:students")
        await asyncio.wait_for(asyncio.gather(*mine), 1)
        late = wake.waiter()  # asked after the wake was set: already done
        assert late.done()

    asyncio.run(main())
