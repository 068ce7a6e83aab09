"""Discussion groups for a step voted twice (peer instruction): groups of two or three formed
from the round-1 answers so that each group holds answers as different as the class has.
The round-1 answers are closed once round 2 opens, so the groups are a pure function of them,
formed again on each ask rather than stored: every device gets the same groups."""

from __future__ import annotations

import statistics

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..core.tables import ClassAnswer, Classroom, ClassStudent
from . import models as ev
from .answers import told_of
from .reads import LESSON, sketch_of

# (student row id, value, choice) of one round-1 answer
Voted = tuple[int, float | None, int | None]


def form(voted: list[Voted]) -> list[list[int]]:
    """Groups of student ids: the answers in order, the lower half each paired with the one half
    the class further on (the i-th with the (i + n/2)-th), so a pair differs unless one answer
    holds more than half the class; an odd one out joins the last pair. One voter: one group."""
    order = [sid for sid, *_ in sorted(voted, key=lambda a: (a[1] if a[1] is not None else a[2] or 0, a[0]))]
    half = len(order) // 2
    if half == 0:
        return [order] if order else []
    groups = [[order[i], order[i + half]] for i in range(half)]
    if len(order) % 2:
        groups[-1].append(order[-1])
    return groups


def group_of(db: Session, c: Classroom, student: ClassStudent, step_no: int) -> ev.Group:
    """Whom `student` discusses step `step_no` with: the others of their group, with their round-1
    answers (none when the student gave no round-1 answer, or is alone)."""
    rows = db.execute(
        select(ClassAnswer.student_id, ClassAnswer.value, ClassAnswer.choice, ClassAnswer.sketch).where(
            ClassAnswer.class_id == c.id,
            ClassAnswer.step == step_no,
            ClassAnswer.round == 1,
            ClassAnswer.phase == LESSON,
        )
    ).all()
    sketches = {sid: sketch_of(sk) for sid, _, _, sk in rows}
    # sketches in order of their mean height: a low curve is paired with a high one
    voted: list[Voted] = [(sid, statistics.fmean(sk) if (sk := sketches[sid]) else v, ch) for sid, v, ch, _ in rows]
    mine = next((g for g in form(voted) if student.id in g), [])
    others = [sid for sid in mine if sid != student.id]
    if not others:
        return ev.Group(step=step_no, members=[])
    names = dict(db.execute(select(ClassStudent.id, ClassStudent.name).where(ClassStudent.id.in_(others))).all())
    answers = {sid: (v, ch) for sid, v, ch, _ in rows}
    return ev.Group(
        step=step_no,
        members=[
            ev.member(names.get(sid, ""), told_of(answers[sid][0], answers[sid][1], sketches[sid])) for sid in others
        ],
    )
