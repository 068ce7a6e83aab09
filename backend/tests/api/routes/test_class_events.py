"""Live classes' event streams against a running server (`python -m app`): what the teacher and
the students hear, a reconnect that resumes from its last event id, and, on PostgreSQL, events
crossing from one app process to another."""

import contextlib
import json
import queue
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from sqlalchemy import create_engine, text

from app.classes.log import READ_LIMIT, Cursor

from ...app_process import start_app
from ...conftest import POSTGRES

LESSON = "decnet-link-quota"


def floats_in(x: object) -> Iterator[float]:
    """Every float inside events read as JSON: where an answer's value or a sketch would be (the
    class's state holds only whole numbers; its clock is text, so it is never matched as text)."""
    if isinstance(x, float):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from floats_in(v)
    elif isinstance(x, list):
        for v in x:
            yield from floats_in(v)


class Stream:
    """An event stream read in a thread: next() gives (id, event) pairs, comments skipped."""

    def __init__(self, base: str, code: str, headers: dict[str, str]) -> None:
        self.events: queue.Queue = queue.Queue()
        self._client = httpx.Client(base_url=base, timeout=httpx.Timeout(5.0, read=None))
        self._stop = threading.Event()
        self.status: int | None = None
        self._socket: socket.socket | None = None
        ready = threading.Event()

        def run() -> None:
            try:
                with self._client.stream("GET", f"/api/classes/{code}/events", headers=headers) as r:
                    self._socket = r.extensions["network_stream"].get_extra_info("socket")
                    self.status = r.status_code
                    self.content_type = r.headers.get("content-type", "")
                    ready.set()
                    event_id, data = None, []
                    for line in r.iter_lines():
                        if self._stop.is_set():
                            return
                        if line.startswith("id:"):
                            event_id = line[3:].strip()
                        elif line.startswith("data:"):
                            data.append(line[5:].strip())
                        elif line == "" and data:
                            self.events.put((event_id, json.loads("\n".join(data))))
                            event_id, data = None, []
                self.events.put((None, {"type": "closed"}))
            except Exception as e:  # closed by the test, or the server went away
                ready.set()
                self.events.put((None, {"type": "error", "error": repr(e)}))

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait(10)

    def next(self, timeout: float = 10.0) -> tuple[str | None, dict]:
        return self.events.get(timeout=timeout)

    def until(self, kind: str, timeout: float = 10.0) -> tuple[str | None, dict]:
        while True:
            event_id, event = self.next(timeout)
            if event["type"] == kind:
                return event_id, event

    def close(self) -> None:
        """Hang up at once, as a device going away does: the reading thread's blocked read ends
        (closing the client alone would leave the connection open until the server's next line)."""
        self._stop.set()
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.shutdown(socket.SHUT_RDWR)
        self._client.close()


def _at(event_id: str) -> Cursor:
    """An event id as the place in the class's log it names."""
    at = Cursor.parse(event_id)
    assert at is not None, event_id
    return at


