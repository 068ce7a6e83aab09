"""Every write to a live class, in one place (as app/crud.py is for scenarios): create a class,
check who asks, join it, answer, control it, end it, forget old ones. Functions take a Session and
know nothing of HTTP; a refusal is a ClassError with what to tell the person. A write returns what
it committed as `Written` (its answer and the events it logged), which the routes announce
(bus.announce); what devices are shown is read by reads.py.

Event order: joins and answers hold their class's row in SHARE mode and the teacher's moves in
UPDATE mode, first thing in their transaction; log.py says why that keeps every stream in order
with no join or answer waiting for another.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from ..codes import unambiguous
from ..core.db import AWAY, write_turn
from ..core.tables import ClassAnswer, ClassEvent, Classroom, ClassStudent
from ..crud import insert_unique
from ..lessons import CheckForms, Step
from . import clock, door, log, rules
from . import models as ev
from .answers import AnswerIn, flat
from .models import Logged, Written
from .reads import LESSON, aware, spread, state_of, steps_of, told_phase, who
from .rules import ClassError

MAX_STUDENTS = 1000  # a class's size by default (settings: up to 10,000)
IDLE_LIMIT = timedelta(hours=12)  # a class nobody touched for this long is gone
TOUCH_EVERY = timedelta(minutes=1)  # how stale a class's last activity may be written
KEEP_AFTER_END = timedelta(hours=24)  # the teacher's window to download the answers


def _sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return clock.now()


def new_code() -> str:
    """From codes.py's alphabet (no 0/O, 1/I/L), so a code read off a projector is typed right;
    door.py says why it has the length it has."""
    return unambiguous(door.CODE_LENGTH)


def _event(db: Session, c: Classroom, event: BaseModel, teacher_only: bool = False) -> Logged:
    db.add(ClassEvent(class_id=c.id, teacher_only=teacher_only, body=ev.to_json(event)))
    return Logged(event, teacher_only)


def create(db: Session, *, lesson_id: str, lesson_text: str, step_count: int, step: int = 1, token: str) -> Classroom:
    now = _now()
    c = insert_unique(
        db,
        lambda: Classroom(
            code=new_code(),
            lesson_id=lesson_id,
            lesson_text=lesson_text,
            step_count=step_count,
            step=step,
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
    for a join or an answer, "update" for the teacher's moves (log.py)."""
    q = select(Classroom).where(Classroom.code == code.upper())
    if lock is not None:  # (and the row as it is now, not as this session first read it)
        q = q.with_for_update(read=lock == "share").execution_options(populate_existing=True)
    c = db.scalars(q).first()
    now = _now()
    if c is None or aware(c.active_at) < now - IDLE_LIMIT:
        raise ClassError(404, "no class with this code (it may have ended)")
    if c.ended_at is not None and (not ended_ok or aware(c.ended_at) < now - KEEP_AFTER_END):
        raise ClassError(410, "this class has ended")
    return c


@dataclass(frozen=True)
class Teacher:
    """The teacher of class `code` (its row `class_id`), checked once by their token (`teacher`)."""

    code: str
    class_id: int


@dataclass(frozen=True)
class Student:
    """A device asking as a student of class `code`, by its token (checked when it is used: `seat`)."""

    code: str
    token: str


def is_teacher(c: Classroom, token: str) -> bool:
    return bool(token) and hmac.compare_digest(_sha256(token), c.teacher_token_sha256)


def teacher(db: Session, code: str, token: str) -> Teacher:
    """The class's teacher if `token` is theirs (a class ended within the download window counts),
    else 403: the one check of a teacher's request."""
    c = find(db, code, ended_ok=True)
    if not is_teacher(c, token):
        raise ClassError(403, "only the teacher of this class can do that")
    return Teacher(c.code, c.id)


def _theirs(db: Session, t: Teacher) -> Classroom:
    """The teacher's class, its row held alone for their move (log.py)."""
    c = find(db, t.code, lock="update")
    if c.id != t.class_id:  # (their class was forgotten and its code taken since the check)
        raise ClassError(403, "only the teacher of this class can do that")
    return c


def seat(db: Session, c: Classroom, token: str) -> ClassStudent:
    """The student of class `c` whose device holds `token`, else 403."""
    s = db.scalars(
        select(ClassStudent).where(ClassStudent.class_id == c.id, ClassStudent.token_sha256 == _sha256(token))
    ).first()
    if s is None or not token:
        raise ClassError(403, "this device has not joined the class (join again with the code)")
    return s


def join(db: Session, code: str, name: str, token: str, limit: int | None = None) -> Written[ClassStudent]:
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
            class_id=c.id,
            public_id=secrets.token_hex(4),
            name=name,
            token_sha256=_sha256(token),
            joined_at=_now(),
            # Joins at the same moment on PostgreSQL may read the same count and take the same
            # order: the halves then differ by those joins at most (the report counts each order).
            forms=rules.form_order(count),
        )
        db.add(s)
        joined = _event(db, c, ev.joined_event(who(s)), teacher_only=True)
    _touch(db, c)
    return Written(s, c.code, (joined,))


def _touch(db: Session, c: Classroom) -> None:
    """Note that the class is in use (it is purged when idle), at most once a minute and in a
    transaction of its own: an update of the class's row waits for every join and answer."""
    now = _now()
    if aware(c.active_at) >= now - TOUCH_EVERY:
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
    round: int = 1


