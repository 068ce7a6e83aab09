"""Peer instruction over HTTP and the event streams, against a running server: a step voted
twice (round 1, discussion groups, round 2), answers with confidence, the class's answers hidden
from the students until the reveal, both rounds in the CSV and the report against the model."""

import csv
import io

import httpx
import pytest
import yaml

from app.core.config import Settings
from app.lessons import builtin
from perfmodels import registry

from .test_class_events import LESSON, Stream, floats_in


def _truth() -> float:
    """What the model says at the lesson's step 2, read from the lesson file here (not the app)."""
    doc = yaml.safe_load((Settings().lessons_dir / f"{LESSON}.yaml").read_text())
    s = doc["steps"][1]
    knobs = {**s["state"]["knobs"], s["state"]["x"]: s["question"]["at"]}
    return float(registry.evaluate(s["state"]["system"], knobs)["metrics"][s["state"]["y"]])


def test_two_rounds_hidden_until_the_reveal_with_groups_csv_and_report(server):
    assert builtin(Settings().lessons_dir)[LESSON][1].predict == "point"
    truth = _truth()
    api = httpx.Client(base_url=server, timeout=10)
    made = api.post("/api/classes", json={"lesson": LESSON}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    names = ("Ann", "Bo", "", "Di")
    seats = [api.post(f"/api/classes/{code}/students", json={"name": n}).json() for n in names]
    heads = [{"X-Student-Token": s["student_token"]} for s in seats]
    api.post(f"/api/classes/{code}/control", json={"step": 2}, headers=teacher)
    room = Stream(server, code, teacher)
    phones = [Stream(server, code, h) for h in heads]

    def send(i: int, value: float, **more: object) -> httpx.Response:
        return api.post(f"/api/classes/{code}/answers", json={"step": 2, "value": value, **more}, headers=heads[i])

    # round 1: 2x, 0.5x, 1.05x (sure), 3x (sure: confident and wrong)
    first = (2 * truth, 0.5 * truth, 1.05 * truth, 3 * truth)
    sure1 = (1, 2, 3, 3)
    for i, (v, c) in enumerate(zip(first, sure1, strict=True)):
        r = send(i, v, confidence=c)
        assert r.status_code == 201 and r.json()["round"] == 1, r.text
    heard = [room.until("answers")[1]["answer"] for _ in range(4)]
    assert [(a["value"], a["round"], a["confidence"]) for a in heard] == list(zip(first, [1] * 4, sure1, strict=True))
    # no group before round 2
    assert api.get(f"/api/classes/{code}/group/2", headers=heads[0]).status_code == 409

    state = api.post(f"/api/classes/{code}/control", json={"round": 2}, headers=teacher).json()
    assert state["rounds"] == {"2": 2} and state["revealed"] == []
    for p in [room, *phones]:
        assert p.until("state")[1]["rounds"] == {"2": 2}
    # a round-1 answer kept on a device is refused now; the next answer is round 2's
    assert send(0, truth, round=1).status_code == 409
    # groups: a partition of the four, each group's round-1 answers all different
    groups = [api.get(f"/api/classes/{code}/group/2", headers=h).json() for h in heads]
    by_value = dict(zip(first, names, strict=True))
    for i, g in enumerate(groups):
        assert g["step"] == 2 and 1 <= len(g["members"]) <= 2
        values = [m["value"] for m in g["members"]]
        assert first[i] not in values and len(set(values)) == len(values)
        assert all(m["name"] == by_value[m["value"]] for m in g["members"])
    # the lowest answer discusses with the one half the class above it (ranks 1 and 3 of 4)
    assert [m["value"] for m in groups[1]["members"]] == [2 * truth]

    second = (1.2 * truth, 0.95 * truth, 1.05 * truth, 3 * truth)
    sure2 = (2, 2, 3, 3)
    for i, (v, c) in enumerate(zip(second, sure2, strict=True)):
        r = send(i, v, confidence=c, round=2)
        assert r.status_code == 201 and r.json()["round"] == 2, r.text
    assert [room.until("answers")[1]["answer"]["round"] for _ in range(4)] == [2] * 4

    api.post(f"/api/classes/{code}/control", json={"reveal": True}, headers=teacher)
    for p in phones:
        # until the reveal a phone heard only the class's state: no answer, no value of another's
        seen = []
        while (e := p.next()[1])["type"] != "reveal":
            seen.append(e)
        assert {e["type"] for e in seen} <= {"snapshot", "state"}
        assert not set(floats_in(seen)) & {*first, *second}
        assert sorted(e["spread"]["values"]) == sorted(second)
        assert sorted(e["spread"]["first"]["values"]) == sorted(first)
    # asking for round 2 again changes nothing; hidden again, the step stays in round 2
    assert api.post(f"/api/classes/{code}/control", json={"round": 2}, headers=teacher).status_code == 200
    hidden_again = api.post(f"/api/classes/{code}/control", json={"reveal": False}, headers=teacher)
    assert hidden_again.json()["rounds"] == {"2": 2}

    rows = list(csv.reader(io.StringIO(api.get(f"/api/classes/{code}/answers.csv", headers=teacher).text)))
    assert rows[0] == ["step", "student", "name", "answer", "time", "round", "confidence", "phase", "how sure", "form"]
    got = sorted((int(r[5]), r[2], float(r[3]), r[6]) for r in rows[1:])
    want = sorted(
        [(1, n, v, str(c)) for n, v, c in zip(names, first, sure1, strict=True)]
        + [(2, n, v, str(c)) for n, v, c in zip(names, second, sure2, strict=True)]
    )
    assert got == want
    # the confidence in the words the phone showed, beside its number: no key needed
    assert {(r[6], r[8]) for r in rows[1:]} <= {("1", "guessing"), ("2", "fairly sure"), ("3", "sure"), ("", "")}
    assert {r[8] for r in rows[1:]} >= {"sure"}

    assert api.get(f"/api/classes/{code}/report", headers=heads[0]).status_code == 403
    report = api.get(f"/api/classes/{code}/report", headers=teacher).json()
    step = next(s for s in report["steps"] if s["step"] == 2)
    assert step["truth"] == pytest.approx(truth)
    r1, r2 = step["rounds"]
    assert (r1["answered"], r1["right"], r1["right_pct"], r1["confident_wrong"]) == (4, 1, 25.0, 1)
    assert (r2["answered"], r2["right"], r2["right_pct"], r2["confident_wrong"]) == (4, 2, 50.0, 1)
    assert r2["confidence"] == [
        {"confidence": 2, "answered": 2, "right": 1},
        {"confidence": 3, "answered": 2, "right": 1},
    ]
    assert step["shift"] == {"both": 4, "toward": 2, "away": 0, "same": 2}
    # a step voted once has one round and no shift
    assert all(len(s["rounds"]) == 1 and s["shift"] is None for s in report["steps"] if s["step"] != 2)

    # a reset clears both rounds and goes back to round 1
    state = api.post(f"/api/classes/{code}/control", json={"reset": True}, headers=teacher).json()
    assert state["rounds"] == {} and send(0, truth).json()["round"] == 1
    for s in [room, *phones]:
        s.close()
