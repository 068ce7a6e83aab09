"""A class's writes without HTTP (classes/crud.py): each returns what it committed, its answer and
the events it logged for the bus to announce (the routes' tests cover the rest, over HTTP); a
teacher, checked once by token, moves only their own class."""

import pytest
from sqlalchemy.orm import Session

from app.classes import crud, reads
from app.classes.answers import AnswerIn
from app.classes.crud import Student, Teacher
from app.classes.rules import ClassError
from app.lessons import Step


def point(step: int, y: float, key: str | None = None) -> AnswerIn:
    """A point answer to `step`, as a phone sends it."""
    return AnswerIn(step=step, answer={"kind": "point", "y": y}, key=key)


POINT = Step(predict="point")


def _start(engine) -> Teacher:
    with Session(engine) as db:
        code = crud.create(db, lesson_id="decnet-link-quota", lesson_text="", step_count=4, token="t0ken").code
    with Session(engine) as db:
        return crud.teacher(db, code, "t0ken")


def _kinds(written) -> list[tuple[str, bool]]:
    return [(e.event.type, e.teacher_only) for e in written.events]


def test_each_write_returns_its_answer_and_the_events_it_logged(engine):
    teacher = _start(engine)
    with Session(engine) as db:
        joined = crud.join(db, teacher.code, "Ann", "s-token")
        assert joined.code == teacher.code and joined.value.name == "Ann"
    assert _kinds(joined) == [("joined", True)]  # the teacher's screen only
    with Session(engine) as db:
        moved = crud.control(db, teacher, step_no=2, reveal=None, locked=None, pace=None, reset=False)
    assert moved.value.step == 2 and _kinds(moved) == [("state", False)]
    ann = Student(teacher.code, "s-token")
    with Session(engine) as db:
        given = crud.answer(db, ann, point(2, 5.0, key="k-0123456789"), step=POINT, check=None)
    assert given.value.fresh and _kinds(given) == [("answers", True)]
    with Session(engine) as db:  # sent again under its key: stored already, nothing to announce
        again = crud.answer(db, ann, point(2, 5.0, key="k-0123456789"), step=POINT, check=None)
    assert not again.value.fresh and again.events == ()
    with Session(engine) as db:
        shown = crud.control(db, teacher, step_no=None, reveal=True, locked=None, pace=None, reset=True)
    assert _kinds(shown) == [("answers", True), ("state", False), ("reveal", False)]
    with Session(engine) as db:
        ended = crud.end(db, teacher)
    assert ended.value is None and _kinds(ended) == [("ended", False)]


def test_the_teacher_is_checked_once_by_token_and_moves_only_their_own_class(engine):
    teacher = _start(engine)
    with Session(engine) as db, pytest.raises(ClassError) as refused:
        crud.teacher(db, teacher.code, "not-the-token")
    assert refused.value.status == 403
    # a Teacher of another row under this code (theirs forgotten, the code taken again) moves nothing
    stale = Teacher(teacher.code, teacher.class_id + 1000)
    with Session(engine) as db, pytest.raises(ClassError) as refused:
        crud.control(db, stale, step_no=2, reveal=None, locked=None, pace=None, reset=False)
    assert refused.value.status == 403
    with Session(engine) as db, pytest.raises(ClassError):
        crud.end(db, stale)


def test_a_student_joining_as_the_teacher_moves_is_shown_the_move(engine):
    """A student's snapshot read while the teacher's move commits: the state it shows is at least
    as new as its place in the log (else the phone stays on the step before, told of neither)."""
    teacher = _start(engine)
    with Session(engine) as db:
        crud.join(db, teacher.code, "Bo", "s-token")
    with Session(engine) as db:
        c = crud.find(db, teacher.code)  # the class as the stream's check first read it: step 1
        seat = crud.seat(db, c, "s-token")
        assert c.step == 1
        with Session(engine) as other:  # the teacher's move, committed in between
            crud.control(other, teacher, step_no=2, reveal=None, locked=None, pace=None, reset=False)
        seen, _ = reads.snapshot(db, c, seat)
    assert seen.state.step == 2


def test_a_time_limit_is_logged_for_the_streams_and_a_snapshot_tells_the_servers_clock(engine, monkeypatch):
    from datetime import UTC, datetime

    from app.classes import clock

    at = datetime(2026, 12, 3, 9, 0, 0, 250000, tzinfo=UTC)
    monkeypatch.setattr(clock, "now", lambda: at)
    teacher = _start(engine)
    with Session(engine) as db:
        timed = crud.control(db, teacher, step_no=2, reveal=None, locked=None, pace=None, reset=False, time_limit=90)
    (logged,) = timed.events
    told = {"2": {"ends": "2026-12-03T09:01:30.250Z", "seconds": 90}}
    assert logged.event.model_dump()["deadlines"] == told and not logged.teacher_only  # every device's stream
    with Session(engine) as db:
        c = crud.find(db, teacher.code)
        seen, _ = reads.snapshot(db, c, None)
    assert seen.now == "2026-12-03T09:00:00.250Z" and seen.state.deadlines["2"].model_dump() == told["2"]


def test_an_answer_is_told_whole_to_the_teachers_stream_and_in_both_snapshots(engine):
    """The answer event and the snapshots carry the answer as the phone sent it (one value of three
    kinds, `answer`), with the kind's field beside it for a page of an earlier build (issue 53)."""
    teacher = _start(engine)
    with Session(engine) as db:
        crud.join(db, teacher.code, "Ann", "s-token")
    with Session(engine) as db:
        crud.control(db, teacher, step_no=2, reveal=None, locked=None, pace=None, reset=False)
    ann = Student(teacher.code, "s-token")
    sent = AnswerIn(step=2, answer={"kind": "point", "y": 5.0}, confidence=3)
    with Session(engine) as db:
        (said,) = crud.answer(db, ann, sent, step=POINT, check=None).events
    told = said.event.model_dump(exclude_none=True)["answer"]
    assert told == {
        "answer": {"kind": "point", "y": 5.0},
        "value": 5.0,
        "round": 1,
        "confidence": 3,
        "id": told["id"],
        "name": "Ann",
    }
    with Session(engine) as db:
        c = crud.find(db, teacher.code)
        room, _ = reads.snapshot(db, c, None)
        seat, _ = reads.snapshot(db, c, crud.seat(db, c, "s-token"))
    for snap in (room, seat):
        (seen,) = snap.answers
        assert (seen.answer, seen.value, seen.choice, seen.sketch) == (sent.answer, 5.0, None, None)
