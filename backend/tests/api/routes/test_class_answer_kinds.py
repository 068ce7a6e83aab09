"""A student's answer is one value of three kinds (`answer`: a point, a choice or a sketched curve,
app.lessons.Told), carried whole from the route into the store; a page of an earlier build, or an
answer one kept offline, sends the kind's field at the top (`value`, `choice`, `sketch`) and is
taken the same (issue 53)."""

import csv
import io

from .test_class_sketch import LESSON as SKETCHED
from .test_class_sketch import STEP as SKETCH_STEP
from .test_classes import CHOICE_2, answer, control, join, start


def _csv(client, made) -> list[tuple[str, str, str]]:
    rows = client.get(f"/api/classes/{made['code']}/answers.csv", headers={"X-Teacher-Token": made["teacher_token"]})
    return [(r[0], r[2], r[3]) for r in list(csv.reader(io.StringIO(rows.text)))[1:]]


def test_a_point_and_a_choice_in_either_form_are_stored_alike(client):
    made = start(client)
    code = made["code"]
    ann, bo = join(client, code, "Ann"), join(client, code, "Bo")
    control(client, made, step=2)
    assert answer(client, code, ann, step=2, answer={"kind": "point", "y": 1.5e6}).status_code == 201
    assert answer(client, code, bo, step=2, value=1.5e6).status_code == 201  # (an earlier build's)
    control(client, made, step=4)
    assert answer(client, code, ann, step=4, answer={"kind": "choice", "choice": 2}).status_code == 201
    assert answer(client, code, bo, step=4, choice=2).status_code == 201
    assert sorted(_csv(client, made)) == [
        ("2", "Ann", "1500000.0"),
        ("2", "Bo", "1500000.0"),
        ("4", "Ann", CHOICE_2),
        ("4", "Bo", CHOICE_2),
    ]


def test_a_sketch_in_either_form_is_stored_alike(client):
    made = start(client, lesson=SKETCHED)
    code = made["code"]
    ann, bo = join(client, code, "Ann"), join(client, code, "Bo")
    control(client, made, step=SKETCH_STEP)
    ys = [20.0, 45.5, 70.0, 90.0, 95.0]
    assert answer(client, code, ann, step=SKETCH_STEP, answer={"kind": "curve", "ys": ys}).status_code == 201
    assert answer(client, code, bo, step=SKETCH_STEP, sketch=ys).status_code == 201
    [(_, _, a), (_, _, b)] = sorted(_csv(client, made), key=lambda r: r[1])
    assert a == b and a.startswith("50: 20; 100: 45.5")


def test_an_answer_that_is_not_one_of_the_three_kinds_is_refused(client):
    made = start(client)
    code = made["code"]
    ann = join(client, code, "Ann")
    control(client, made, step=2)
    for bad in (
        {"answer": {"kind": "point"}},  # no value
        {"answer": {"kind": "point", "y": 5, "choice": 1}},  # a field of another kind
        {"answer": {"kind": "guess", "y": 5}},
        {"answer": {"y": 5}},  # no kind
        {"answer": 5},
        {"answer": {"kind": "point", "y": 5}, "value": 5},  # both forms at once
        {"value": 5, "choice": 1},  # two kinds in the flat form
        {},  # no answer at all
        {"answer": {"kind": "choice", "choice": 1}},  # a kind the step does not ask
    ):
        r = answer(client, code, ann, step=2, **bad)
        assert r.status_code == 422, (bad, r.text)
    assert _csv(client, made) == []
