"""What one event costs a server per open stream: N students' streams open on one app process in
a quiet class, then the teacher moves the class R times (each move one small event to every
stream), and last, every student having answered step 2, reveals it (one event of a few
kilobytes: the answers' spread); for each, the time until every stream heard it and the server's
CPU meanwhile, per stream.

    .venv/bin/python bench/class_fanout.py --pid PID [--students 2000] [--events 5] URL

The students join and open their streams first (untimed, a few at a time); the class is then
left quiet for two seconds. The load generator is a process of its own (raw asyncio, no parsing
beyond finding the event's type), so the server's CPU is its own: read from /proc by `--pid`.
Target (issue 54): at most 0.1 ms of the server's CPU a stream an event."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from proc_stats import cpu_split
from raw_http import Http

LESSON = "decnet-link-quota"


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", type=int, default=2000)
    ap.add_argument("--events", type=int, default=5)
    ap.add_argument("--pid", type=int, required=True, help="the server's process id (its CPU)")
    ap.add_argument("url")
    a = ap.parse_args()
    http = Http(a.url)
    made = (await http.call("POST", "/api/classes", {"lesson": LESSON}))[1]
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    gate = asyncio.Semaphore(20)  # joins a few at a time: joining is not what is measured
    queues: list[asyncio.Queue[tuple[float, dict[str, Any]]]] = []
    tasks: list[asyncio.Task[None]] = []
    tokens: list[str] = []

    async def student(i: int) -> None:
        async with gate:
            status, s = await http.call("POST", f"/api/classes/{code}/students", {"name": f"student {i}"})
            assert status == 201, (status, s)
            q: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
            ready = asyncio.Event()
            path = f"/api/classes/{code}/events"
            tasks.append(asyncio.create_task(http.events(path, {"X-Student-Token": s["student_token"]}, q, ready)))
            await ready.wait()
            queues.append(q)
            tokens.append(s["student_token"])

    await asyncio.wait_for(asyncio.gather(*(student(i) for i in range(a.students))), timeout=600)
    for q in queues:  # every stream has its snapshot
        _, e = await asyncio.wait_for(q.get(), timeout=60)
        assert e["type"] == "snapshot", e
    await asyncio.sleep(2.0)
    print(f"{a.students} open streams on one process; {a.events} events, each to every stream")
    per_stream_ms: list[float] = []

    async def event(what: str, body: dict[str, Any], kind: str) -> None:
        split0, t0 = cpu_split(a.pid), time.perf_counter()
        status, answer = await http.call("POST", f"/api/classes/{code}/control", body, teacher)
        assert status == 200, (status, answer)
        heard = await asyncio.wait_for(asyncio.gather(*(_next(q, kind) for q in queues)), timeout=120)
        user, system = (b - a for a, b in zip(split0, cpu_split(a.pid), strict=True))
        wall, cpu = max(heard) - t0, user + system
        per_stream_ms.append(1e3 * cpu / a.students)
        each = per_stream_ms[-1]
        print(
            f"  {what}: heard by all in {1e3 * wall:.0f} ms; server CPU {cpu:.2f} s"
            f" ({user:.2f} user, {system:.2f} system), {each:.3f} ms a stream"
        )
        await asyncio.sleep(1.0)

    for k in range(a.events):
        await event(f"move {k + 1}", {"step": 3 - k % 2}, "state")
    if a.events % 2 == 1:  # (the moves go to step 3, 2, 3, ...; the reveal is of step 2)
        await event("move to step 2", {"step": 2}, "state")
    answer = [(token, random.uniform(1e4, 2e5)) for token in tokens]
    await asyncio.gather(*(_answer(http, code, gate, token, value) for token, value in answer))
    for q in queues:  # (the answers are the teacher's events: the students' streams hear none)
        assert q.empty()
    await asyncio.sleep(2.0)
    await event("reveal", {"reveal": True}, "reveal")
    print(f"  median {statistics.median(per_stream_ms):.3f} ms of the server's CPU a stream an event (target 0.1)")
    for t in tasks:
        t.cancel()


async def _next(q: asyncio.Queue[tuple[float, dict[str, Any]]], kind: str) -> float:
    """When the stream heard its event of `kind` (a reveal comes with the class's new state)."""
    while True:
        when, e = await q.get()
        assert e["type"] != "refused", e
        if e["type"] == kind:
            return when


async def _answer(http: Http, code: str, gate: asyncio.Semaphore, token: str, value: float) -> None:
    async with gate:
        told = {"step": 2, "answer": {"kind": "point", "y": value}}
        status, body = await http.call("POST", f"/api/classes/{code}/answers", told, {"X-Student-Token": token})
        assert status == 201, (status, body)


if __name__ == "__main__":
    asyncio.run(main())
