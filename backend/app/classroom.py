"""Every query on live classes, in one place (as crud.py is for scenarios): create a class, join
it, answer, control it, end it, and read its events. Functions take a Session and know nothing
of HTTP; a refusal is a ClassError with what to tell the person.

Event order: joins and answers hold their class's row in SHARE mode and the teacher's moves in
UPDATE mode, first thing in their transaction; class_log.py says why that keeps every stream in
order with no join or answer waiting for another.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from . import class_events as ev
from . import class_log as log
from . import class_rules as rules
from .class_rules import ClassError, StepState
from .codes import unambiguous
from .core.db import AWAY, write_turn
from .core.tables import ClassAnswer, ClassEvent, Classroom, ClassStudent
from .crud import insert_unique
from .lessons import Step

CODE_LENGTH = 6  # from codes.py's alphabet (no 0/O, 1/I/L): a code read off a projector is typed right
MAX_STUDENTS = 1000  # a class's size by default (settings: up to 10,000)
IDLE_LIMIT = timedelta(hours=12)  # a class nobody touched for this long is gone
TOUCH_EVERY = timedelta(minutes=1)  # how stale a class's last activity may be written
KEEP_AFTER_END = timedelta(hours=24)  # the teacher's window to download the answers
SPREAD_VALUES = 101  # a revealed step's values sent to students at most (class_events.Spread)


def _sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(t: datetime) -> datetime:
    return t if t.tzinfo else t.replace(tzinfo=UTC)  # SQLite returns naive UTC


def new_code() -> str:
    return unambiguous(CODE_LENGTH)


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
    )


def _event(db: Session, c: Classroom, event: BaseModel, teacher_only: bool = False) -> None:
    db.add(ClassEvent(class_id=c.id, teacher_only=teacher_only, body=ev.to_json(event)))


def create(db: Session, *, lesson_id: str, lesson_text: str, step_count: int, token: str) -> Classroom:
    now = _now()
    c = insert_unique(
        db,
        lambda: Classroom(
            code=new_code(),
            lesson_id=lesson_id,
            lesson_text=lesson_text,
            step_count=step_count,
            step=1,
            pace="teacher",
            steps="{}",
            teacher_token_sha256=_sha256(token),
            created_at=now,
            active_at=now,
        ),
    )
    if c is None:
        raise ClassError(503, "could not allocate a class code; try again")
    return c


Lock = Literal["share", "update"] | None


def find(db: Session, code: str, *, lock: Lock = None, ended_ok: bool = False) -> Classroom:
    """The class with this code, if it is alive (not idle past the limit; not ended unless
    `ended_ok`, and then within the download window). `lock`: for a writing transaction, "share"
    for a join or an answer, "update" for the teacher's moves (class_log.py)."""
    q = select(Classroom).where(Classroom.code == code.upper())
    if lock is not None:  # (and the row as it is now, not as this session first read it)
        q = q.with_for_update(read=lock == "share").execution_options(populate_existing=True)
    c = db.scalars(q).first()
    now = _now()
    if c is None or _aware(c.active_at) < now - IDLE_LIMIT:
        raise ClassError(404, "no class with this code (it may have ended)")
    if c.ended_at is not None and (not ended_ok or _aware(c.ended_at) < now - KEEP_AFTER_END):
        raise ClassError(410, "this class has ended")
    return c


def is_teacher(c: Classroom, token: str) -> bool:
    return bool(token) and hmac.compare_digest(_sha256(token), c.teacher_token_sha256)


def student(db: Session, c: Classroom, token: str) -> ClassStudent:
    s = db.scalars(
        select(ClassStudent).where(ClassStudent.class_id == c.id, ClassStudent.token_sha256 == _sha256(token))
    ).first()
    if s is None or not token:
        raise ClassError(403, "this device has not joined the class (join again with the code)")
    return s


def join(db: Session, code: str, name: str, token: str, limit: int | None = None) -> ClassStudent:
    """A new seat in the class, up to `limit` students (the CLASS_MAX_STUDENTS setting)."""
    most = MAX_STUDENTS if limit is None else limit
    with write_turn(db.get_bind().engine), db.begin():
        c = find(db, code, lock="share")
        # Counted without a lock: joins at the very moment the class fills may each take a seat,
        # up to the requests in flight (a capacity guard, not a ticket count).
        count = db.scalar(select(func.count()).select_from(ClassStudent).where(ClassStudent.class_id == c.id)) or 0
        if count >= most:
            raise ClassError(409, f"the class is full ({most} students)")
        s = ClassStudent(
            class_id=c.id, public_id=secrets.token_hex(4), name=name, token_sha256=_sha256(token), joined_at=_now()
        )
        db.add(s)
        _event(db, c, ev.joined_event(_who(s)), teacher_only=True)
    _touch(db, c)
    return s


