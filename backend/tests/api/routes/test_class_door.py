"""The door of a live class over HTTP (on SQLite and, in the test command, PostgreSQL): an address
that tries codes no class has is refused past a few a second (429 with Retry-After, whatever the
code, so a refusal says nothing about it), every route that names a code counts, the app warns
when codes are guessed across it, and a classroom behind one address still joins."""

import logging
import time

import pytest
from fastapi.testclient import TestClient

from app.classes import door
from app.codes import unambiguous
from app.core import limits

from .test_classes import LESSON, join, start


@pytest.fixture(autouse=True)
def fresh_door(client):
    """Each test starts with a door that has seen no guess (the module's app is shared)."""
    client.app.state.class_door = door.CodeDoor()


class Clock:
    """The limiters' clock, moved by the test: a minute of classroom in however long it runs."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


def from_address(client: TestClient, address: str) -> TestClient:
    """The same app, asked from another address (a school's NAT, a guesser)."""
    return TestClient(client.app, client=(address, 40000))


def guess(c: TestClient, i: int) -> int:
    """One guess: a lookup or a join, by turns, of a code no class has (a fresh one each time)."""
    code = unambiguous(door.CODE_LENGTH)
    if i % 2:
        return c.post(f"/api/classes/{code}/students", json={}).status_code
    return c.get(f"/api/classes/{code}").status_code


def test_guessing_is_refused_past_the_limit_while_300_students_behind_one_address_join(client, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(limits, "time", clock)
    made = start(client)
    code = made["code"]
    school, guesser = from_address(client, "198.51.100.20"), from_address(client, "203.0.113.66")
    began = time.monotonic()
    guesses: list[int] = []
    for i in range(300):  # one student every 0.2 s: the class in a minute
        clock.now += 0.2
        guesses += [guess(guesser, 2 * i), guess(guesser, 2 * i + 1)]  # 10 guesses a second
        if i % 10 == 0:  # one student in ten first mistypes the code
            assert school.get(f"/api/classes/{unambiguous(door.CODE_LENGTH)}").status_code == 404
        assert school.get(f"/api/classes/{code.lower()}").status_code == 200
        r = school.post(f"/api/classes/{code}/students", json={"name": f"Student {i}"})
        assert r.status_code == 201, (i, r.text)
    assert time.monotonic() - began < 60
    report = client.get(f"/api/classes/{code}/report", headers={"X-Teacher-Token": made["teacher_token"]})
    assert report.status_code == 200
    # the guesser had its burst, then two a second for the minute; every other guess was refused
    answered = guesses.count(404)
    assert guesses.count(429) == len(guesses) - answered
    assert door.MISSES_BURST <= answered <= door.MISSES_BURST + door.MISSES_PER_S * 60 + 1
    # a refusal is the same for a class's real code: it says nothing about the code
    refused = guesser.get(f"/api/classes/{code}")
    assert refused.status_code == 429 and refused.json()["detail"].startswith("too many")
    assert 1 <= int(refused.headers["Retry-After"]) <= 1 + door.MISSES_BURST / door.MISSES_PER_S
    # once it has waited, it may try again
    clock.now += float(refused.headers["Retry-After"])
    assert guesser.get(f"/api/classes/{code}").status_code == 200


def test_every_route_that_names_a_code_counts_its_misses(client, monkeypatch):
    monkeypatch.setattr(limits, "time", Clock())
    teacher, student = {"X-Teacher-Token": "t" * 32}, {"X-Student-Token": "s" * 32}
    asks = [
        ("GET", "", {}, None),
        ("POST", "/students", {}, {}),
        ("POST", "/answers", student, {"step": 2, "value": 1}),
        ("POST", "/control", teacher, {"step": 2}),
        ("GET", "/group/2", student, None),
        ("GET", "/report", teacher, None),
        ("GET", "/answers.csv", teacher, None),
        ("GET", "/events", student, None),
        ("DELETE", "", teacher, None),
    ]
    for n, (method, rest, headers, body) in enumerate(asks):
        c = from_address(client, f"192.0.2.{n + 1}")
        statuses = [
            c.request(
                method, f"/api/classes/{unambiguous(door.CODE_LENGTH)}{rest}", headers=headers, json=body
            ).status_code
            for _ in range(door.MISSES_BURST + 1)
        ]
        assert statuses == [404] * door.MISSES_BURST + [429], (method, rest, statuses)


def test_a_known_code_costs_nothing_and_an_old_short_code_still_works(client, monkeypatch):
    monkeypatch.setattr(limits, "time", Clock())
    made = start(client)
    assert len(made["code"]) == door.CODE_LENGTH
    c = from_address(client, "192.0.2.100")
    for _ in range(3 * door.MISSES_BURST):
        assert c.get(f"/api/classes/{made['code']}").status_code == 200
    # a class made before codes grew keeps its six characters
    monkeypatch.setattr(door, "CODE_LENGTH", 6)
    old = start(client, lesson=LESSON)
    assert len(old["code"]) == 6
    monkeypatch.undo()
    monkeypatch.setattr(limits, "time", Clock())
    assert c.get(f"/api/classes/{old['code']}").status_code == 200
    assert join(c, old["code"])["student_token"]


def test_codes_guessed_across_the_app_are_logged_as_a_warning(client, monkeypatch, caplog):
    monkeypatch.setattr(limits, "time", Clock())
    caplog.set_level(logging.WARNING, logger="memolab.classes")
    per_address = door.MISSES_BURST // 2  # each address under its own limit
    addresses = door.WARN_MISSES_PER_MINUTE // per_address + 2
    for a in range(addresses):
        c = from_address(client, f"198.18.0.{a + 1}")
        for i in range(per_address):
            assert guess(c, i) == 404
    warned = [r for r in caplog.records if r.name == "memolab.classes" and r.levelno == logging.WARNING]
    assert len(warned) == 1  # once a minute at most, however many follow
    assert "unknown class codes" in warned[0].getMessage()
