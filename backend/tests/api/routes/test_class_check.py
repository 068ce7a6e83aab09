"""A lesson's concept check in a class, over HTTP: the teacher opens it before the lesson and
again after it, simulated students answer with known right and wrong answers, and the report
gives each question's and the class's share right on matched students and the normalized gain,
exactly as worked out by hand; answers go only to the phase open, stay apart from the lesson's
steps, and reach the CSV with their phase, the per-student sheet and its key, and the teacher's
stream with theirs."""

import csv
import io

import httpx
import yaml

from app.core.config import Settings
from perfmodels import registry

from .test_class_events import LESSON, Stream


def _q1_truth() -> float:
    """The model's value where the lesson's first check question asks, read from the file here."""
    q = yaml.safe_load((Settings().lessons_dir / f"{LESSON}.yaml").read_text())["check"][0]
    knobs = {**q["state"]["knobs"], q["state"]["x"]: q["question"]["at"]}
    return float(registry.evaluate(q["state"]["system"], knobs)["metrics"][q["state"]["y"]])


def test_a_class_runs_the_check_before_and_after_and_the_report_gives_the_gain_worked_out_by_hand(client):
    made = client.post("/api/classes", json={"lesson": LESSON}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    heads = [
        {
            "X-Student-Token": client.post(f"/api/classes/{code}/students", json={"name": f"S{i}"}).json()[
                "student_token"
            ]
        }
        for i in range(10)
    ]
    truth = _q1_truth()

    def send(i: int, phase: str, question: int, **answer: float) -> int:
        body = {"step": question, "phase": phase, **answer}
        return client.post(f"/api/classes/{code}/answers", json=body, headers=heads[i]).status_code

    def control(**body: object) -> httpx.Response:
        return client.post(f"/api/classes/{code}/control", json=body, headers=teacher)

    # nothing is open yet: an answer to the check is refused
    assert send(0, "before", 2, choice=2) == 409
    assert control(check="before").json()["check"] == "before"
    # question 1 (a point, right within 10 % of the model): 2 of 10 right; question 2 (a choice,
    # right: 2): 4 of 10; question 3 (a choice, right: 2): all 10
    for i in range(10):
        assert send(i, "before", 1, value=truth * (1.05 if i < 2 else 2)) == 201
        assert send(i, "before", 2, choice=2 if i < 4 else 1) == 201
        assert send(i, "before", 3, choice=2) == 201
    assert send(0, "after", 1, value=truth) == 409  # the other phase is not open
    assert send(0, "before", 4, choice=1) == 422  # the check has three questions
    assert send(0, "before", 2, value=3.0) == 422  # a choice is asked for
    assert control(check="closed").json()["check"] is None
    assert send(0, "before", 2, choice=2) == 409  # closed

    # the lesson meanwhile: a step's answers and its reset leave the check's alone
    assert control(step=2).status_code == 200
    assert (
        client.post(f"/api/classes/{code}/answers", json={"step": 2, "value": truth}, headers=heads[0]).status_code
        == 201
    )
    assert control(reset=True).status_code == 200

    assert control(check="after").json()["check"] == "after"
    # question 1: 7 of the 9 who answer are right; question 2: 9 of 10; question 3: 9 of 10
    for i in range(10):
        if i < 9:
            assert send(i, "after", 1, value=truth * (0.95 if i < 7 else 0.5)) == 201
        assert send(i, "after", 2, choice=2 if i < 9 else 3) == 201
        assert send(i, "after", 3, choice=2 if i > 0 else 1) == 201
    assert send(0, "after", 2, choice=2) == 201  # a new answer replaces the student's own

    report = client.get(f"/api/classes/{code}/report", headers=teacher).json()
    check = report["check"]
    q1, q2, q3 = check["questions"]
    assert q1["truth"] == truth and (q2["truth"], q3["truth"]) == (2.0, 2.0)
    # question 1: S9 gave no answer after, so S0 to S8 are matched: 2 of 9 right, then 7 of 9
    assert [
        (q["matched"], q["before"]["right"], q["before"]["answered"], q["after"]["right"], q["after"]["answered"])
        for q in (q1, q2, q3)
    ] == [
        (9, 2, 9, 7, 9),
        (10, 4, 10, 9, 10),
        (10, 10, 10, 9, 10),
    ]
    assert q1["missing"] == {"before": 0, "after": 1, "both": 0}
    # g = (after - before) / (1 - before): (7/9 - 2/9) / (7/9) = 5/7, (9/10 - 2/5) / (3/5) = 5/6
    assert (q1["gain"], q2["gain"]) == (5 / 7, 5 / 6)
    assert (q3["before"]["right_pct"], q3["gain"], q3["gain_note"]) == (
        100.0,
        None,
        "undefined: everyone was right before the lesson",
    )
    assert [(q["gains"], q["losses"]) for q in (q1, q2, q3)] == [(5, 0), (5, 0), (0, 1)]
    # the class: S0 to S8 answered all three both times; right before 3 3 2 2 1 1 1 1 1 (15 of
    # 27), after 2 3 3 3 3 3 3 2 2 (24 of 27): g = (24/27 - 15/27) / (12/27) = 3/4
    assert (check["joined"], check["matched"], check["missing_students"]) == (
        10,
        9,
        [{"student": check["missing_students"][0]["student"], "name": "S9", "missed": "after", "forms": None}],
    )
    assert (check["before"]["right"], check["after"]["right"], check["before"]["answered"]) == (15, 24, 27)
    assert check["gain"] == 3 / 4
    assert check["effect"]["students"] == 9 and check["effect"]["d"] > 0
    # the lesson's steps are judged on the lesson's answers alone (the reset cleared step 2's)
    assert [s["rounds"][0]["answered"] for s in report["steps"]] == [0] * len(report["steps"])

    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/classes/{code}/answers.csv", headers=teacher).text)))
    assert list(rows[0]) == [
        "step",
        "student",
        "name",
        "answer",
        "time",
        "round",
        "confidence",
        "phase",
        "how sure",
        "form",
    ]
    assert [r["phase"] for r in rows] == ["before"] * 30 + ["after"] * 29  # before, the lesson, after
    assert next(r["answer"] for r in rows if (r["phase"], r["step"], r["name"]) == ("after", "3", "S0")) == (
        "It halves, as the window halves"
    )

    # the check by student: 1 right, 0 wrong, empty no answer; S9 is not matched (no question 1 after)
    sheet = list(csv.reader(io.StringIO(client.get(f"/api/classes/{code}/check.csv", headers=teacher).text)))
    assert sheet[0] == [
        "student",
        "name",
        *(f"{p}_q{q}" for p in ("before", "after") for q in (1, 2, 3)),
        "right_before",
        "right_after",
        "matched",
        "forms",
    ]
    by_name = {r[1]: r[2:-1] for r in sheet[1:]}
    assert {r[-1] for r in sheet[1:]} == {""}  # the lesson's check has one form
    assert len(by_name) == 10
    assert by_name["S0"] == ["1", "1", "1", "1", "1", "0", "3", "2", "1"]
    assert by_name["S9"] == ["0", "0", "1", "", "0", "1", "1", "1", "0"]
    assert [r[0] for r in sheet[1:]] == [r["student"] for r in rows if r["phase"] == "before" and r["step"] == "1"]
    # the key names every code of every coded column, and what each question asks
    key = list(csv.DictReader(io.StringIO(client.get(f"/api/classes/{code}/key.csv", headers=teacher).text)))
    codes = {(k["file"], k["column"], k["code"]): k["meaning"] for k in key}
    assert [codes[("answers", "confidence", c)] for c in ("1", "2", "3", "")] == [
        "Guessing",
        "Fairly sure",
        "Sure",
        "not said",
    ]
    assert {c for f, col, c in codes if col == "phase"} == {"lesson", "before", "after"}
    assert {c for f, col, c in codes if col == "before_qN, after_qN"} == {"1", "0", "", "?"}
    assert codes[("check", "before_q3, after_q3", "")].endswith(
        "(the model's answer: It stays within a few per cent, because the line, not the window, sets the pace)"
    )


def test_a_lesson_without_a_check_has_none_to_open(client):
    text = "id: mine\ntitle: Mine\nsteps:\n  - title: A\n    question:\n      predict: choice\n      choices: [x, y]\n"
    made = client.post("/api/classes", json={"lesson_file": text}).json()
    r = client.post(
        f"/api/classes/{made['code']}/control",
        json={"check": "before"},
        headers={"X-Teacher-Token": made["teacher_token"]},
    )
    assert r.status_code == 409 and "no concept check" in r.text
    teacher = {"X-Teacher-Token": made["teacher_token"]}
    assert client.get(f"/api/classes/{made['code']}/check.csv", headers=teacher).status_code == 409
    key = client.get(f"/api/classes/{made['code']}/key.csv", headers=teacher).text
    assert "Fairly sure" in key and "before_qN" not in key  # the answers' columns only
    assert (
        client.get(f"/api/classes/{made['code']}/report", headers={"X-Teacher-Token": made["teacher_token"]}).json()[
            "check"
        ]
        is None
    )
    # a check of the wrong size is no lesson file a class can start on
    bad = text + "check:\n  - question: {predict: choice, choices: [a, b]}\n"
    assert client.post("/api/classes", json={"lesson_file": bad}).status_code == 422


def test_the_check_is_heard_with_its_phase_by_the_teacher_and_its_state_by_the_phones(server):
    api = httpx.Client(base_url=server, timeout=10)
    made = api.post("/api/classes", json={"lesson": LESSON}).json()
    code, teacher = made["code"], {"X-Teacher-Token": made["teacher_token"]}
    seat = {"X-Student-Token": api.post(f"/api/classes/{code}/students", json={"name": "Ann"}).json()["student_token"]}
    room, phone = Stream(server, code, teacher), Stream(server, code, seat)
    assert phone.until("snapshot")[1]["state"].get("check") is None
    api.post(f"/api/classes/{code}/control", json={"check": "before"}, headers=teacher)
    assert phone.until("state")[1]["check"] == "before" and room.until("state")[1]["check"] == "before"
    assert (
        api.post(
            f"/api/classes/{code}/answers", json={"step": 2, "phase": "before", "choice": 1}, headers=seat
        ).status_code
        == 201
    )
    heard = room.until("answers")[1]
    assert (heard["step"], heard["answer"]["phase"], heard["answer"]["choice"], heard["answer"]["name"]) == (
        2,
        "before",
        1,
        "Ann",
    )
    # a phone back from a lost signal finds its own check answer, with its phase, in its snapshot
    phone.close()
    again = Stream(server, code, seat)
    snap = again.until("snapshot")[1]
    told = {"answer": {"kind": "choice", "choice": 1}, "choice": 1}
    assert snap["answers"] == [{"step": 2, **told, "round": 1, "phase": "before"}]
    assert snap["state"]["check"] == "before"
    for s in (room, again):
        s.close()
