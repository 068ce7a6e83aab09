"""Open event streams are bounded (classes/streams.py): a device's newest stream replaces its oldest past
a few, an address past its cap is told 429 and a full process 503, each with Retry-After, and
the server's other requests keep answering meanwhile."""

import asyncio
import json
import threading
import time

import httpx
import pytest

from ...app_process import start_app
from ...conftest import POSTGRES
from .test_class_events import LESSON, Stream


@pytest.fixture
def tight(tmp_path):
    # two streams a token, four an address, six in all (the defaults: 3, 2,500 and 3,000)
    app = start_app(tmp_path, STREAMS_PER_TOKEN="2", STREAMS_PER_ADDRESS="4", STREAMS_TOTAL="6")
    yield app.url
    app.stop()


def test_a_reconnect_replaces_the_oldest_and_an_address_past_its_cap_is_refused(tight):
    api = httpx.Client(base_url=tight, timeout=10)
    made = api.post("/api/classes", json={"lesson": LESSON}).json()
    code = made["code"]
    ann = {"X-Student-Token": api.post(f"/api/classes/{code}/students", json={"name": "Ann"}).json()["student_token"]}
    first, second = Stream(tight, code, ann), Stream(tight, code, ann)
    assert first.until("snapshot")[1] and second.until("snapshot")[1]
    third = Stream(tight, code, ann)  # the same device again: its oldest stream is closed
    assert third.until("snapshot")[1]
    assert first.until("closed", timeout=20)[1]["type"] == "closed"
    # other devices from the same address: two more fit (four in all), the next is refused
    bo = {"X-Student-Token": api.post(f"/api/classes/{code}/students", json={"name": "Bo"}).json()["student_token"]}
    cy = {"X-Student-Token": api.post(f"/api/classes/{code}/students", json={"name": "Cy"}).json()["student_token"]}
    more = [Stream(tight, code, bo), Stream(tight, code, bo)]
    assert all(s.until("snapshot")[1] for s in more)
    refused = api.get(f"/api/classes/{code}/events", headers=cy)
    assert refused.status_code == 429 and refused.headers["retry-after"] == "5"
    assert "too many open streams" in refused.json()["detail"]
    # the server's other requests still answer, at once
    t = time.perf_counter()
    assert api.get("/api/health").status_code == 200
    assert time.perf_counter() - t < 1.0
    # streams given back (the devices went away) make room again
    second.close()
    third.close()
    # (the server notices the hang-up at once; its slot is given back as the stream ends)
    deadline = time.monotonic() + 20
    while True:
        again = Stream(tight, code, cy)
        if again.status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert again.status == 200 and again.until("snapshot")[1]
    for s in [*more, again]:
        s.close()


def test_a_process_holding_its_total_refuses_with_503(tmp_path):
    app = start_app(tmp_path, STREAMS_PER_TOKEN="2", STREAMS_PER_ADDRESS="100", STREAMS_TOTAL="3")
    base = app.url
    try:
        api = httpx.Client(base_url=base, timeout=10)
        code = api.post("/api/classes", json={"lesson": LESSON}).json()["code"]
        join = f"/api/classes/{code}/students"
        seats = [{"X-Student-Token": api.post(join, json={}).json()["student_token"]} for _ in range(4)]
        open_ = [Stream(base, code, seats[i]) for i in range(3)]
        assert all(s.until("snapshot")[1] for s in open_)
        r = api.get(f"/api/classes/{code}/events", headers=seats[3])
        assert r.status_code == 503 and r.headers["retry-after"] == "5"
        for s in open_:
            s.close()
    finally:
        app.stop()


# ---- a flood at the default caps (3 a token, 2,500 an address, 3,000 in all) ------------------


async def _open(port: int, path: str, token: str) -> tuple[int, asyncio.StreamReader | None, asyncio.StreamWriter]:
    """A stream opened on a raw connection: its status, and its reader while it stays open."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Student-Token: {token}\r\n\r\n"
    writer.write(head.encode())
    status = int((await asyncio.wait_for(reader.readline(), 60)).split()[1])
    return status, reader, writer


async def _call(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode() if body is not None else b""
    writer.write(
        f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    raw = await reader.read()
    writer.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(rest) if rest.startswith(b"{") else {}


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024


@pytest.mark.skipif(POSTGRES is not None, reason="the caps are the process's own: once, on SQLite, is enough")
def test_a_flood_of_streams_from_one_token_then_one_address_is_bounded(tmp_path):
    app = start_app(tmp_path, CREATE_PER_MINUTE="100", LOG_LEVEL="warning")
    try:
        asyncio.run(_flood(app.pid, app.port))
    finally:
        app.stop(30)


async def _flood(pid: int, port: int) -> None:
    health: list[float] = []
    statuses: list[int] = []
    done = threading.Event()

    def sample_health() -> None:
        """The server's other requests, all along: from a thread of its own, so the flood's
        event loop in this process does not delay the measuring."""
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as c:
            while not done.is_set():
                t = time.perf_counter()
                statuses.append(c.get("/api/health").status_code)
                health.append(time.perf_counter() - t)
                time.sleep(0.1)

    classes = [(await _call(port, "POST", "/api/classes", {"lesson": LESSON}))[1]["code"] for _ in range(3)]
    gate = asyncio.Semaphore(50)

    async def join(code: str) -> str:
        async with gate:
            status, s = await _call(port, "POST", f"/api/classes/{code}/students", {})
            assert status == 201
            return s["student_token"]

    tokens = await asyncio.gather(*(join(code) for code in classes for _ in range(900)))
    sampler = threading.Thread(target=sample_health)
    sampler.start()
    before = _rss_mb(pid)

    # 300 streams at once with one student's token: each replaces the oldest; 3 stay open
    opening = asyncio.Semaphore(500)  # (in flight at once: under the listen backlog)

    async def one(code: str, token: str) -> tuple[int, asyncio.StreamReader | None, asyncio.StreamWriter]:
        async with opening:
            return await _open(port, f"/api/classes/{code}/events", token)

    flood = await asyncio.gather(*(one(classes[0], tokens[0]) for _ in range(300)))
    assert {s for s, _, _ in flood} == {200}
    still_open = 0
    for _, reader, writer in flood:
        try:
            await asyncio.wait_for(reader.read(), 0.5 if still_open < 3 else 20)  # closed: read to its end
        except TimeoutError:
            still_open += 1
        writer.close()
    assert still_open <= 3

    # 2,700 from one address (the test's), 900 devices of each of 3 classes: 2,500 fit, the rest 429
    flood = await asyncio.gather(*(one(classes[i // 900], tokens[i]) for i in range(2700)))
    streams = sorted(s for s, _, _ in flood)
    with_streams = _rss_mb(pid)
    done.set()
    sampler.join()
    assert set(statuses) == {200}
    assert streams.count(200) <= 2500 and streams.count(200) >= 2490  # (a replaced one may still be closing)
    assert set(streams) == {200, 429}
    for _, _, writer in flood:
        writer.close()
    p95 = sorted(health)[int(0.95 * len(health))]
    grown = with_streams - before
    print(f"health p95 {1000 * p95:.0f} ms, max {1000 * max(health):.0f} ms; RSS {before:.0f} -> {with_streams:.0f} MB")
    assert p95 < 1.0 and max(health) < 3.0  # the server kept answering
    assert grown < 2500 * 0.1  # bounded: under 100 KB an open stream, nothing kept for the refused