def test_teacher_and_students_hear_the_class_and_a_reconnect_resumes(server):
    api = httpx.Client(base_url=server, timeout=10)
    made = api.post("/api/classes", json={"lesson": LESSON}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    students = [api.post(f"/api/classes/{code}/students", json={"name": n}).json() for n in ("Ann", "Bo", "")]
    assert api.get(f"/api/classes/{code}/events").status_code == 403  # no token
    wrong = Stream(server, code, {"X-Student-Token": "made-up-token"})
    assert wrong.status == 403
    wrong.close()

    room = Stream(server, code, teacher)
    assert room.status == 200 and room.content_type.startswith("text/event-stream")
    _, snap = room.next()
    assert snap["type"] == "snapshot" and [s["name"] for s in snap["students"]] == ["Ann", "Bo", ""]
    ann = Stream(server, code, {"X-Student-Token": students[0]["student_token"]})
    _, mine = ann.next()
    assert mine["type"] == "snapshot" and mine["me"]["name"] == "Ann" and mine["state"]["step"] == 1

    api.post(f"/api/classes/{code}/control", json={"step": 2}, headers=teacher)
    assert room.until("state")[1]["step"] == 2
    assert ann.until("state")[1]["step"] == 2
    for s, v in zip(students, (1e6, 2e6, 4e6), strict=True):
        r = api.post(
            f"/api/classes/{code}/answers",
            json={"step": 2, "value": v},
            headers={"X-Student-Token": s["student_token"]},
        )
        assert r.status_code == 201
    heard = [room.until("answers")[1]["answer"] for _ in range(3)]
    assert [(a["name"], a["value"]) for a in heard] == [("Ann", 1e6), ("Bo", 2e6), ("", 4e6)]

    api.post(f"/api/classes/{code}/control", json={"reveal": True}, headers=teacher)
    last_id, reveal = ann.until("reveal")
    assert reveal["step"] == 2 and reveal["spread"]["values"] == [1e6, 2e6, 4e6]
    assert "Ann" not in json.dumps(reveal)  # students see the spread, not who gave what
    ann.close()

    # While Ann is away the teacher moves on and locks a step; back with her last event id,
    # she gets exactly what she missed, and no snapshot.
    api.post(f"/api/classes/{code}/control", json={"step": 3, "locked": True}, headers=teacher)
    api.post(f"/api/classes/{code}/control", json={"locked": False}, headers=teacher)
    back = Stream(server, code, {"X-Student-Token": students[0]["student_token"], "Last-Event-ID": last_id})
    missed = [back.next() for _ in range(2)]
    assert [e["type"] for _, e in missed] == ["state", "state"]
    assert [e["locked"] for _, e in missed] == [[3], []] and all(_at(i) > _at(last_id) for i, _ in missed)

    assert api.delete(f"/api/classes/{code}", headers=teacher).status_code == 204
    assert back.until("ended") and back.next()[1]["type"] == "closed"
    assert room.until("ended") and room.next()[1]["type"] == "closed"
    room.close()
    back.close()


def test_a_device_back_after_more_events_than_one_read_gives_gets_them_all_without_another_publish(server):
    """A stream that sent what a read found waits for the next publish only when there can be no
    more: a read of READ_LIMIT events may leave some behind, which go out at once."""
    api = httpx.Client(base_url=server, timeout=10)
    made = api.post("/api/classes", json={"lesson": LESSON}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    seat = api.post(f"/api/classes/{code}/students", json={"name": "Di"}).json()
    me = {"X-Student-Token": seat["student_token"]}
    away = Stream(server, code, me)
    api.post(f"/api/classes/{code}/control", json={"step": 2}, headers=teacher)
    last_id, _ = away.until("state")
    away.close()
    missed = READ_LIMIT + 20
    for i in range(missed):  # (locking and unlocking: one state event each)
        assert api.post(f"/api/classes/{code}/control", json={"locked": i % 2 == 0}, headers=teacher).is_success
    back = Stream(server, code, {**me, "Last-Event-ID": last_id})
    heard = [back.next(timeout=10)[1]["type"] for _ in range(missed)]  # no publish meanwhile
    assert heard == ["state"] * missed
    back.close()


@pytest.mark.skipif(not POSTGRES, reason="two app processes share one database only on PostgreSQL")
def test_events_cross_between_two_app_processes(tmp_path):
    a, b = start_app(tmp_path / "a"), start_app(tmp_path / "b")
    port_a, port_b = a.port, b.port
    try:
        one, two = (httpx.Client(base_url=f"http://127.0.0.1:{p}", timeout=10) for p in (port_a, port_b))
        made = one.post("/api/classes", json={"lesson": LESSON}).json()
        code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
        room = Stream(f"http://127.0.0.1:{port_b}", code, teacher)  # the projector on process B
        room.until("snapshot")
        s = two.post(f"/api/classes/{code}/students", json={"name": "Cy"}).json()
        student = Stream(f"http://127.0.0.1:{port_a}", code, {"X-Student-Token": s["student_token"]})  # on A
        student.until("snapshot")
        one.post(f"/api/classes/{code}/control", json={"step": 2}, headers=teacher)  # through A
        assert student.until("state")[1]["step"] == 2 and room.until("state")[1]["step"] == 2
        one.post(
            f"/api/classes/{code}/answers",
            json={"step": 2, "value": 5},
            headers={"X-Student-Token": s["student_token"]},
        )
        assert room.until("answers", timeout=5)[1]["answer"]["name"] == "Cy"  # answered on A, heard on B
        two.post(f"/api/classes/{code}/control", json={"reveal": True}, headers=teacher)  # through B
        assert student.until("reveal", timeout=5)[1]["spread"]["values"] == [5.0]  # heard on A
        room.close()
        student.close()
    finally:
        for p in (a, b):
            p.stop()


@pytest.mark.skipif(not POSTGRES, reason="rows are held back behind a running transaction on PostgreSQL only")
def test_an_event_held_back_behind_a_running_transaction_comes_once_it_ends_without_a_wake_up(tmp_path):
    """An answer committed while an older transaction still runs is held back (it could hide a
    row committing behind it); when that transaction ends, with nothing published, the stream
    still delivers it within about a second (it looks again, a little later each time)."""
    app = start_app(tmp_path)
    base = app.url
    engine = create_engine(POSTGRES)
    try:
        api = httpx.Client(base_url=base, timeout=10)
        made = api.post("/api/classes", json={"lesson": LESSON}).json()
        code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
        ann = api.post(f"/api/classes/{code}/students", json={"name": "Ann"}).json()
        api.post(f"/api/classes/{code}/control", json={"step": 2}, headers=teacher)
        room = Stream(base, code, teacher)
        room.until("snapshot")
        with engine.connect() as older:  # a transaction with an id, left open
            older.execute(text("SELECT pg_current_xact_id()"))
            r = api.post(
                f"/api/classes/{code}/answers",
                json={"step": 2, "value": 5e5},
                headers={"X-Student-Token": ann["student_token"]},
            )
            assert r.status_code == 201
            with pytest.raises(queue.Empty):
                room.until("answers", timeout=1.5)  # held back while the older one runs
            older.rollback()
        t = time.monotonic()
        assert room.until("answers", timeout=5)[1]["answer"]["value"] == 5e5
        assert time.monotonic() - t < 2.5
        room.close()
    finally:
        engine.dispose()
        app.stop()
