"""A sketched curve in a live class (issue 41), over HTTP: a curve step takes a sketch of its
count of values within the axis and refuses anything else (NaN and infinity included); the
sketch is stored, told to the teacher, hidden from the other phones until the reveal, revealed as
each x's values sorted, written in the CSV as "x: value" pairs, and judged in the report against
the model at each x."""

import csv
import io

import httpx
import pytest
import yaml

from app.core.config import Settings
from app.lessons import builtin
from perfmodels import registry

from .test_class_events import Stream, floats_in
from .test_classes import answer, control, join, start

LESSON = "lavc-capacity"
STEP = 7  # "The adapter": sketch the DEUNA's load at 50, 100, 150, 200 and 300 users


def _xs_and_truths() -> tuple[list[float], list[float]]:
    """The curve step's x values and the model there, read from the lesson file here (not the app)."""
    doc = yaml.safe_load((Settings().lessons_dir / f"{LESSON}.yaml").read_text())
    s = doc["steps"][STEP - 1]
    xs = s["question"]["at"]
    metric = s["state"]["y"]
    knobs = s["state"]["knobs"]
    return xs, [registry.evaluate(s["state"]["system"], {**knobs, s["state"]["x"]: x})["metrics"][metric] for x in xs]


def test_a_curve_step_takes_a_sketch_of_its_points_and_refuses_anything_else(client):
    assert builtin(Settings().lessons_dir)[LESSON][STEP - 1].predict == "curve"
    made = start(client, lesson=LESSON)
    code = made["code"]
    ann, bo = join(client, code, "Ann"), join(client, code, "Bo")
    assert control(client, made, step=STEP).status_code == 200
    good = [20.0, 45.5, 70.0, 90.0, 95.0]
    for bad in (
        {"value": 40.0},  # a value where a sketch is asked for
        {"choice": 1},
        {"sketch": good[:4]},  # one value short of the step's five
        {"sketch": [*good, 96.0]},
        {"sketch": [10.0] * 9},  # past the schema's eight
        {"sketch": [10.0, 20.0]},  # under its three
        {"sketch": [20.0, -1.0, 70.0, 90.0, 95.0]},
        {"sketch": [20.0, 2e15, 70.0, 90.0, 95.0]},
        {"sketch": [20.0, "lots", 70.0, 90.0, 95.0]},
        {"sketch": good, "value": 40.0},
    ):
        r = answer(client, code, ann, step=STEP, **bad)
        assert r.status_code == 422, (bad, r.text)
    # NaN and infinity are not numbers a sketch may hold (JSON has neither; Python's reader takes them)
    for raw in ("NaN", "Infinity", "-Infinity", "1e999"):
        r = client.post(
            f"/api/classes/{code}/answers",
            content=f'{{"step": {STEP}, "sketch": [20, {raw}, 70, 90, 95]}}',
            headers={"X-Student-Token": ann["student_token"], "Content-Type": "application/json"},
        )
        assert r.status_code == 422, (raw, r.text)
    assert answer(client, code, ann, step=STEP, sketch=[10.0, 20.0, 30.0, 40.0, 50.0]).status_code == 201
    assert answer(client, code, ann, step=STEP, sketch=good, confidence=2).status_code == 201  # replaces it
    assert answer(client, code, bo, step=STEP, sketch=[39.0, 74.0, 93.0, 95.0, 95.5]).status_code == 201
    # a sketch to a step that asks for a point is refused too
    control(client, made, step=5)
    assert answer(client, code, ann, step=5, sketch=good).status_code == 422

    teacher = {"X-Teacher-Token": made["teacher_token"]}
    rows = list(csv.reader(io.StringIO(client.get(f"/api/classes/{code}/answers.csv", headers=teacher).text)))
    assert [(r[0], r[2], r[3], r[6]) for r in rows[1:]] == [
        ("7", "Ann", "50: 20; 100: 45.5; 150: 70; 200: 90; 300: 95", "2"),
        ("7", "Bo", "50: 39; 100: 74; 150: 93; 200: 95; 300: 95.5", ""),
    ]

    xs, truths = _xs_and_truths()
    report = client.get(f"/api/classes/{code}/report", headers=teacher).json()
    step = next(s for s in report["steps"] if s["step"] == STEP)
    assert step["predict"] == "curve" and step["xs"] == xs and step["truths"] == pytest.approx(truths)
    bos = [39.0, 74.0, 93.0, 95.0, 95.5]
    errors = [sum(abs(s - t) / t for s, t in zip(sk, truths, strict=True)) / len(xs) for sk in (good, bos)]
    assert step["rounds"][0]["right"] == sum(e <= 0.1 for e in errors) == 1  # Bo's is close, Ann's is not


