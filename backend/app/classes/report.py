"""A class's report: each step's answers against what the model says, per round (the share
right, a point counting as right within 10 % of the model's value, a sketched curve when its
mean relative error over its x values is within 10 %; by how sure the students
said they were, with the confident and wrong apart), and on a step voted twice how the class
moved between the rounds; and the concept check on matched students (gain.py: the shares before
and after, the normalized gain, the students' own gains, Cohen's d). The answers are read here
(`check_answers` also feeds the check's per-student sheet, sheets.py); the judging is pure
(`judge`, `gain.check_report`), tested with simulated classes whose right answers are known."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from perfmodels import registry

from ..core.tables import ClassAnswer, Classroom, ClassStudent
from ..lessons import CheckForms, Step, Where
from .gain import CheckAnswers, CheckReport, Seat, check_report
from .reads import LESSON, sketch_of, steps_of
from .rules import PHASES, form_in

WITHIN = 0.10  # a point prediction this close to the model's value (relative) counts as right
SURE = 3  # the confidence that counts as "confident" (1 guessing, 2 fairly sure, 3 sure)


class ByConfidence(BaseModel):
    confidence: int  # 1 to 3, or 0: not said
    answered: int
    right: int | None  # None: the model's answer is unknown here


class RoundReport(BaseModel):
    round: int
    answered: int
    right: int | None
    right_pct: float | None  # of those who answered
    confident_wrong: int | None  # said "sure" and were wrong
    confidence: list[ByConfidence]


class Shift(BaseModel):
    """How the students who voted in both rounds moved: toward the model's answer, away, or not."""

    both: int
    toward: int
    away: int
    same: int


class StepReport(BaseModel):
    step: int
    predict: str
    truth: float | None  # the model's value (a point) or the right choice (from 1)
    rounds: list[RoundReport]
    shift: Shift | None = None
    # a sketched curve: the model's values at the question's x values (`xs`)
    xs: list[float] | None = None
    truths: list[float] | None = None


class ClassReport(BaseModel):
    code: str
    steps: list[StepReport]
    # the lesson's concept check before and after the lesson, with the gain (gain.py); None: the
    # lesson has no check
    check: CheckReport | None = None


@dataclass(frozen=True)
class Vote:
    student: int
    round: int
    value: float | None
    choice: int | None
    confidence: int | None
    sketch: tuple[float, ...] | None = None


# What an answer is judged against: a point's value or the right choice, or a curve's values
Truth = float | tuple[float, ...]


@cache
def model_value(where: Where) -> float | None:
    """The model's value where a point question asks (None if the model cannot say)."""
    try:
        found = registry.evaluate(where.system, dict(where.knobs))
        metric = where.y or registry.spec(where.system).y_default
        value = found["metrics"].get(metric)
    except (ValueError, KeyError, TypeError):  # (a teacher's file the page would refuse)
        return None
    return float(value) if isinstance(value, int | float) else None


def truth_of(step: Step) -> Truth | None:
    if step.predict == "choice":
        return float(step.answer) if step.answer else None
    if step.predict == "curve":
        found = [model_value(w) for w in step.wheres]
        return tuple(v for v in found if v is not None) if found and None not in found else None
    return model_value(step.where) if step.where is not None else None


def mean_relative_error(sketch: tuple[float, ...], truths: tuple[float, ...]) -> float:
    """How far a sketch is from the model's curve: the mean over its x values of |sketch - model|
    / model (the page shows the same, lesson/sketch.ts)."""
    return sum(abs(s - t) / abs(t or 1) for s, t in zip(sketch, truths, strict=True)) / len(truths)


def _miss(v: Vote, truth: Truth) -> float:
    """How far an answer is from the model's: relative for a point, the mean relative error for
    a sketch, 0 or 1 for a choice."""
    if isinstance(truth, tuple):
        return mean_relative_error(v.sketch, truth) if v.sketch and len(v.sketch) == len(truth) else 1.0
    if v.value is not None:
        return abs(v.value - truth) / abs(truth or 1)
    return 0.0 if v.choice == round(truth) else 1.0


def _right(v: Vote, truth: Truth) -> bool:
    return _miss(v, truth) <= (WITHIN if v.choice is None else 0.0) + 1e-12


