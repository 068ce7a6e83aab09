"""Live classes over HTTP (on SQLite and, in the test command, PostgreSQL): codes, tokens,
limits, validation against the lesson's questions, control, ending and expiry. The event
streams have their own tests (test_class_events.py), against a running server."""

import csv
import io
import json
import re
import types
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.core import limits
from app.core.config import Settings
from app.core.tables import ClassEvent, Classroom
from perfmodels import registry

LESSON = "decnet-link-quota"  # step 1: no question; 2, 3: a point; 4, 5, 8: a choice of 3; 7: a knob of 3
KNOB_2 = next(k.label for k in registry.spec("decnet").knobs if k.name == "buffer_size")  # step 7's second
CHOICE_2 = "It barely changes, because the line itself is full"  # step 4's second choice, as written


def start(client, **body):
    r = client.post("/api/classes", json=body or {"lesson": LESSON})
    assert r.status_code == 201, r.text
    return r.json()


def join(client, code, name=""):
    r = client.post(f"/api/classes/{code}/students", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()


def control(client, made, **body):
    return client.post(
        f"/api/classes/{made['code']}/control", json=body, headers={"X-Teacher-Token": made["teacher_token"]}
    )


def answer(client, code, student, **body):
    return client.post(f"/api/classes/{code}/answers", json=body, headers={"X-Student-Token": student["student_token"]})


def test_a_class_has_a_short_unambiguous_code_a_join_link_and_a_teacher_token(client):
    made = start(client)
    assert re.fullmatch(r"[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}", made["code"])
    assert made["join_url"] == f"/c/{made['code']}" and len(made["teacher_token"]) >= 32
    info = client.get(f"/api/classes/{made['code']}").json()
    assert info["lesson"] == LESSON and info["lesson_file"] is None
    assert info["state"] == {
        "code": made["code"],
        "step": 1,
        "pace": "teacher",
        "steps": 9,
        "revealed": [],
        "locked": [],
        "ended": False,
        "resets": {},
        "rounds": {},
        "check": None,
        "deadlines": {},
    }
    assert "teacher_token" not in str(info)
    # a code typed in lower case finds the class too
    assert client.get(f"/api/classes/{made['code'].lower()}").status_code == 200


def test_a_class_opens_on_the_presenters_step_and_takes_its_answers_at_once(client):
    # the projector was on step 4 when the class began: a student who joins and answers before
    # the projector says anything more is on step 4 (it was step 1, and the answer a 409)
    made = start(client, lesson=LESSON, step=4)
    assert client.get(f"/api/classes/{made['code']}").json()["state"]["step"] == 4
    ann = join(client, made["code"], "Ann")
    assert answer(client, made["code"], ann, step=4, choice=2).status_code == 201
    for bad in (0, 10, 10_000, "4a"):  # the lesson has 9 steps
        assert client.post("/api/classes", json={"lesson": LESSON, "step": bad}).status_code == 422, bad


def test_a_teachers_own_lesson_file_and_bad_lessons(client):
    text = "id: mine\ntitle: Mine\nsteps:\n  - title: A\n    question:\n      predict: choice\n      choices: [x, y]\n"
    made = start(client, lesson_file=text)
    assert client.get(f"/api/classes/{made['code']}").json()["lesson_file"] == text
    assert client.post("/api/classes", json={"lesson": "no-such-lesson"}).status_code == 404
    for bad in ("steps: 3", "{{{", "steps:\n  - question: {predict: guess}\n", "x" * 70_000):
        assert client.post("/api/classes", json={"lesson_file": bad}).status_code == 422, bad[:20]
    assert client.post("/api/classes", json={}).status_code == 422
    assert client.post("/api/classes", json={"lesson": LESSON, "lesson_file": text}).status_code == 422
    # which knob matters most: answered by the knob's number among those offered
    knob = "id: k\ntitle: K\nsteps:\n  - title: A\n    question:\n      predict: knob\n      among: [a, b, c]\n"
    k = start(client, lesson_file=knob)
    ann = join(client, k["code"], "Ann")
    control(client, k, step=1)
    assert answer(client, k["code"], ann, step=1, choice=4).status_code == 422  # three knobs
    assert answer(client, k["code"], ann, step=1, value=1).status_code == 422  # a pick, not a value
    assert answer(client, k["code"], ann, step=1, choice=3).status_code == 201
    bad = knob.replace("[a, b, c]", "[a]")
    assert client.post("/api/classes", json={"lesson_file": bad}).status_code == 422


def test_answers_need_a_student_token_and_fit_the_step(client):
    made = start(client)
    code = made["code"]
    ann = join(client, code, "Ann")
    assert client.post(f"/api/classes/{code}/answers", json={"step": 1, "value": 3}).status_code == 403
    assert answer(client, code, {"student_token": "made-up" * 5}, step=2, value=1).status_code == 403
    assert answer(client, code, ann, step=1, value=3).status_code == 422  # step 1 asks nothing
    assert control(client, made, step=2).status_code == 200
    assert answer(client, code, ann, step=2, value=-1).status_code == 422
    assert answer(client, code, ann, step=2, value=1e300).status_code == 422
    assert answer(client, code, ann, step=2, choice=1).status_code == 422  # a value is asked for
    assert answer(client, code, ann, step=3, value=5).status_code == 409  # the class is on step 2
    assert answer(client, code, ann, step=9, value=5).status_code == 422
    assert answer(client, code, ann, step=2, value=1.5e6).status_code == 201
    assert answer(client, code, ann, step=2, value=2.5e6).status_code == 201  # replaces the first
    control(client, made, step=4)
    assert answer(client, code, ann, step=4, choice=4).status_code == 422  # three choices
    assert answer(client, code, ann, step=4, choice=2).status_code == 201
    control(client, made, step=7)  # which knob: among link_quota, buffer_size, copy_us_per_byte
    assert answer(client, code, ann, step=7, choice=2).status_code == 201
    rows = client.get(f"/api/classes/{code}/answers.csv", headers={"X-Teacher-Token": made["teacher_token"]})
    table = list(csv.reader(io.StringIO(rows.text)))
    assert table[0] == ["step", "student", "name", "answer", "time", "round", "confidence", "phase", "how sure", "form"]
    assert [(r[0], r[2], r[3]) for r in table[1:]] == [
        ("2", "Ann", "2500000.0"),
        ("4", "Ann", CHOICE_2),
        ("7", "Ann", KNOB_2),
    ]


def test_only_the_teacher_controls_and_reveal_closes_the_step(client):
    made = start(client)
    code = made["code"]
    ann = join(client, code)
    assert client.post(f"/api/classes/{code}/control", json={"step": 2}).status_code == 403
    assert (
        client.post(
            f"/api/classes/{code}/control", json={"step": 2}, headers={"X-Teacher-Token": ann["student_token"]}
        ).status_code
        == 403
    )
    assert control(client, made, step=2, locked=True).json()["locked"] == [2]
    assert answer(client, code, ann, step=2, value=10).status_code == 409  # locked
    assert control(client, made, locked=False).json()["locked"] == []  # the current step
    assert answer(client, code, ann, step=2, value=10).status_code == 201
    state = control(client, made, reveal=True).json()
    assert state["revealed"] == [2]
    assert answer(client, code, ann, step=2, value=11).status_code == 409  # revealed: closed
    # reset: the step's answers are gone and it is hidden again; the state counts the resets,
    # and an answer says which count it was stored under (a device compares the two)
    reset = control(client, made, reset=True).json()
    assert reset["revealed"] == [] and reset["resets"] == {"2": 1}
    again = answer(client, code, ann, step=2, value=12)
    assert again.status_code == 201 and again.json() == {"step": 2, "saved": True, "resets": 1, "round": 1}
    assert control(client, made, reset=True).json()["resets"] == {"2": 2}
    # an answer given before that reset (kept offline, say) is refused; one given after is taken
    late = answer(client, code, ann, step=2, value=13, resets=1)
    assert late.status_code == 409 and "reset this step" in late.json()["detail"]
    assert answer(client, code, ann, step=2, value=13, resets=2).status_code == 201
    assert control(client, made, locked=True).json()["resets"] == {"2": 2}  # kept by other moves
    # self-paced: any open step
    assert control(client, made, pace="self").json()["pace"] == "self"
    assert answer(client, code, ann, step=3, value=5).status_code == 201
    assert client.get(f"/api/classes/{code}/answers.csv").status_code == 403


def test_ending_tells_everyone_keeps_answers_a_day_then_forgets_them(make_client):
    client = make_client()
    made = start(client)
    code = made["code"]
    ann = join(client, code)
    control(client, made, step=2)
    answer(client, code, ann, step=2, value=3)
    assert client.delete(f"/api/classes/{code}").status_code == 403
    assert client.delete(f"/api/classes/{code}", headers={"X-Teacher-Token": made["teacher_token"]}).status_code == 204
    # a device that reloads still finds it, ended (a student then sees the answers); no one joins
    assert client.get(f"/api/classes/{code}").json()["state"]["ended"] is True
    assert answer(client, code, ann, step=2, value=4).status_code == 410
    assert client.post(f"/api/classes/{code}/students", json={}).status_code == 410
    csv_url = f"/api/classes/{code}/answers.csv"
    teacher = {"X-Teacher-Token": made["teacher_token"]}
    assert client.get(csv_url, headers=teacher).status_code == 200  # within the download window
    engine = client.app.state.engine
    with Session(engine) as db, db.begin():
        db.execute(
            update(Classroom).where(Classroom.code == code).values(ended_at=datetime.now(UTC) - timedelta(hours=25))
        )
    assert client.get(csv_url, headers=teacher).status_code == 410
    assert client.get(f"/api/classes/{code}").status_code == 410  # past the window, gone for all
    start(client)  # a new class sweeps the old ones away
    with Session(engine) as db:
        assert db.query(Classroom).filter_by(code=code).first() is None


def test_an_answer_sent_again_under_its_key_is_stored_and_announced_once(client):
    made = start(client)
    code = made["code"]
    ann = join(client, code, "Ann")
    control(client, made, step=2)
    for _ in range(3):  # a device retrying after lost replies
        assert answer(client, code, ann, step=2, value=5e5, key="k-0123456789").status_code == 201
    assert answer(client, code, ann, step=2, value=6e5, key="k-abcdefghij").status_code == 201  # a new answer
    assert answer(client, code, ann, step=2, value=7e5).status_code == 201  # no key: stored each time
    assert answer(client, code, ann, step=2, value=7e5).status_code == 201
    for bad in ("short", "x" * 65, "no spaces here"):
        assert answer(client, code, ann, step=2, value=1, key=bad).status_code == 422
    with Session(client.app.state.engine) as db:
        c = db.scalars(select(Classroom).where(Classroom.code == code)).one()
        bodies = db.scalars(select(ClassEvent.body).where(ClassEvent.class_id == c.id)).all()
    values = [json.loads(b)["answer"]["value"] for b in bodies if '"type":"answers"' in b]
    assert values == [5e5, 6e5, 7e5, 7e5]


def test_a_class_in_use_is_kept(client):
    made = start(client)
    code = made["code"]
    ann = join(client, code)
    control(client, made, step=2)
    with Session(client.app.state.engine) as db, db.begin():
        quiet = datetime.now(UTC) - timedelta(hours=11)
        db.execute(update(Classroom).where(Classroom.code == code).values(active_at=quiet))
    assert answer(client, code, ann, step=2, value=1).status_code == 201
    with Session(client.app.state.engine) as db:
        active = db.scalars(select(Classroom.active_at).where(Classroom.code == code)).one()
    assert (active if active.tzinfo else active.replace(tzinfo=UTC)) > datetime.now(UTC) - timedelta(minutes=1)


def test_a_class_idle_for_12_hours_is_gone(client):
    made = start(client)
    with Session(client.app.state.engine) as db, db.begin():
        idle = datetime.now(UTC) - timedelta(hours=12, minutes=1)
        db.execute(update(Classroom).where(Classroom.code == made["code"]).values(active_at=idle))
    assert client.get(f"/api/classes/{made['code']}").status_code == 404
    assert client.post(f"/api/classes/{made['code']}/students", json={}).status_code == 404


def test_limits_class_size_answer_rate_and_names(make_client, monkeypatch):
    # a class's size is a setting: 1,000 by default, at most 10,000
    assert Settings().class_max_students == 1000
    with pytest.raises(ValidationError):
        Settings(class_max_students=10_001)
    assert Settings(class_max_students=10_000).class_max_students == 10_000
    client = make_client(class_max_students=3)
    made = start(client)
    code = made["code"]
    students = [join(client, code) for _ in range(3)]
    r = client.post(f"/api/classes/{code}/students", json={})
    assert r.status_code == 409 and "full" in r.json()["detail"]
    for bad in ("x" * 41, "a\nb", "a\x00b"):
        assert client.post(f"/api/classes/{code}/students", json={"name": bad}).status_code == 422
    control(client, made, step=2)
    # the bucket refills at one answer a second: on a busy machine 62 answers take longer than
    # two seconds, so the limiter's clock stands still while they are sent
    monkeypatch.setattr(limits, "time", types.SimpleNamespace(monotonic=lambda: 1000.0))
    statuses = [answer(client, code, students[0], step=2, value=i).status_code for i in range(62)]
    assert statuses[:60] == [201] * 60 and statuses[-1] == 429
    assert answer(client, code, students[1], step=2, value=1).status_code == 201  # per device


def test_a_name_a_spreadsheet_would_run_is_written_as_text(client):
    made = start(client)
    s = join(client, made["code"], "=HYPERLINK(1)")
    control(client, made, step=2)
    answer(client, made["code"], s, step=2, value=1)
    text = client.get(
        f"/api/classes/{made['code']}/answers.csv", headers={"X-Teacher-Token": made["teacher_token"]}
    ).text
    assert "'=HYPERLINK(1)" in text


@pytest.mark.parametrize("code", ["ABC", "ABCDEFG", "ABCDEFGH", "ABCDEFGHJKM", "ABC$EF"])
def test_malformed_codes_are_422(client, code):
    assert client.get(f"/api/classes/{code}").status_code == 422


def test_old_classes_are_forgotten_without_waiting_for_a_new_one(make_client):
    import time

    client = make_client(class_sweep_s=0.2)
    made = start(client)
    with Session(client.app.state.engine) as db, db.begin():
        idle = datetime.now(UTC) - timedelta(hours=13)
        db.execute(update(Classroom).where(Classroom.code == made["code"]).values(active_at=idle))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with Session(client.app.state.engine) as db:
            if db.query(Classroom).filter_by(code=made["code"]).first() is None:
                return
        time.sleep(0.1)
    raise AssertionError("the idle class was not deleted")
