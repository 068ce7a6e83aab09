"""What a device is shown of a class, read from the tables: its state, a device's snapshot on
(re)connecting, a step's spread of answers and the answers' rows for the teacher's download.
Functions take a Session and know nothing of HTTP; crud.py writes what they read."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.tables import ClassAnswer, Classroom, ClassStudent
from ..lessons import CheckForms, Step
from . import clock, log
from . import models as ev
from .answers import told_of
from .rules import StepState, form_in

SPREAD_VALUES = 101  # a revealed step's values sent to students at most (models.Spread)
LESSON = "lesson"  # an answer's phase when it answers a lesson step (not the concept check)


def aware(t: datetime) -> datetime:
    return t if t.tzinfo else t.replace(tzinfo=UTC)  # SQLite returns naive UTC


def steps_of(c: Classroom) -> dict[int, StepState]:
    raw = json.loads(c.steps)
    return {int(k): StepState(**v) for k, v in raw.items()}


def state_of(c: Classroom) -> ev.ClassState:
    """What every device is told of the class: where it is and which steps are open."""
    steps = steps_of(c)
    return ev.ClassState(
        code=c.code,
        step=c.step,
        pace="self" if c.pace == "self" else "teacher",
        steps=c.step_count,
        revealed=sorted(n for n, s in steps.items() if s.revealed),
        locked=sorted(n for n, s in steps.items() if s.locked),
        ended=c.ended_at is not None,
        resets={str(n): s.resets for n, s in sorted(steps.items()) if s.resets},
        rounds={str(n): s.round for n, s in sorted(steps.items()) if s.round > 1},
        check=told_phase(c.check_phase),
        deadlines={str(n): deadline(s) for n, s in sorted(steps.items()) if s.limit},
    )


def instant(t: float) -> str:
    """A time in seconds since the epoch as devices are told it: ISO 8601, UTC, to the millisecond."""
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def deadline(s: StepState) -> ev.Deadline:
    return ev.Deadline(ends=instant(s.ends), seconds=s.limit)


def who(s: ClassStudent) -> ev.Who:
    return ev.Who(id=s.public_id, name=s.name, forms="BA" if s.forms == "BA" else "AB")


def sketch_of(stored: str | None) -> list[float] | None:
    """A stored sketch's values (ClassAnswer.sketch), or None for an answer that is no sketch."""
    return [float(v) for v in json.loads(stored)] if stored else None


def given(a: ClassAnswer) -> ev.Given:
    """The answer as devices are told it: its value, choice or sketch, its round, its confidence,
    and (a concept check's) its phase."""
    told = told_of(a.value, a.choice, sketch_of(a.sketch))
    return ev.given(told, round_no=a.round, confidence=a.confidence, phase=told_phase(a.phase))


def told_phase(phase: str | None) -> Literal["before", "after"] | None:
    """An answer's or a class's phase of the concept check as devices are told it (none: the lesson)."""
    return "before" if phase == "before" else "after" if phase == "after" else None


def spread(db: Session, class_id: int, step_no: int, rounds: int = 1) -> ev.Spread:
    """The class's answers to a step, without who gave them: sorted values, counts per choice, or
    a sketch's values at each x sorted; a step voted twice (`rounds` 2), round 2's with round 1's
    as its `first`."""
    rows = db.execute(
        select(ClassAnswer.value, ClassAnswer.choice, ClassAnswer.sketch, ClassAnswer.round).where(
            ClassAnswer.class_id == class_id, ClassAnswer.step == step_no, ClassAnswer.phase == LESSON
        )
    ).all()

    def of(round_no: int) -> ev.Spread:
        mine = [(v, ch, sketch_of(sk)) for v, ch, sk, r in rows if r == round_no]
        values = ranks(sorted(v for v, _, _ in mine if v is not None), SPREAD_VALUES)
        choices: dict[str, int] = {}
        for _, ch, _ in mine:
            if ch is not None:
                choices[str(ch)] = choices.get(str(ch), 0) + 1
        drawn = [sk for _, _, sk in mine if sk]
        # (every sketch of a step has the question's count of values: Step.check)
        sketches = [ranks(sorted(at), SPREAD_VALUES) for at in zip(*drawn, strict=True)] if drawn else None
        return ev.Spread(count=len(mine), values=values, choices=choices, sketches=sketches)

    return of(1) if rounds < 2 else of(2).model_copy(update={"first": of(1)})


