"""A live class under load: N students (default 300) join one class, each with its own event
stream, and answer one step within the first seconds; then the teacher reveals. Against one or
more running app processes (students spread over them; the projector's stream on the first).

    .venv/bin/python bench/class_load.py [--students 300] [--seconds 10] [--rounds 1|2] [--check]
        [--pid PID ...] URL [URL ...]

The students join over the first 30 % of `--seconds` and answer over the next 60 %, each answer
with a confidence (1 to 3). With `--rounds 2` (peer instruction) the teacher then opens the
step's second vote and every student answers again over another 60 %; every answer of both
rounds must be heard and in the CSV. Prints: how
long joining and answering took, answers acknowledged (201) and answers the teacher's stream
heard (none may be lost), the time from an answer's 201 to the teacher hearing it (p50, p95, max;
target p95 <= 1 s), and from the reveal's 200 to each student hearing it. With the servers'
process ids (`--pid`, Linux): the CPU time each side used (this load generator is a process of its
own, so a result limited by it shows), and each server's memory per open event stream."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import threading
import time
from typing import Any

from proc_stats import count_notifies, cpu_of, cpu_s, own_cpu_s, pct, rss_kb
from raw_http import Http

LESSON = "decnet-link-quota"  # step 2 asks for a point


class Seat:
    """A student's event stream as this load generator follows it: when the reveal arrived and
    its bytes, kept raw (parsed once the reveal has gone out to all), and why the stream was
    refused, if it was."""

    def __init__(self) -> None:
        self.revealed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.reveal: tuple[float, bytes] | None = None
        self.refused: str | None = None

    def heard(self, when: float, data: bytes) -> None:
        # (the stream sends `type` first: models.to_json)
        if self.reveal is None and data.startswith(b'{"type":"reveal"'):
            self.reveal = when, data
            if not self.revealed.done():  # (cancelled when the wait for all ran out)
                self.revealed.set_result(None)

    async def follow(self, c: Http, path: str, headers: dict[str, str], ready: asyncio.Event) -> None:
        status = await c.listen(path, headers, self.heard, ready)
        if status != 200:
            self.refused = str(status)
            ready.set()

    def reveal_heard(self, answers: int) -> float | None:
        """When this seat heard the reveal, if it did, and whole: a spread of every acknowledged answer
        (at least `answers`: one the proxy timed out may have been stored too)."""
        if self.reveal is None:
            return None
        when, data = self.reveal
        e = json.loads(data)
        return when if e["type"] == "reveal" and e["spread"]["count"] >= answers else None


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument(
        "--check",
        action="store_true",
        help="exit 1 unless nothing was lost, joins and answer-to-teacher p95 <= 1 s, the reveal heard by all in 2 s",
    )
    ap.add_argument("--pid", type=int, action="append", default=[], help="a server's process id (CPU, memory)")
    ap.add_argument("--sources", type=int, default=0, help="students spread over this many loopback addresses")
    ap.add_argument("--listen", help="PostgreSQL URL: count the class's NOTIFYs (wake-ups) a second")
    ap.add_argument("--rounds", type=int, choices=(1, 2), default=1, help="2: the teacher opens a second vote")
    ap.add_argument("urls", nargs="+")
    a = ap.parse_args()
    notifies: list[float] = []  # when each of the class's wake-ups was heard
    if a.listen:
        threading.Thread(target=count_notifies, args=(a.listen, notifies), daemon=True).start()
    cpu0 = [cpu_s(p) for p in a.pid], own_cpu_s(), time.perf_counter(), cpu_of("postgres"), cpu_of("nginx")
    rss0 = [rss_kb(p) for p in a.pid]
    rss_streams: list[int] = []  # each server's RSS with every stream open
    clients = [Http(u) for u in a.urls]
    first = clients[0]
    made = (await first.call("POST", "/api/classes", {"lesson": LESSON}))[1]
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    room: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
    room_ready = asyncio.Event()
    tasks = [asyncio.create_task(first.events(f"/api/classes/{code}/events", teacher, room, room_ready))]
    await room_ready.wait()
    await first.call("POST", f"/api/classes/{code}/control", {"step": 2}, teacher)

    start = time.perf_counter()
    join_window, answer_window = 0.3 * a.seconds, 0.6 * a.seconds
    acked: dict[tuple[str, int], float] = {}  # (student id, round) -> when the 201 arrived
    voters: list[tuple[Http, dict[str, Any]]] = []  # each student's client and seat, for round 2
    failures: list[str] = []
    seats: list[Seat] = []
    took: dict[str, list[float]] = {"join": [], "stream": [], "answer": []}
    joins: list[tuple[float, float]] = []  # each join's start (s into the class) and how long it took

    async def student(i: int) -> None:
        c = clients[i % len(clients)]
        if a.sources:
            c = Http(a.urls[i % len(a.urls)], f"127.0.0.{2 + i % a.sources}")
        await asyncio.sleep(random.uniform(0, join_window))
        t0 = time.perf_counter()
        status, s = await c.call("POST", f"/api/classes/{code}/students", {"name": f"student {i}"})
        took["join"].append(time.perf_counter() - t0)
        joins.append((t0 - start, took["join"][-1]))
        if status != 201:
            failures.append(f"join {status}")
            return
        seat = Seat()
        seats.append(seat)
        ready = asyncio.Event()
        path, token = f"/api/classes/{code}/events", {"X-Student-Token": s["student_token"]}
        tasks.append(asyncio.create_task(seat.follow(c, path, token, ready)))
        t0 = time.perf_counter()
        await ready.wait()
        took["stream"].append(time.perf_counter() - t0)
        if seat.refused is not None:
            failures.append(f"stream {seat.refused}")
        await asyncio.sleep(max(0.0, join_window + random.uniform(0, answer_window) - (time.perf_counter() - start)))
        voters.append((c, s))
        await vote(c, s, 1)

    async def vote(c: Http, s: dict[str, Any], round_no: int) -> None:
        t0 = time.perf_counter()
        status, _ = await c.call(
            "POST",
            f"/api/classes/{code}/answers",
            {
                "step": 2,
                "answer": {"kind": "point", "y": random.uniform(1e4, 2e5)},
                "round": round_no,
                "confidence": random.randint(1, 3),
            },
            {"X-Student-Token": s["student_token"]},
        )
        took["answer"].append(time.perf_counter() - t0)
        if status == 201:
            acked[(s["student_id"], round_no)] = time.perf_counter()
        else:
            failures.append(f"answer {status}")

    async def again(c: Http, s: dict[str, Any]) -> None:
        await asyncio.sleep(random.uniform(0, answer_window))
        await vote(c, s, 2)

    try:
        await asyncio.wait_for(asyncio.gather(*(student(i) for i in range(a.students))), timeout=4 * a.seconds)
        if a.rounds == 2:  # discuss, then vote again
            await first.call("POST", f"/api/classes/{code}/control", {"round": 2}, teacher)
            await asyncio.wait_for(asyncio.gather(*(again(c, s) for c, s in voters)), timeout=4 * a.seconds)
    except TimeoutError:
        failures.append(f"students still joining or answering after {4 * a.seconds:.0f} s")
    answered_in = time.perf_counter() - start
    rss_streams = [rss_kb(p) for p in a.pid]
    heard: dict[tuple[str, int], float] = {}
    deadline = time.perf_counter() + 10
    while len(heard) < len(acked) and time.perf_counter() < deadline:
        try:
            when, e = await asyncio.wait_for(room.get(), timeout=max(0.01, deadline - time.perf_counter()))
        except TimeoutError:
            break
        if e.get("type") == "answers" and "answer" in e:
            heard.setdefault((e["answer"]["id"], e["answer"].get("round", 1)), when)
    lags = [heard[s] - acked[s] for s in acked if s in heard]

    burst0 = [cpu_s(p) for p in a.pid], own_cpu_s(), cpu_of("postgres"), cpu_of("nginx")
    revealed_at = time.perf_counter()
    await first.call("POST", f"/api/classes/{code}/control", {"reveal": True}, teacher)
    ok_at = time.perf_counter()

    try:  # every seat has heard the reveal, or 10 s have passed
        async with asyncio.timeout(10):
            await asyncio.gather(*(seat.revealed for seat in seats))
    except TimeoutError:
        pass
    # read only now: a phone parses its reveal on its own processor, not on the servers' two cores
    counted = sum(1 for _, r in acked if r == a.rounds)  # the answers of the vote revealed
    reveals = [t for seat in seats if (t := seat.reveal_heard(counted)) is not None]
    burst_wall = max(reveals, default=revealed_at) - revealed_at
    burst = (
        [cpu_s(p) - c for p, c in zip(a.pid, burst0[0], strict=True)],
        own_cpu_s() - burst0[1],
        cpu_of("postgres") - burst0[2],
        cpu_of("nginx") - burst0[3],
    )
    rows = str((await first.call("GET", f"/api/classes/{code}/answers.csv", None, teacher))[1]).strip().splitlines()[1:]
    for t in tasks:
        t.cancel()
    await first.call("DELETE", f"/api/classes/{code}", None, teacher)

    ms = lambda x: f"{1000 * x:.0f} ms"  # noqa: E731
    print(
        f"{a.students} students through {len(a.urls)} address(es), {a.rounds} round(s) with confidence:"
        f" joined and answered in {answered_in:.1f} s"
    )
    print("  " + ", ".join(f"{k} p50 {ms(pct(v, 50))} p95 {ms(pct(v, 95))}" for k, v in took.items()))
    slow = [at for at, t in joins if t > 1.0]
    if slow:  # when the slow joins began: together (a pause) or spread out (a queue)
        seconds = sorted({int(at) for at in slow})
        print(f"  joins over 1 s: {len(slow)}, begun in {len(seconds)} distinct seconds of the class: {seconds[:20]}")
    print(f"  answers acknowledged {len(acked)}, heard by the teacher {len(heard)}, in the CSV {len(rows)}")
    print(f"  failures {len(failures)} {sorted(set(failures))}")
    lag_max = max(lags, default=float("nan"))
    print(f"  201 to the teacher's event: p50 {ms(pct(lags, 50))}, p95 {ms(pct(lags, 95))}, max {ms(lag_max)}")
    print("    (target p95 <= 1000 ms; below 0: the teacher heard it before the student had the 201)")
    print(f"  reveal: 200 after {ms(ok_at - revealed_at)}; heard by {len(reveals)} of {len(seats)} students")
    if reveals:
        heard_in = [t - revealed_at for t in reveals]
        print(
            f"    after the teacher pressed: p50 {ms(statistics.median(heard_in))}, p95 {ms(pct(heard_in, 95))},"
            f" all in {ms(max(heard_in))} (target 2000 ms)"
        )
        if a.pid:  # what each side spent while the reveal went out (from the press to the last heard)
            print(
                f"    CPU meanwhile ({burst_wall:.1f} s, {(os.cpu_count() or 1) * burst_wall:.1f} CPU-s in all): "
                "servers "
                f"{' + '.join(f'{c:.2f}' for c in burst[0])} s, PostgreSQL {burst[2]:.2f} s, nginx {burst[3]:.2f} s,"
                f" this load generator {burst[1]:.2f} s (measured up to the wait's end)"
            )
    if a.listen:
        per_s: dict[int, int] = {}
        for t in notifies:
            per_s[int(t)] = per_s.get(int(t), 0) + 1
        busiest = max(per_s.values(), default=0)
        print(f"  wake-ups (NOTIFY) of all classes: {len(notifies)} in all, at most {busiest} in one second")
    if a.pid:
        wall = time.perf_counter() - cpu0[2]
        servers = [cpu_s(p) - c for p, c in zip(a.pid, cpu0[0], strict=True)]
        print(
            f"  CPU over {wall:.1f} s: servers {' + '.join(f'{c:.1f}' for c in servers)} s, "
            f"PostgreSQL {cpu_of('postgres') - cpu0[3]:.1f} s, nginx {cpu_of('nginx') - cpu0[4]:.1f} s, "
            f"this load generator {own_cpu_s() - cpu0[1]:.1f} s"
            f" ({os.cpu_count()} cores: {(os.cpu_count() or 1) * wall:.0f} CPU-s in all)"
        )
        per = [(r1 - r0) / max(1, len(seats) / len(a.pid)) for r0, r1 in zip(rss0, rss_streams, strict=True)]
        print(
            "  memory: servers' RSS "
            + ", ".join(f"{r0 / 1024:.0f} -> {r1 / 1024:.0f} MB" for r0, r1 in zip(rss0, rss_streams, strict=True))
            + f" with the streams open: {', '.join(f'{p:.0f}' for p in per)} KB per stream"
        )
    whole = len(acked) == len(heard) == len(rows) == a.students * a.rounds and len(reveals) == a.students
    whole = whole and not failures
    all_heard = max(reveals, default=revealed_at + 9) - revealed_at
    quick = pct(took["join"], 95) <= 1.0 and pct(lags, 95) <= 1.0 and all_heard <= 2.0
    if a.check and not (whole and quick):
        raise SystemExit("class load check failed: answers lost, requests failed, or slower than the targets")


if __name__ == "__main__":
    import gc

    import uvloop  # the simulated class is one process of 600 connections: the faster loop

    # No collection pauses in the load generator: one of 0.5 s (its 10,000 streams' objects)
    # left every response of those moments unread, and counted the pause as the servers' time.
    # A run's garbage is small; the process ends with it.
    gc.disable()

    uvloop.run(main())
