"""The concept check's two parallel forms and a step's time limit, over HTTP (on SQLite and, in
the test command, PostgreSQL). Forms: students take the orders A-then-B and B-then-A in turn as
they join; each answer is judged against the form the student took in that phase, and the report
pairs question n of one form with question n of the other, worked out by hand below. Time limit:
the server's clock (replaced by the test, no sleeps) decides; a late answer is refused in words."""

import csv
import io
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from app.classes import clock
from perfmodels import registry

FORMS = "afs-chunksize"  # form A (check) and form B (check_b), three questions each
# the model's answers: question 1 a point (read throughput at chunksize 14 in A, 12 in B);
# questions 2 and 3 choices, right: A 2 and 2, B 3 and 1 (so choice 2 is right in A, wrong in B)
A1 = float(registry.evaluate("afs", {"client": "redhat72", "chunksize": 14})["metrics"]["read_kBps"])
B1 = float(registry.evaluate("afs", {"client": "redhat72", "chunksize": 12})["metrics"]["read_kBps"])


class Class:
    def __init__(self, client, lesson: str) -> None:
        self.client = client
        made = client.post("/api/classes", json={"lesson": lesson}).json()
        self.code, self.teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
        self.heads: list[dict[str, str]] = []

    def join(self, name: str) -> dict[str, str]:
        got = self.client.post(f"/api/classes/{self.code}/students", json={"name": name}).json()
        self.heads.append({"X-Student-Token": got["student_token"]})
        return got

    def send(self, i: int, **body: object) -> httpx.Response:
        return self.client.post(f"/api/classes/{self.code}/answers", json=body, headers=self.heads[i])

    def control(self, **body: object) -> httpx.Response:
        return self.client.post(f"/api/classes/{self.code}/control", json=body, headers=self.teacher)

    def get(self, what: str) -> httpx.Response:
        return self.client.get(f"/api/classes/{self.code}/{what}", headers=self.teacher)


def _csv(r: httpx.Response) -> list[list[str]]:
    assert r.status_code == 200, r.text
    return list(csv.reader(io.StringIO(r.text)))


def test_students_take_the_forms_in_turn_and_each_sees_their_order(client):
    k = Class(client, FORMS)
    for i in range(7):
        k.join(f"S{i}")
    orders = [s["forms"] for s in k.get("report").json()["check"]["missing_students"]]
    # seven students, none answered: all missing, in the order they joined
    assert orders == ["AB", "BA", "AB", "BA", "AB", "BA", "AB"]
    forms = k.get("report").json()["check"]["forms"]
    assert [(f["order"], f["joined"], f["matched"]) for f in forms] == [("AB", 4, 0), ("BA", 3, 0)]


