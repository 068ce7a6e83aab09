"""Open event streams are bounded (streams.py): a device's newest stream replaces its oldest past
a few, an address past its cap is told 429 and a full process 503, each with Retry-After, and
the server's other requests keep answering meanwhile."""

import time

import httpx
import pytest

from ...test_lifecycle import _start
from .test_class_events import LESSON, Stream


@pytest.fixture
def tight(tmp_path):
    # two streams a token, four an address, six in all (the defaults: 3, 2,500 and 3,000)
    proc, port = _start(tmp_path, STREAMS_PER_TOKEN="2", STREAMS_PER_ADDRESS="4", STREAMS_TOTAL="6")
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(20)


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
    proc, port = _start(tmp_path, STREAMS_PER_TOKEN="2", STREAMS_PER_ADDRESS="100", STREAMS_TOTAL="3")
    base = f"http://127.0.0.1:{port}"
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
        proc.terminate()
        proc.wait(20)