def answer(
    db: Session, asker: Student, body: AnswerIn, *, step: Step, check: tuple[str, CheckForms] | None
) -> Written[Stored]:
    """Store the student's answer (`body`: its step, the answer told, and what the device knew)
    in the step's round (replacing theirs in that round; `body.round`, if the device says, must
    be it) with how sure they are.
    `fresh` is False when it was stored already: a device retrying an answer sends the same
    `key`, and it is announced once. `resets` is the step's count of resets it was stored under
    (the device keeps it beside the answer: a later reset, told by the class's state, clears it).
    `check` (phase, the check's forms): an answer to question `body.step` of the concept check,
    before the lesson or after it, taken while the teacher has that phase open, and judged
    against the form the student takes in that phase (`step` is then not used). A step's time
    limit is held by the server's clock (`clock.now`) as the answer is stored."""
    step_no, told, key, seen_resets, confidence = body.step, body.answer, body.key, body.resets, body.confidence
    with write_turn(db.get_bind().engine), db.begin():
        s = seat(db, find(db, asker.code), asker.token)
        log.line_up(db, s.id)  # this device's answers in the order they are stored
        c = find(db, asker.code, lock="share")
        counted: tuple[str, int] | None = None
        if check is not None:
            phase_asked, forms = check
            questions = forms.form(rules.form_in(s.forms, phase_asked, forms.two))
            step = questions[step_no - 1] if 1 <= step_no <= len(questions) else Step(None)
            counted = (phase_asked, len(questions))
        resets, round_now = rules.open_to(
            steps_of(c),
            step_no,
            step_count=c.step_count,
            pace=c.pace,
            current=c.step,
            round_no=body.round,
            open_check=c.check_phase,
            check=counted,
            bad=step.check(told),
            now=_now().timestamp(),
        )
        stored = Stored(fresh=False, resets=resets, round=round_now)
        if seen_resets is not None and seen_resets < stored.resets:
            raise ClassError(409, "your teacher reset this step after you gave this answer: give it again")
        phase = check[0] if check else LESSON
        mine = (
            ClassAnswer.student_id == s.id,
            ClassAnswer.phase == phase,
            ClassAnswer.step == step_no,
            ClassAnswer.round == stored.round,
        )
        if key is not None and db.scalar(select(ClassAnswer.key).where(*mine)) == key:
            return Written(stored, c.code)  # (stored and announced already)
        now = _now()
        value, choice, sketch = flat(told)
        drawn = json.dumps(sketch) if sketch is not None else None
        row = {"value": value, "choice": choice, "sketch": drawn, "confidence": confidence, "at": now, "key": key}
        done = db.execute(update(ClassAnswer).where(*mine).values(**row, tx=log.this_tx(db)))
        if done.rowcount == 0:  # type: ignore[attr-defined]
            db.add(ClassAnswer(class_id=c.id, student_id=s.id, step=step_no, round=stored.round, phase=phase, **row))
        given = ev.given(told, round_no=stored.round, confidence=confidence, phase=told_phase(phase))
        said = _event(db, c, ev.answer_event(step_no, who(s), given), teacher_only=True)
    _touch(db, c)
    return Written(Stored(fresh=True, resets=stored.resets, round=stored.round), c.code, (said,))


def control(
    db: Session,
    t: Teacher,
    *,
    step_no: int | None,
    reveal: bool | None,
    locked: bool | None,
    pace: str | None,
    reset: bool,
    round_no: int | None = None,
    check: tuple[str, int] | None = None,
    time_limit: int | None = None,
) -> Written[ev.ClassState]:
    """The teacher moves the class, reveals or locks a step (the given one, or the current),
    switches the pace, resets a step (its answers gone, hidden again, round 1), opens its
    second vote (`round_no` 2), or opens or closes the concept check (`check`: "before",
    "after" or "closed", and the lesson's number of check questions), or gives the step a time
    limit (`time_limit` seconds from now by the server's clock; 0: none)."""
    with write_turn(db.get_bind().engine), db.begin():
        c = _theirs(db, t)
        done = rules.control(
            steps_of(c),
            c.step,
            step_count=c.step_count,
            step_no=step_no,
            reveal=reveal,
            locked=locked,
            reset=reset,
            round_no=round_no,
            # the check as this control leaves it: closing it and revealing together is allowed
            open_check=c.check_phase if check is None else rules.check_phase(*check),
            time_limit=time_limit,
            at=_now().timestamp(),
        )
        target = done.target
        c.step = done.current
        logged: list[Logged] = []
        if reset:
            db.execute(
                delete(ClassAnswer).where(
                    ClassAnswer.class_id == c.id, ClassAnswer.step == target, ClassAnswer.phase == LESSON
                )
            )
            logged.append(_event(db, c, ev.reset_event(target), teacher_only=True))
        c.steps = json.dumps({str(n): vars(v) for n, v in sorted(done.steps.items())})
        if pace is not None:
            c.pace = pace
        if check is not None:
            c.check_phase = rules.check_phase(*check)
        c.active_at = _now()
        state = state_of(c)
        logged.append(_event(db, c, ev.state_event(state)))
        if reveal:
            rounds = done.steps[target].round if target in done.steps else 1
            logged.append(_event(db, c, ev.reveal_event(target, spread(db, c.id, target, rounds))))
    return Written(state, c.code, tuple(logged))


def end(db: Session, t: Teacher) -> Written[None]:
    """End the class: every device is told; the answers stay downloadable (KEEP_AFTER_END)."""
    with write_turn(db.get_bind().engine), db.begin():
        c = _theirs(db, t)
        c.ended_at = _now()
        ended = _event(db, c, ev.ended_event())
    return Written(None, c.code, (ended,))
