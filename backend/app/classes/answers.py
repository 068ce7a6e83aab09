"""What a student's device sends a class: an answer (`AnswerIn`), to a lesson step or to a question
of the concept check, carrying one value of three kinds (lessons.Told: a point, a choice or a
sketched curve). The route hands it whole to the class's store (crud.answer)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..lessons import MAX_STEPS, ChoiceTold, CurveTold, PointTold, Told

# an earlier build's field for each kind of answer, and the kind's own name for it
_FLAT = {"value": ("point", "y"), "choice": ("choice", "choice"), "sketch": ("curve", "ys")}


class AnswerIn(BaseModel):
    """A student's answer: to a lesson step, or (`phase`) to a question of the concept check."""

    model_config = ConfigDict(extra="forbid")
    step: int = Field(ge=1, le=MAX_STEPS)
    # what the student answers: a point, a choice or a sketched curve, one value of three kinds
    answer: Told
    # The device's own name for this answer, kept with it: sent again (a retry after a lost
    # response, the outbox after a lost signal) it is stored and announced once.
    key: str | None = Field(default=None, min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    # the step's count of resets the device knew when the student gave this answer (ClassState):
    # one given before a reset that arrives after it (kept offline) is refused, not counted
    resets: int | None = Field(default=None, ge=0, le=1_000_000)
    # the vote this answer is for (absent: the step's current one): a round-1 answer that
    # arrives after round 2 opened is refused, not counted as a second vote
    round: Literal[1, 2] | None = None
    # how sure the student is: 1 guessing, 2 fairly sure, 3 sure (absent: not said)
    confidence: Literal[1, 2, 3] | None = None
    # an answer to the lesson's concept check, before the lesson or after it: `step` is then
    # the check's question, counted from 1 (absent: a lesson step's answer)
    phase: Literal["before", "after"] | None = None

    @model_validator(mode="before")
    @classmethod
    def _flat(cls, data: Any) -> Any:
        """An answer from a page of an earlier build, or kept offline by one (its outbox): the
        kind's field at the top (`value`, `choice` or `sketch`), taken as the one answer."""
        if not isinstance(data, dict) or "answer" in data:
            return data
        flat = {k: data[k] for k in _FLAT if data.get(k) is not None}
        if len(flat) != 1:
            return data  # (refused below: no answer, or two kinds at once)
        [(name, v)] = flat.items()
        kind, field = _FLAT[name]
        return {**{k: x for k, x in data.items() if k not in _FLAT}, "answer": {"kind": kind, field: v}}


def flat(told: Told | None) -> tuple[float | None, int | None, list[float] | None]:
    """An answer as the store's columns hold it (and an earlier build's fields): its value, its
    choice or its sketch, the others None (all None: no answer)."""
    if told is None:
        return None, None, None
    if isinstance(told, PointTold):
        return told.y, None, None
    if isinstance(told, ChoiceTold):
        return None, told.choice, None
    return None, None, told.ys


def told_of(value: float | None, choice: int | None, sketch: list[float] | None) -> Told | None:
    """The answer the store's columns hold (flat's inverse; None: no answer)."""
    if value is not None:
        return PointTold(kind="point", y=value)
    if choice is not None:
        return ChoiceTold(kind="choice", choice=choice)
    if sketch is not None:
        return CurveTold(kind="curve", ys=sketch)
    return None