def _touch(db: Session, c: Classroom) -> None:
    """Note that the class is in use (it is purged when idle), at most once a minute and in a
    transaction of its own: an update of the class's row waits for every join and answer."""
    now = _now()
    if _aware(c.active_at) >= now - TOUCH_EVERY:
        return
    try:
        _touch_now(db, c, now)
    except AWAY:  # (rolled back; the join or answer is stored: a later one writes the time)
        pass


def _touch_now(db: Session, c: Classroom, now: datetime) -> None:
    with write_turn(db.get_bind().engine), db.begin():
        db.execute(
            update(Classroom)
            .where(Classroom.id == c.id, Classroom.active_at < now - TOUCH_EVERY)
            .values(active_at=now)
            .execution_options(synchronize_session=False)
        )


@dataclass(frozen=True)
class Stored:
    """An answer as stored: whether this request stored it, and under which count of resets."""

    fresh: bool
    resets: int


def _who(s: ClassStudent) -> ev.Who:
    return ev.Who(id=s.public_id, name=s.name)


def answer(
    db: Session,
    code: str,
    token: str,
    step_no: int,
    value: float | None,
    choice: int | None,
    step: Step,
    key: str | None = None,
    seen_resets: int | None = None,
) -> Stored:
    """Store the student's answer to `step_no` (replacing theirs). `fresh` is False when it was
    stored already: a device retrying an answer sends the same `key`, and it is announced once.
    `resets` is the step's count of resets it was stored under (the device keeps it beside the
    answer: a later reset, told by the class's state, clears it)."""
    with write_turn(db.get_bind().engine), db.begin():
        s = student(db, find(db, code), token)
        log.line_up(db, s.id)  # this device's answers in the order they are stored
        c = find(db, code, lock="share")
        if not 1 <= step_no <= c.step_count:
            raise ClassError(422, f"the lesson has steps 1 to {c.step_count}")
        if problem := step.check(value, choice):
            raise ClassError(422, problem)
        steps = steps_of(c)
        if refused := rules.answer_refusal(steps, step_no, step_count=c.step_count, pace=c.pace, current=c.step):
            raise refused
        stored = Stored(fresh=False, resets=steps[step_no].resets if step_no in steps else 0)
        if seen_resets is not None and seen_resets < stored.resets:
            raise ClassError(409, "your teacher reset this step after you gave this answer: give it again")
        mine = ClassAnswer.student_id == s.id, ClassAnswer.step == step_no
        if key is not None and db.scalar(select(ClassAnswer.key).where(*mine)) == key:
            return stored
        now = _now()
        done = db.execute(
            update(ClassAnswer).where(*mine).values(value=value, choice=choice, at=now, key=key, tx=log.this_tx(db))
        )
        if done.rowcount == 0:  # type: ignore[attr-defined]
            db.add(
                ClassAnswer(class_id=c.id, student_id=s.id, step=step_no, value=value, choice=choice, at=now, key=key)
            )
        given = ev.Given(value=value) if value is not None else ev.Given(choice=choice)
        _event(db, c, ev.answer_event(step_no, _who(s), given), teacher_only=True)
    _touch(db, c)
    return Stored(fresh=True, resets=stored.resets)


def control(
    db: Session,
    code: str,
    token: str,
    *,
    step_no: int | None,
    reveal: bool | None,
    locked: bool | None,
    pace: str | None,
    reset: bool,
) -> ev.ClassState:
    """The teacher moves the class, reveals or locks a step (the given one, or the current),
    switches the pace, or resets a step (its answers gone, hidden again)."""
    with write_turn(db.get_bind().engine), db.begin():
        c = find(db, code, lock="update")
        if not is_teacher(c, token):
            raise ClassError(403, "only the teacher of this class can do that")
        done = rules.control(
            steps_of(c), c.step, step_count=c.step_count, step_no=step_no, reveal=reveal, locked=locked, reset=reset
        )
        target = done.target
        c.step = done.current
        if reset:
            db.execute(delete(ClassAnswer).where(ClassAnswer.class_id == c.id, ClassAnswer.step == target))
            _event(db, c, ev.reset_event(target), teacher_only=True)
        c.steps = json.dumps({str(n): vars(v) for n, v in sorted(done.steps.items())})
        if pace is not None:
            c.pace = pace
        c.active_at = _now()
        state = state_of(c)
        _event(db, c, ev.state_event(state))
        if reveal:
            _event(db, c, ev.reveal_event(target, spread(db, c.id, target)))
    return state


