"""The devices of the fault tests (test_faults.py): two app processes seen as a proxy would
send to them, and a device's event stream followed as the page follows it (stream.ts), with the
check that each stream got exactly its audience's events."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from sqlalchemy import create_engine, select

from app.classes.log import Cursor
from app.core.tables import ClassEvent, Classroom

from ..app_process import App

CONNECTION_LOST = (httpx.TransportError,)  # refused, reset, closed mid-response


@dataclass
class Servers:
    """Two app processes on one database; `up[i]` until process i is killed."""

    apps: list[App]
    urls: list[str]
    statuses: list[int] = field(default_factory=list)  # every answer a request got
    slowest: float = 0.0

    def kill(self, i: int) -> list[int]:
        """SIGKILL process i; the processes it had started (its model workers), which must end too."""
        left = _descendants(self.apps[i].pid)
        self.apps[i].proc.send_signal(signal.SIGKILL)
        self.apps[i].proc.wait(10)
        return left

    async def call(self, http: httpx.AsyncClient, prefer: int, method: str, path: str, **kw: Any) -> httpx.Response:
        """A device's request: 503 waits Retry-After and goes again; a lost connection goes to the
        other process. Gives up after 60 s (a test failure, not a device's patience)."""
        deadline = time.monotonic() + 60
        i = prefer
        while time.monotonic() < deadline:
            t0 = time.monotonic()
            try:
                r = await http.request(method, self.urls[i] + path, **kw)
            except CONNECTION_LOST:
                i = 1 - i
                await asyncio.sleep(0.1)
                continue
            finally:
                self.slowest = max(self.slowest, time.monotonic() - t0)
            self.statuses.append(r.status_code)
            if r.status_code == 503:
                assert r.headers.get("Retry-After"), "a 503 without Retry-After"
                await asyncio.sleep(min(float(r.headers["Retry-After"]), 2.0))
                continue
            return r
        raise AssertionError(f"{method} {path} never answered")


@dataclass
class Device:
    """One device's event stream, followed as stream.ts does: reconnecting with Last-Event-ID."""

    headers: dict[str, str]
    prefer: int
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (id, event)
    reconnects: int = 0

    async def follow(self, servers: Servers, http: httpx.AsyncClient, code: str) -> None:
        i = self.prefer
        while True:
            last = self.events[-1][0] if self.events else None
            headers = {**self.headers, **({"Last-Event-ID": last} if last else {})}
            try:
                async with http.stream("GET", f"{servers.urls[i]}/api/classes/{code}/events", headers=headers) as r:
                    if r.status_code in (429, 503):
                        await asyncio.sleep(min(float(r.headers.get("Retry-After", 1)), 2.0))
                        continue
                    assert r.status_code == 200, r.status_code
                    event_id, data = None, []
                    async for line in r.aiter_lines():
                        if line.startswith("id:"):
                            event_id = line[3:].strip()
                        elif line.startswith("data:"):
                            data.append(line[5:].strip())
                        elif line == "" and data:
                            event = json.loads("\n".join(data))
                            self.events.append((event_id or "", event))
                            data = []
                            if event["type"] == "ended":
                                return
            except CONNECTION_LOST:
                i = 1 - i  # that process is gone: the proxy sends the next try to the other
            self.reconnects += 1
            await asyncio.sleep(0.2)

    def heard(self, kind: str) -> list[dict[str, Any]]:
        return [e for _, e in self.events if e["type"] == kind]

    def answers(self) -> dict[str, float]:
        """The teacher's screen: each student's latest answer to step 2 (room.ts's fold)."""
        out: dict[str, float] = {}
        for _, e in self.events:
            if e["type"] == "snapshot":
                out = {a["id"]: a["value"] for a in e["answers"] if a["step"] == 2}
            elif e["type"] == "answers" and e.get("reset"):
                out = {}
            elif e["type"] == "answers" and e["step"] == 2:
                out[e["answer"]["id"]] = e["answer"]["value"]
        return out


def check_streams_exact(url: str, code: str, devices: list[Device], teacher: Device) -> None:
    """Each device got exactly its audience's events after its snapshot, in the log's order."""
    engine = create_engine(url)
    with engine.connect() as db:
        class_id = db.scalar(select(Classroom.id).where(Classroom.code == code))
        log = db.execute(
            select(ClassEvent.tx, ClassEvent.id, ClassEvent.teacher_only)
            .where(ClassEvent.class_id == class_id)
            .order_by(ClassEvent.tx, ClassEvent.id)
        ).all()
    engine.dispose()
    for d in [teacher, *devices]:
        assert d.events and d.events[0][1]["type"] == "snapshot"
        start = Cursor.parse(d.events[0][0])
        assert start is not None
        got = [Cursor.parse(i) for i, _ in d.events[1:]]
        want = [Cursor(tx, id_) for tx, id_, only in log if Cursor(tx, id_) > start and (d is teacher or not only)]
        assert got == want, (len(got), len(want))


def _descendants(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except OSError:
        return []
    return children + [d for c in children for d in _descendants(c)]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False