def test_the_leak_check_reads_numbers_not_text():
    clock = [{"type": "snapshot", "now": "2026-11-29T03:34:40.012345+00:00", "state": {"step": 7, "steps": 10}}]
    assert "40.0" in str(clock)  # what the check read before, and failed on now and then
    assert not set(floats_in(clock)) & {40.0, 10.0}
    assert set(floats_in([{"answers": [{"sketch": [30.0, 40.0]}]}])) & {40.0}


def test_a_sketch_is_told_to_the_teacher_hidden_from_the_phones_and_revealed_as_each_xs_values(server):
    api = httpx.Client(base_url=server, timeout=10)
    made = api.post("/api/classes", json={"lesson": LESSON}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    seats = [api.post(f"/api/classes/{code}/students", json={"name": n}).json() for n in ("Ann", "Bo", "Cy")]
    heads = [{"X-Student-Token": s["student_token"]} for s in seats]
    api.post(f"/api/classes/{code}/control", json={"step": STEP}, headers=teacher)
    room = Stream(server, code, teacher)
    phones = [Stream(server, code, h) for h in heads]
    sketches = ([30.0, 60.0, 80.0, 90.0, 90.0], [40.0, 75.0, 93.0, 95.0, 95.5], [10.0, 20.0, 30.0, 40.0, 60.0])
    for h, sk in zip(heads, sketches, strict=True):
        r = api.post(f"/api/classes/{code}/answers", json={"step": STEP, "sketch": sk}, headers=h)
        assert r.status_code == 201, r.text
    heard = [room.until("answers")[1]["answer"] for _ in sketches]
    assert [(a["name"], a["sketch"]) for a in heard] == [("Ann", sketches[0]), ("Bo", sketches[1]), ("Cy", sketches[2])]

    # a phone that reconnects gets its own sketch back, and no one else's
    again = Stream(server, code, heads[0])
    _, snap = again.next()
    assert snap["type"] == "snapshot" and [a["sketch"] for a in snap["answers"]] == [sketches[0]]
    again.close()

    api.post(f"/api/classes/{code}/control", json={"reveal": True}, headers=teacher)
    for i, p in enumerate(phones):
        seen = []
        while (e := p.next()[1])["type"] != "reveal":
            seen.append(e)
        # until the reveal a phone heard only the class's state: no sketch of another's
        assert {x["type"] for x in seen} <= {"snapshot", "state"}
        # (read as numbers: the snapshot's clock, "…T03:34:40.012…", holds "40.0" as text)
        others = {v for j, sk in enumerate(sketches) if j != i for v in sk} - set(sketches[i])
        assert not set(floats_in(seen)) & others
        spread = e["spread"]
        assert spread["count"] == 3 and spread["values"] == [] and spread["choices"] == {}
        assert spread["sketches"] == [sorted(at) for at in zip(*sketches, strict=True)]
    for s in [room, *phones]:
        s.close()


def test_a_curve_voted_twice_pairs_a_low_sketch_with_a_high_one(client):
    made = start(client, lesson=LESSON)
    code = made["code"]
    seats = [join(client, code, n) for n in ("Ann", "Bo", "Cy", "Di")]
    control(client, made, step=STEP)
    # in order of their mean height: Cy, Ann, Di, Bo
    sketches = ([20.0] * 5, [80.0] * 5, [10.0] * 5, [50.0] * 5)
    for s, sk in zip(seats, sketches, strict=True):
        assert answer(client, code, s, step=STEP, sketch=sk).status_code == 201
    assert control(client, made, round=2).status_code == 200
    groups = [
        client.get(f"/api/classes/{code}/group/{STEP}", headers={"X-Student-Token": s["student_token"]}).json()
        for s in seats
    ]
    partners = [[(m["name"], m["sketch"]) for m in g["members"]] for g in groups]
    # the i-th lowest with the one half the class further on: Cy with Di, Ann with Bo
    assert partners == [[("Bo", sketches[1])], [("Ann", sketches[0])], [("Di", sketches[3])], [("Cy", sketches[2])]]