def judge(step_no: int, predict: str, truth: Truth | None, votes: list[Vote], rounds: int) -> StepReport:
    """One step's report from its votes (pure)."""
    out = []
    for r in range(1, rounds + 1):
        mine = [v for v in votes if v.round == r]
        right = None if truth is None else sum(_right(v, truth) for v in mine)
        by: dict[int, list[Vote]] = defaultdict(list)
        for v in mine:
            by[v.confidence or 0].append(v)
        out.append(
            RoundReport(
                round=r,
                answered=len(mine),
                right=right,
                right_pct=None if right is None or not mine else round(100 * right / len(mine), 1),
                confident_wrong=None
                if truth is None
                else sum(v.confidence == SURE and not _right(v, truth) for v in mine),
                confidence=[
                    ByConfidence(
                        confidence=k,
                        answered=len(vs),
                        right=None if truth is None else sum(_right(v, truth) for v in vs),
                    )
                    for k, vs in sorted(by.items())
                ],
            )
        )
    shift = None
    if rounds > 1 and truth is not None:
        first = {v.student: v for v in votes if v.round == 1}
        pairs = [(first[v.student], v) for v in votes if v.round == 2 and v.student in first]
        moves = [_miss(b, truth) - _miss(a, truth) for a, b in pairs]
        tiny = 1e-9
        shift = Shift(
            both=len(pairs),
            toward=sum(m < -tiny for m in moves),
            away=sum(m > tiny for m in moves),
            same=sum(abs(m) <= tiny for m in moves),
        )
    if isinstance(truth, tuple):
        return StepReport(step=step_no, predict=predict, truth=None, truths=list(truth), rounds=out, shift=shift)
    return StepReport(step=step_no, predict=predict, truth=truth, rounds=out, shift=shift)


def rightness(votes: list[Vote], truth: float | None) -> dict[int, bool]:
    """Whether each student's answer is right (False where the model's answer is unknown); a
    student's later round wins."""
    return {v.student: truth is not None and _right(v, truth) for v in sorted(votes, key=lambda v: v.round)}


Votes = dict[tuple[str, int], list[Vote]]  # a class's answers by (phase, step)


def _votes(db: Session, c: Classroom) -> Votes:
    votes: Votes = defaultdict(list)
    rows = db.execute(
        select(
            ClassAnswer.phase,
            ClassAnswer.step,
            ClassAnswer.student_id,
            ClassAnswer.round,
            ClassAnswer.value,
            ClassAnswer.choice,
            ClassAnswer.confidence,
            ClassAnswer.sketch,
        ).where(ClassAnswer.class_id == c.id)
    ).all()
    for phase, step_no, student, round_no, value, choice, sure, drawn in rows:
        sketch = sketch_of(drawn)
        votes[(phase, step_no)].append(Vote(student, round_no, value, choice, sure, tuple(sketch) if sketch else None))
    return votes


def _truths(check: tuple[Step, ...]) -> list[float | None]:
    # (a concept check asks no sketched curve, lessons.read_check: each truth is one value)
    return [None if isinstance(t := truth_of(q), tuple) else t for q in check]


def check_answers(db: Session, c: Classroom, check: CheckForms, votes: Votes | None = None) -> CheckAnswers:
    """The concept check's answers judged, with the class's students in the order they joined.
    With two forms, each student's answer in a phase is judged against the form they took then
    (rules.form_in): a student's question n before and after is one pair of parallel questions."""
    votes = _votes(db, c) if votes is None else votes
    truths = {"A": _truths(check.a), "B": _truths(check.b) if check.two else []}
    students = [
        Seat(i, p, name, forms if check.two else "")
        for i, p, name, forms in db.execute(
            select(ClassStudent.id, ClassStudent.public_id, ClassStudent.name, ClassStudent.forms)
            .where(ClassStudent.class_id == c.id)
            .order_by(ClassStudent.id)
        ).all()
    ]
    form_of = {(s.id, phase): form_in(s.forms, phase, check.two) for s in students for phase in PHASES}
    right: dict[tuple[str, int], dict[int, bool]] = {}
    for phase in PHASES:
        for n in range(1, len(check.a) + 1):
            judged: dict[int, bool] = {}
            for form in ("A", "B") if check.two else ("A",):
                mine = [v for v in votes.get((phase, n), []) if form_of.get((v.student, phase)) == form]
                judged |= rightness(mine, truths[form][n - 1])
            right[(phase, n)] = judged
    return CheckAnswers(
        questions=[(q.predict or "", t) for q, t in zip(check.a, truths["A"], strict=True)],
        students=students,
        right=right,
        truths_b=truths["B"] if check.two else None,
    )


def report(db: Session, c: Classroom, steps: tuple[Step, ...], check: CheckForms | None = None) -> ClassReport:
    """The class's report: every step that asks a question, in order; and the concept check on
    matched students, when the lesson has a check."""
    votes = _votes(db, c)
    state = steps_of(c)
    judged = [
        judge(n, s.predict, truth_of(s), votes[(LESSON, n)], state[n].round if n in state else 1)
        for n, s in enumerate(steps, start=1)
        if s.predict is not None
    ]
    # a sketched curve's report carries its x values beside the model's values there
    xs = {n: list(s.xs) for n, s in enumerate(steps, start=1) if s.predict == "curve"}
    return ClassReport(
        code=c.code,
        steps=[j.model_copy(update={"xs": xs[j.step]}) if j.step in xs else j for j in judged],
        check=check_report(check_answers(db, c, check, votes)) if check and check.a else None,
    )