def spread(db: Session, class_id: int, step_no: int) -> ev.Spread:
    """The class's answers to a step, without who gave them: sorted values, or counts per choice."""
    rows = db.execute(
        select(ClassAnswer.value, ClassAnswer.choice).where(
            ClassAnswer.class_id == class_id, ClassAnswer.step == step_no
        )
    ).all()
    values = ranks(sorted(v for v, _ in rows if v is not None), SPREAD_VALUES)
    choices: dict[str, int] = {}
    for _, ch in rows:
        if ch is not None:
            choices[str(ch)] = choices.get(str(ch), 0) + 1
    return ev.Spread(count=len(rows), values=values, choices=choices)


def ranks(values: list[float], most: int) -> list[float]:
    """Sorted `values`, or (more than `most`) their order statistics at `most` evenly spaced
    ranks, the smallest and the largest included (class_events.Spread)."""
    n = len(values)
    if n <= most:
        return values
    return [values[round(i * (n - 1) / (most - 1))] for i in range(most)]


def end(db: Session, code: str, token: str) -> None:
    with write_turn(db.get_bind().engine), db.begin():
        c = find(db, code, lock="update")
        if not is_teacher(c, token):
            raise ClassError(403, "only the teacher of this class can end it")
        c.ended_at = _now()
        _event(db, c, ev.ended_event())


def snapshot(db: Session, c: Classroom, who: ClassStudent | None) -> tuple[ev.Snapshot, log.Cursor]:
    """Everything a device needs on (re)connecting without an event id, and where its stream
    goes on from. The teacher's: the class's state, and every student and answer written before
    that place (the later ones come as events). A student's: the state, their own answers and
    the spread of each revealed step (the events after it are the state's, which repeat it)."""
    state = state_of(c)
    at = log.now(db, c.id, teacher=who is None)
    if who is None:
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
            students=[_who(s) for s in students],
            answers=[
                ev.AnswerSeen(step=a.step, **_who(by_id[a.student_id]).model_dump(), **_given(a).model_dump())
                for a in answers
                if a.student_id in by_id  # (a student's row is older than their answers')
            ],
        )
        return seen, at
    mine = db.scalars(select(ClassAnswer).where(ClassAnswer.student_id == who.id)).all()
    seen = ev.snapshot_event(
        state,
        me=_who(who),
        answers=[ev.AnswerSeen(step=a.step, **_given(a).model_dump()) for a in mine],
        spreads={str(n): spread(db, c.id, n) for n in state.revealed},
    )
    return seen, at


def _given(a: ClassAnswer) -> ev.Given:
    return ev.Given(value=a.value) if a.value is not None else ev.Given(choice=a.choice)


def answer_rows(db: Session, c: Classroom, steps: tuple[Step, ...] = ()) -> list[tuple[int, str, str, str, str]]:
    """(step, student, name, answer, time) for the CSV download, in the order given; a choice
    in its words when `steps` (the lesson's) knows them."""
    q = (
        select(ClassAnswer, ClassStudent)
        .join(ClassStudent, ClassStudent.id == ClassAnswer.student_id)
        .where(ClassAnswer.class_id == c.id)
        .order_by(ClassAnswer.step, ClassAnswer.at)
    )
    return [
        (
            a.step,
            s.public_id,
            s.name,
            repr(a.value) if a.value is not None else _words(steps, a.step, a.choice or 0),
            _aware(a.at).isoformat(timespec="seconds"),
        )
        for a, s in db.execute(q).all()
    ]


def _words(steps: tuple[Step, ...], step_no: int, choice: int) -> str:
    return steps[step_no - 1].words(choice) if step_no <= len(steps) else f"choice {choice}"


def purge(db: Session) -> int:
    """Delete classes idle past the limit or ended past the download window, with everything
    of theirs. Returns how many."""
    now = _now()
    with write_turn(db.get_bind().engine), db.begin():
        gone = db.scalars(
            select(Classroom.id).where(
                (Classroom.active_at < now - IDLE_LIMIT) | (Classroom.ended_at < now - KEEP_AFTER_END)
            )
        ).all()
        if gone:
            for table in (ClassEvent, ClassAnswer, ClassStudent):
                db.execute(delete(table).where(table.class_id.in_(gone)))
            db.execute(delete(Classroom).where(Classroom.id.in_(gone)))
    return len(gone)