def test_each_answer_is_judged_in_its_form_and_the_report_pairs_the_forms_worked_out_by_hand(client):
    k = Class(client, FORMS)
    for name in ("S0", "S1", "S2", "S3"):  # S0 and S2 take A then B; S1 and S3 B then A
        k.join(name)
    # letters: the answer given to questions 1, 2, 3 (a value, then choices)
    before = {0: (A1, 1, 2), 1: (B1, 3, 2), 2: (B1, 1, 1), 3: (A1, 2, 2)}
    after = {0: (B1, 3, 1), 1: (A1, 2, 2), 2: (B1, 2, 1), 3: (A1, 3, 2)}
    for phase, given in (("before", before), ("after", after)):
        assert k.control(check=phase).status_code == 200
        for i, (value, c2, c3) in given.items():
            assert k.send(i, phase=phase, step=1, value=value).status_code == 201
            assert k.send(i, phase=phase, step=2, choice=c2).status_code == 201
            assert k.send(i, phase=phase, step=3, choice=c3).status_code == 201
        assert k.control(check="closed").status_code == 200
    check = k.get("report").json()["check"]
    # judged by form: before S0 (A) R W R, S1 (B) R R W (choice 2 is wrong in B), S2 (A) W W W (B's
    # value is far from A's), S3 (B) W W W; after S0 (B) R R R, S1 (A) R R R, S2 (B) R W R, S3 (A) R W R
    q1, q2, q3 = check["questions"]
    assert (q1["truth"], q1["truth_b"], q2["truth"], q2["truth_b"], q3["truth"], q3["truth_b"]) == (A1, B1, 2, 3, 2, 1)
    assert [(q["before"]["right"], q["after"]["right"], q["gains"], q["losses"]) for q in (q1, q2, q3)] == [
        (2, 4, 2, 0),
        (1, 2, 1, 0),
        (1, 4, 3, 0),
    ]
    # the class: 4 of 12 before, 10 of 12 after: g = (10/12 - 4/12) / (8/12) = 3/4
    assert (check["matched"], check["before"]["right"], check["after"]["right"], check["gain"]) == (4, 4, 10, 0.75)
    # each order apart: A-then-B (S0, S2) 2 of 6 then 5 of 6, B-then-A (S1, S3) the same: g = 3/4 each
    assert [
        (f["order"], f["matched"], f["before"]["right"], f["after"]["right"], f["gain"]) for f in check["forms"]
    ] == [
        ("AB", 2, 2, 5, 0.75),
        ("BA", 2, 2, 5, 0.75),
    ]
    sheet = _csv(k.get("check.csv"))
    assert sheet[0][-1] == "forms" and [r[-1] for r in sheet[1:]] == ["AB", "BA", "AB", "BA"]
    assert [r[2:8] for r in sheet[1:]] == [
        ["1", "0", "1", "1", "1", "1"],
        ["1", "1", "0", "1", "1", "1"],
        ["0", "0", "0", "1", "0", "1"],
        ["0", "0", "0", "1", "0", "1"],
    ]
    answers = _csv(k.get("answers.csv"))
    head = answers[0]
    rows = [dict(zip(head, r, strict=True)) for r in answers[1:]]
    s1 = [(r["phase"], r["step"], r["form"], r["answer"]) for r in rows if r["name"] == "S1" and r["step"] == "2"]
    # S1's choice 3 before is form B's words, their choice 2 after form A's
    assert sorted(s1) == [
        ("after", "2", "A", "How many packets one call may carry"),
        ("before", "2", "B", "How many packets one call may carry"),
    ]
    key = _csv(k.get("key.csv"))
    assert ["check", "forms", "BA", "form B before the lesson, form A after it"] in key
    assert any(r[3].startswith("question 2 of form B: What sets the size") for r in key)


def test_a_lesson_with_one_form_asks_everyone_the_same_questions(client):
    k = Class(client, "decnet-link-quota")
    k.join("A")
    k.join("B")
    report = k.get("report").json()["check"]
    assert report["forms"] is None and all(q["truth_b"] is None for q in report["questions"])
    assert [r[-1] for r in _csv(k.get("check.csv"))] == ["forms", "", ""]


class Frozen:
    """The classes' clock, set by the test."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def frozen(monkeypatch) -> Frozen:
    f = Frozen()
    monkeypatch.setattr(clock, "now", f)
    return f


def test_a_step_time_limit_is_held_by_the_servers_clock_and_a_late_answer_is_refused(client, frozen):
    k = Class(client, "decnet-link-quota")  # step 2 asks for a value
    k.join("Ann")
    k.join("Bob")
    assert k.control(step=2).status_code == 200
    state = k.control(time_limit=30).json()
    assert state["deadlines"] == {"2": {"ends": "2026-12-03T09:00:30.000Z", "seconds": 30}}
    # every device is told: the class's state, and the logged state event the streams send
    assert client.get(f"/api/classes/{k.code}").json()["state"]["deadlines"] == state["deadlines"]
    frozen.at += timedelta(seconds=29.9)
    assert k.send(0, step=2, value=1000).status_code == 201
    frozen.at += timedelta(seconds=0.1)  # 30 s: the end
    late = k.send(1, step=2, value=2000)
    assert late.status_code == 409
    assert "time is up on this step: your answer arrived as the time ran out and was not taken" in late.text
    frozen.at += timedelta(seconds=5)
    assert "arrived 5 s after the time ran out" in k.send(0, step=2, value=3000).text  # a change is refused too
    # the class holds Ann's answer in time, and nothing of Bob's
    rows = _csv(k.get("answers.csv"))[1:]
    assert [(r[2], r[3]) for r in rows] == [("Ann", "1000.0")]
    # a limit of 0 takes it away: the step is open again; a new limit counts from now
    assert k.control(time_limit=0).json()["deadlines"] == {}
    assert k.send(1, step=2, value=2000).status_code == 201
    assert k.control(time_limit=60).json()["deadlines"]["2"]["ends"] == "2026-12-03T09:01:35.000Z"
    # only the teacher sets it, within its bounds
    r = client.post(f"/api/classes/{k.code}/control", json={"time_limit": 30}, headers=k.heads[0])
    assert r.status_code == 403
    assert k.control(time_limit=601).status_code == 422 and k.control(time_limit=-1).status_code == 422
    assert k.control(time_limit=30.5).status_code == 422
