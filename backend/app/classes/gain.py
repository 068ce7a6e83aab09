"""What a class learned, from its concept check, on matched students: only a student who answered
a question both before and after the lesson counts for it, so a student who skipped a question
afterwards (or joined late) changes neither share. Each answer is judged as report.py judges a
step (a choice right or not, a point within 10 % of the model's value).

Per question: the students matched, the class's students (joined) and those missing by the phase
they missed; the share right before and after among the matched; the normalized gain
g = (after - before) / (100 - before) (Hake 1998); the gains (right after, not before) and the
losses (right before, not after). For the class, a student is matched who answered every question
the model can judge both times: the shares are their mean scores, g comes from those means, and
beside it stand the mean of the students' own gains and Cohen's d (effect.py). What the answers
cannot say is said (`notes`, `gain_note`). Shares and gains are exact fractions rounded once, so
a hand-worked class gives its figures exactly. Pure; the formulas: docs/learning-report.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel

from .effect import MIN_STUDENTS, Effect, effect

Missed = Literal["before", "after", "both"]


@dataclass(frozen=True)
class Seat:
    id: int  # the student's row
    public_id: str
    name: str
    # the order of the check's two forms the student takes, "AB" or "BA" ("": the check has one)
    forms: str = ""


@dataclass(frozen=True)
class CheckAnswers:
    """What the check's figures come from: each question's kind and the model's answer (None:
    the model cannot say), the class's students, and for each (phase, question) whether each
    student who answered was right."""

    questions: Sequence[tuple[str, float | None]]
    students: Sequence[Seat]
    right: Mapping[tuple[str, int], Mapping[int, bool]]
    # with two forms: form B's answer to each question (question n of B pairs with question n of
    # A, whose answer is in `questions`); each student's answer in `right` was judged against the
    # form they took in that phase. A question is judged only if the model can judge both forms.
    truths_b: Sequence[float | None] | None = None

    def of(self, phase: str, question: int) -> Mapping[int, bool]:
        return self.right.get((phase, question), {})

    def judged(self) -> list[int]:
        """The questions the model can judge (counted from 1), in both forms if there are two."""
        return [n for n in range(1, len(self.questions) + 1) if self.judges(n)]

    def judges(self, n: int) -> bool:
        b_known = self.truths_b is None or self.truths_b[n - 1] is not None
        return self.questions[n - 1][1] is not None and b_known

    def missed(self, s: Seat, questions: Sequence[int]) -> Missed | None:
        """The phase in which `s` left one of `questions` unanswered (None: matched on them)."""
        before = any(s.id not in self.of("before", q) for q in questions)
        after = any(s.id not in self.of("after", q) for q in questions)
        return "both" if before and after else "before" if before else "after" if after else None


class PhaseShare(BaseModel):
    """One phase's answers by the matched students: how many, how many right and their share in
    percent (None: the model's answer is unknown, or no student is matched)."""

    answered: int
    right: int | None
    right_pct: float | None


class Missing(BaseModel):
    """The class's students left out for want of an answer, by the phase they missed it in."""

    before: int
    after: int
    both: int


class MissingStudent(BaseModel):
    student: str  # the anonymous id of the answers' CSV
    name: str
    missed: Missed
    forms: Literal["AB", "BA"] | None = None  # with two forms: the order the student takes them in


class Gain(BaseModel):
    """The normalized gain and, when there is none, why: everyone right before (g undefined: there
    was nothing left to learn), no matched student, or no answer the model can judge."""

    gain: float | None
    gain_note: str | None = None


class CheckQuestion(Gain):
    question: int  # counted from 1
    predict: str
    truth: float | None  # the model's value (a point) or the right choice (from 1); form A's
    truth_b: float | None = None  # with two forms: form B's question's
    matched: int
    missing: Missing
    before: PhaseShare
    after: PhaseShare
    gains: int | None  # matched students right after and not before
    losses: int | None  # ... right before and not after
    # every answer of the phase, matched or not: how the class stood before the lesson while
    # the check after it has not been asked (never a gain's input)
    all_before: PhaseShare
    all_after: PhaseShare


class OwnGains(BaseModel):
    """The mean of the matched students' own gains, g_i = (after_i - before_i) / (100 - before_i);
    a student right on every question before has none (nothing left to learn) and is left out,
    counted in `left_out`."""

    mean: float | None
    students: int
    left_out: int
    note: str | None = None


class FormOrder(Gain):
    """With two forms: the students who took them in one order ("AB": form A before the lesson
    and B after; "BA" the reverse), how many joined and were matched, and their matched shares
    and gain. Each order compares like with like only across the two halves: if form B were the
    easier, "AB" would gain more than "BA"; the class's figures, pooled over both orders, carry
    no such tilt when the halves are even."""

    order: Literal["AB", "BA"]
    joined: int
    matched: int
    before: PhaseShare
    after: PhaseShare


class CheckReport(Gain):
    questions: list[CheckQuestion]
    joined: int
    matched: int  # answered every question the model can judge, before and after
    missing: Missing
    missing_students: list[MissingStudent]
    before: PhaseShare  # the matched students' answers to the judged questions
    after: PhaseShare
    gains: int | None
    losses: int | None
    own_gains: OwnGains
    effect: Effect
    notes: list[str]  # what these answers cannot say
    forms: list[FormOrder] | None = None  # with two forms: each order's students apart


def share(right: int | None, answered: int) -> PhaseShare:
    pct = None if right is None or answered == 0 else float(100 * Fraction(right, answered))
    return PhaseShare(answered=answered, right=right, right_pct=pct)


EVERYONE_RIGHT = "undefined: everyone was right before the lesson"


def gain(before: PhaseShare, after: PhaseShare) -> Gain:
    """g = (after - before) / (100 - before), from the exact counts; None with the reason where
    it has no value."""
    if before.right is None or after.right is None:
        return Gain(gain=None, gain_note="no answer the model can judge")
    if before.answered == 0 or after.answered == 0:
        return Gain(gain=None, gain_note="no student answered both before and after the lesson")
    b, a = Fraction(before.right, before.answered), Fraction(after.right, after.answered)
    if b == 1:
        return Gain(gain=None, gain_note=EVERYONE_RIGHT)
    return Gain(gain=float((a - b) / (1 - b)))


def _missing(a: CheckAnswers, questions: Sequence[int]) -> tuple[list[Seat], list[MissingStudent], Missing]:
    """The students matched on `questions`, those missing, and their count by phase."""
    matched, missing = [], []
    for s in a.students:
        if (missed := a.missed(s, questions)) is None:
            matched.append(s)
        else:
            order: Literal["AB", "BA"] | None = "AB" if s.forms == "AB" else "BA" if s.forms == "BA" else None
            missing.append(MissingStudent(student=s.public_id, name=s.name, missed=missed, forms=order))
    counts = Missing(**{p: sum(m.missed == p for m in missing) for p in ("before", "after", "both")})
    return matched, missing, counts


def _moves(a: CheckAnswers, matched: Sequence[Seat], questions: Sequence[int]) -> tuple[int, int]:
    """(gains, losses) of the matched students over `questions`."""
    pairs = [(a.of("before", q)[s.id], a.of("after", q)[s.id]) for q in questions for s in matched]
    return sum(after and not before for before, after in pairs), sum(before and not after for before, after in pairs)


def _question(a: CheckAnswers, n: int) -> CheckQuestion:
    predict, truth = a.questions[n - 1]
    matched, _, missing = _missing(a, [n])
    judged = a.judges(n)
    shares = [
        share(sum(a.of(p, n)[s.id] for s in matched) if judged else None, len(matched)) for p in ("before", "after")
    ]
    gains, losses = _moves(a, matched, [n]) if judged else (None, None)
    every = [share(sum(a.of(p, n).values()) if judged else None, len(a.of(p, n))) for p in ("before", "after")]
    return CheckQuestion(
        question=n,
        predict=predict,
        truth=truth,
        truth_b=None if a.truths_b is None else a.truths_b[n - 1],
        matched=len(matched),
        missing=missing,
        before=shares[0],
        after=shares[1],
        gains=gains,
        losses=losses,
        all_before=every[0],
        all_after=every[1],
        **gain(*shares).model_dump(),
    )


def own_gains(scores: Sequence[tuple[int, int]], out_of: int) -> OwnGains:
    """The mean of the students' own gains from their (right before, right after) out of `out_of`."""
    own = [Fraction(after - before, out_of - before) for before, after in scores if before < out_of]
    left_out = len(scores) - len(own)
    if not own:
        why = "no matched student" if not scores else "every matched student was right on everything before"
        return OwnGains(mean=None, students=0, left_out=left_out, note=why)
    return OwnGains(mean=float(sum(own) / len(own)), students=len(own), left_out=left_out)


def check_report(a: CheckAnswers) -> CheckReport:
    """The report of a concept check (see above)."""
    questions = [_question(a, n) for n in range(1, len(a.questions) + 1)]
    judged = a.judged()
    matched, missing_students, missing = _missing(a, judged)
    pairs = _scores(a, matched, judged)
    shares = _shares(pairs, judged)
    gains, losses = _moves(a, matched, judged) if judged else (None, None)
    notes = _notes(a, judged, matched, shares[0])
    return CheckReport(
        questions=questions,
        joined=len(a.students),
        matched=len(matched),
        missing=missing,
        missing_students=missing_students,
        before=shares[0],
        after=shares[1],
        gains=gains,
        losses=losses,
        own_gains=own_gains(pairs, len(judged)),
        effect=effect(pairs),
        notes=notes,
        forms=_orders(a, judged, matched) if a.truths_b is not None else None,
        **gain(*shares).model_dump(),
    )


def _scores(a: CheckAnswers, matched: Sequence[Seat], judged: Sequence[int]) -> list[tuple[int, int]]:
    """Each matched student's score: their right answers to the judged questions, before and after
    (with two forms, each phase's in the form the student took then: question n of one form
    paired with question n of the other)."""
    return [
        (sum(a.of("before", q)[s.id] for q in judged), sum(a.of("after", q)[s.id] for q in judged)) for s in matched
    ]


def _shares(pairs: Sequence[tuple[int, int]], judged: Sequence[int]) -> list[PhaseShare]:
    return [share(sum(p[k] for p in pairs) if judged else None, len(pairs) * len(judged)) for k in (0, 1)]


def _orders(a: CheckAnswers, judged: list[int], matched: list[Seat]) -> list[FormOrder]:
    """The class's figures for each order of the two forms apart."""
    out = []
    for order in ("AB", "BA"):
        mine = [s for s in matched if s.forms == order]
        shares = _shares(_scores(a, mine, judged), judged)
        out.append(
            FormOrder(
                order=order,
                joined=sum(s.forms == order for s in a.students),
                matched=len(mine),
                before=shares[0],
                after=shares[1],
                **gain(*shares).model_dump(),
            )
        )
    return out


def _notes(a: CheckAnswers, judged: list[int], matched: list[Seat], before: PhaseShare) -> list[str]:
    """What the class's figures cannot say, in words."""
    if not judged:
        return ["The model cannot judge any of the check's questions here: the report has no shares to give."]
    notes = []
    if not matched:
        notes.append(
            "No student answered every question both before and after the lesson: the class's figures need such"
            " students (each question's figures count the students who answered it both times)."
        )
    elif before.right_pct == 100:
        notes.append(
            "Every matched student was right on every question before the lesson: there was nothing left to"
            " learn, so g is undefined."
        )
    if 0 < len(matched) < MIN_STUDENTS:
        notes.append(
            f"Only {len(matched)} students are matched: too few for an effect size (it takes {MIN_STUDENTS}),"
            " and each share rests on a few answers."
        )
    if 0 < len(matched) < len(a.students) / 2:
        notes.append(
            f"Only {len(matched)} of the {len(a.students)} students who joined are matched: the figures describe"
            " them, not the class."
        )
    return notes
