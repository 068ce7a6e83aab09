"""While the database is away (restarting, a connection dropped, every pooled connection busy)
a request is answered 503 with Retry-After, never a 500: the device knows to send it again."""

import pytest
from sqlalchemy import exc as db_errors

from app import crud
from app.classes import crud as classes

LOST = [
    db_errors.OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly")),
    db_errors.InterfaceError("SELECT 1", {}, Exception("connection already closed")),
    db_errors.TimeoutError("QueuePool limit of size 10 overflow 30 reached"),
]


@pytest.mark.parametrize("error", LOST, ids=lambda e: type(e).__name__)
def test_a_scenario_read_while_the_database_is_away(client, monkeypatch, error):
    def away(*_a, **_k):
        raise error

    monkeypatch.setattr(crud, "get_scenario", away)
    r = client.get("/api/scenarios/abcdefgh12")
    assert r.status_code == 503
    assert r.headers["retry-after"] == "2"
    assert "try again" in r.json()["detail"]


def test_an_answer_sent_while_the_database_is_away_is_told_to_come_again(client, monkeypatch):
    made = client.post("/api/classes", json={"lesson": "decnet-link-quota"}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    ann = client.post(f"/api/classes/{code}/students", json={"name": "Ann"}).json()
    assert client.post(f"/api/classes/{code}/control", json={"step": 2}, headers=teacher).status_code == 200

    def away(*_a, **_k):
        raise LOST[0]

    monkeypatch.setattr(classes, "answer", away)
    sent = {"step": 2, "value": 1000.0}
    r = client.post(f"/api/classes/{code}/answers", json=sent, headers={"X-Student-Token": ann["student_token"]})
    assert (r.status_code, r.headers.get("retry-after")) == (503, "2")
    monkeypatch.undo()
    # back: the same answer, sent again, is taken
    r = client.post(f"/api/classes/{code}/answers", json=sent, headers={"X-Student-Token": ann["student_token"]})
    assert r.status_code == 201