def rounds_of(c: Classroom, step_no: int) -> int:
    found = steps_of(c).get(step_no)
    return found.round if found else 1


def ranks(values: list[float], most: int) -> list[float]:
    """Sorted `values`, or (more than `most`) their order statistics at `most` evenly spaced
    ranks, the smallest and the largest included (models.Spread)."""
    n = len(values)
    if n <= most:
        return values
    return [values[round(i * (n - 1) / (most - 1))] for i in range(most)]


def snapshot(
    db: Session, c: Classroom, student: ClassStudent | None, now: datetime | None = None
) -> tuple[ev.Snapshot, log.Cursor]:
    """Everything a device needs on (re)connecting without an event id, and where its stream
    goes on from. The teacher's (`student` None): the class's state, and every student and answer
    written before that place (the later ones come as events). A student's: the state, their own
    answers and the spread of each revealed step (the events after it are the state's, which
    repeat it)."""
    at = log.now(db, c.id, teacher=student is None)
    # the state read after its place in the log: on SQLite a student's reads are no one snapshot,
    # and a teacher's move committed between the two would be in neither (the phone stayed on the
    # step before); read after, a move in between is in the state and its event repeats it
    db.refresh(c)
    state = state_of(c)
    told_now = instant((now or clock.now()).timestamp())
    if student is None:
        students = db.scalars(
            select(ClassStudent)
            .where(ClassStudent.class_id == c.id, log.before_horizon(db, ClassStudent.tx))
            .order_by(ClassStudent.id)
        ).all()
        by_id = {s.id: s for s in students}
        answers = db.scalars(
            select(ClassAnswer)
            .where(ClassAnswer.class_id == c.id, log.before_horizon(db, ClassAnswer.tx))
            .order_by(ClassAnswer.id)
        ).all()
        seen = ev.snapshot_event(
            state,
            students=[who(s) for s in students],
            answers=[
                ev.AnswerSeen(step=a.step, **who(by_id[a.student_id]).model_dump(), **given(a).model_dump())
                for a in answers
                if a.student_id in by_id  # (a student's row is older than their answers')
            ],
            now=told_now,
        )
        return seen, at
    mine = db.scalars(select(ClassAnswer).where(ClassAnswer.student_id == student.id)).all()
    seen = ev.snapshot_event(
        state,
        me=who(student),
        answers=[ev.AnswerSeen(step=a.step, **given(a).model_dump()) for a in mine],
        spreads={str(n): spread(db, c.id, n, int(state.rounds.get(str(n), 1))) for n in state.revealed},
        now=told_now,
    )
    return seen, at


Row = tuple[int, int, str, str, str, str, str, str, str]


def answer_rows(db: Session, c: Classroom, steps: tuple[Step, ...] = (), check: CheckForms | None = None) -> list[Row]:
    """(step, round, student, name, answer, confidence, time, phase, form) for the CSV download:
    the concept check's before the lesson, the lesson's, the check's after it (its `step` the
    question's number, `form` the form the student took then: A, or B with two forms; a
    lesson step's ""); a choice in its words when `steps` (the lesson's) or `check` (the
    check's questions, in their form) know them, a sketch as "x: y" pairs; no confidence: ""."""
    forms = check or CheckForms()

    def form(a: ClassAnswer, s: ClassStudent) -> str:
        return "" if a.phase == LESSON else form_in(s.forms, a.phase, forms.two)

    q = (
        select(ClassAnswer, ClassStudent)
        .join(ClassStudent, ClassStudent.id == ClassAnswer.student_id)
        .where(ClassAnswer.class_id == c.id)
        .order_by(ClassAnswer.step, ClassAnswer.round, ClassAnswer.at)
    )
    order = {"before": 0, LESSON: 1, "after": 2}
    return [
        (
            a.step,
            a.round,
            s.public_id,
            s.name,
            _answer_words(steps if a.phase == LESSON else forms.form(form(a, s)), a),
            str(a.confidence or ""),
            aware(a.at).isoformat(timespec="seconds"),
            a.phase,
            form(a, s),
        )
        for a, s in sorted(db.execute(q).all(), key=lambda r: order.get(r[0].phase, 1))
    ]


def _answer_words(steps: tuple[Step, ...], a: ClassAnswer) -> str:
    step = steps[a.step - 1] if a.step <= len(steps) else Step(None)
    if a.value is not None:
        return repr(a.value)
    if (sketch := sketch_of(a.sketch)) is not None:
        return step.sketch_words(sketch)
    return step.words(a.choice or 0)
