"""What a class learned, from its concept check: each question's answers before the lesson and
after it judged against the model (as report.py judges a step: a choice right or not, a point
within 10 % of the model's value), the share right in each phase, and the normalized gain
g = (after - before) / (100 - before), the share of what was still to learn that was learnt
(Hake 1998). The class's shares pool every question whose model answer is known: its right
answers over its answers, in each phase (a test's class average, when every student answers
every question). Computed with exact fractions, rounded once to a float at the end, so a class
of known answers gives one exact figure. Pure: tested with simulated classes."""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel


class PhaseShare(BaseModel):
    """One phase's answers: how many, how many right and their share in percent (None: the
    model's answer is unknown, or nobody answered)."""

    answered: int
    right: int | None
    right_pct: float | None


class Gain(BaseModel):
    """The normalized gain and, when there is none, why: everyone right before (g undefined: there
    was nothing left to learn), no answers in a phase, or no answer the model can judge."""

    gain: float | None
    gain_note: str | None = None


class CheckQuestion(Gain):
    question: int  # counted from 1
    predict: str
    truth: float | None  # the model's value (a point) or the right choice (from 1)
    before: PhaseShare
    after: PhaseShare


class CheckReport(Gain):
    questions: list[CheckQuestion]
    before: PhaseShare  # the class: every judged question pooled
    after: PhaseShare


def share(right: int | None, answered: int) -> PhaseShare:
    pct = None if right is None or answered == 0 else float(100 * Fraction(right, answered))
    return PhaseShare(answered=answered, right=right, right_pct=pct)


def gain(before: PhaseShare, after: PhaseShare) -> Gain:
    """g = (after - before) / (100 - before), from the exact counts; None with the reason where
    it has no value."""
    if before.right is None or after.right is None:
        return Gain(gain=None, gain_note="no answer the model can judge")
    if before.answered == 0 or after.answered == 0:
        return Gain(gain=None, gain_note=f"no answers {'before' if before.answered == 0 else 'after'} the lesson")
    b, a = Fraction(before.right, before.answered), Fraction(after.right, after.answered)
    if b == 1:
        return Gain(gain=None, gain_note="undefined: everyone was right before the lesson")
    return Gain(gain=float((a - b) / (1 - b)))


def check_report(questions: list[tuple[str, float | None, list[bool], list[bool]]]) -> CheckReport:
    """The report of a concept check from each question's (kind, the model's answer, whether each
    answer before the lesson was right, whether each answer after it was right)."""
    out = []
    for n, (predict, truth, before, after) in enumerate(questions, start=1):
        b = share(None if truth is None else sum(before), len(before))
        a = share(None if truth is None else sum(after), len(after))
        out.append(
            CheckQuestion(question=n, predict=predict, truth=truth, before=b, after=a, **gain(b, a).model_dump())
        )
    judged = [q for q in out if q.truth is not None]
    pooled = [
        share(
            sum(getattr(q, phase).right or 0 for q in judged) if judged else None,
            sum(getattr(q, phase).answered for q in judged),
        )
        for phase in ("before", "after")
    ]
    return CheckReport(questions=out, before=pooled[0], after=pooled[1], **gain(*pooled).model_dump())
