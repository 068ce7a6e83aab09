"""What a live class's devices are told, as typed events: one Pydantic model per kind, told apart
by `type`, and one function that builds each. The stream sends them as JSON; the OpenAPI schema
lists them (ClassEvent, `with_class_events`), and the page's types are generated from it, so the
shape is written once. Also what a write to a class returns (`Written`): its answer and the events
it logged, for the bus to announce once they are committed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, Field, TypeAdapter

from ..lessons import Told
from .answers import flat


class Deadline(BaseModel):
    """A step's time limit: when its answers close by the server's clock (ISO 8601, UTC, to the
    millisecond) and the limit it was given, in seconds (the countdown's full length)."""

    ends: str
    seconds: int


class ClassState(BaseModel):
    """Where the class is and which steps are open: what every device is told."""

    code: str
    step: int
    pace: Literal["teacher", "self"]
    steps: int
    revealed: list[int]
    locked: list[int]
    ended: bool
    # each reset step's count of resets (rules.StepState.resets): a device whose answer was
    # stored at a lower count knows the teacher cleared it
    resets: dict[str, int] = Field(default_factory=dict)
    # the steps in their second vote (rules.StepState.round): round 1 closed, its answers kept
    rounds: dict[str, int] = Field(default_factory=dict)
    # the lesson's concept check open on the phones: before the lesson or after it (absent: none)
    check: Literal["before", "after"] | None = None
    # the steps with a time limit (rules.StepState.limit), running or run out: a device counts
    # down to `ends` and locks the step there; the server refuses later answers by its own clock
    deadlines: dict[str, Deadline] = Field(default_factory=dict)


class Who(BaseModel):
    """A student as the teacher's screen knows them: a public id and a display name (maybe empty)."""

    id: str
    name: str
    # the order in which the student takes the concept check's two forms, if it has two:
    # "AB" (form A before the lesson, B after) or "BA" (rules.form_order)
    forms: Literal["AB", "BA"] | None = None


class Given(BaseModel):
    """An answer: one value of three kinds (`answer`, lessons.Told: a point prediction, a choice
    counted from 1, or a sketched curve's values at the question's x values), as the phone sent
    it; on a step voted twice, its round (absent: round 1); how sure the student was (1 guessing,
    2 fairly sure, 3 sure), if they said; `phase` "before" or "after": an answer to question
    `step` of the concept check, before the lesson or after it (absent: a lesson step's).
    The kind's own field beside it (`value`, `choice` or `sketch`) says the same for a page of an
    earlier build, still open across a deploy; an event logged before `answer` was added has only
    that field (a page reads `answer` first: live/room.ts)."""

    answer: Told | None = None
    value: float | None = None
    choice: int | None = None
    sketch: list[float] | None = None
    round: int | None = None
    confidence: int | None = None
    phase: Literal["before", "after"] | None = None


class GivenBy(Given):
    """An answer with who gave it (the teacher's stream)."""

    id: str
    name: str


class AnswerSeen(Given):
    """An answer in a snapshot: its step; on the teacher's, who gave it."""

    step: int
    id: str | None = None
    name: str | None = None


class Spread(BaseModel):
    """The class's answers to a step, without who gave them: sorted values, or counts per choice.
    A large class's values are its order statistics at SPREAD_VALUES evenly spaced ranks (the
    smallest and the largest among them), not every value: every phone gets the reveal, and ten
    thousand values to ten thousand phones would be two gigabytes. `count` is always the class's."""

    count: int
    values: list[float]
    choices: dict[str, int]
    # a sketched curve's: at each of the question's x values, the class's values there, sorted
    # (order statistics like `values`'); the page draws their median and middle half
    sketches: list[list[float]] | None = None
    # a step voted twice: this is round 2's, and `first` round 1's (the shift the reveal shows)
    first: Spread | None = None


class Snapshot(BaseModel):
    """Everything a device needs on (re)connecting without an event id. The teacher's has every
    student and answer; a student's, their own answers, who they are and each revealed spread."""

    type: Literal["snapshot"]
    state: ClassState
    answers: list[AnswerSeen]
    students: list[Who] | None = None
    me: Who | None = None
    spreads: dict[str, Spread] | None = None
    # the server's clock as the snapshot was read (ISO 8601, UTC): a device sets its countdowns
    # by it, whatever its own clock says (a snapshot is never replayed from the log)
    now: str | None = None


class StateEvent(ClassState):
    """The class moved, a step opened, closed or was revealed, or the pace changed."""

    type: Literal["state"]


class RevealEvent(BaseModel):
    type: Literal["reveal"]
    step: int
    spread: Spread


class Member(BaseModel):
    """Someone a student is asked to discuss with: their display name (maybe empty) and what they
    answered in round 1 (absent: no answer), with its kind's field beside it, as `Given`'s."""

    name: str
    answer: Told | None = None
    value: float | None = None
    choice: int | None = None
    sketch: list[float] | None = None


class Group(BaseModel):
    """A student's discussion group on a step voted twice: the others in it (models: groups)."""

    step: int
    members: list[Member]


class JoinedEvent(BaseModel):
    """A student joined (the teacher's stream only)."""

    type: Literal["joined"]
    student: Who


class AnswersEvent(BaseModel):
    """A step's answers changed: one given (or replaced), or all reset (the teacher's stream only)."""

    type: Literal["answers"]
    step: int
    answer: GivenBy | None = None
    reset: bool | None = None


class EndedEvent(BaseModel):
    type: Literal["ended"]


ClassEvent = Annotated[
    Snapshot | StateEvent | RevealEvent | JoinedEvent | AnswersEvent | EndedEvent, Field(discriminator="type")
]
EVENTS: TypeAdapter[ClassEvent] = TypeAdapter(ClassEvent)


def with_class_events(schema: dict[str, Any]) -> dict[str, Any]:
    """The class event stream's events in the OpenAPI schema's components (ClassEvent, a union told
    apart by `type`), so the page's types come from the schema like every other body's."""
    found = EVENTS.json_schema(ref_template="#/components/schemas/{model}")
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.update(found.pop("$defs", {}))
    components["ClassEvent"] = found
    return schema


def to_json(event: BaseModel) -> str:
    """The event as the stream sends it: `type` first, absent fields left out."""
    body = event.model_dump(mode="json", exclude_none=True)
    return json.dumps({"type": body.pop("type"), **body}, separators=(",", ":"))


# ---- one builder for each event ------------------------------------------------------------


def snapshot_event(
    state: ClassState,
    answers: list[AnswerSeen],
    *,
    students: list[Who] | None = None,
    me: Who | None = None,
    spreads: dict[str, Spread] | None = None,
    now: str | None = None,
) -> Snapshot:
    return Snapshot(type="snapshot", state=state, answers=answers, students=students, me=me, spreads=spreads, now=now)


def state_event(state: ClassState) -> StateEvent:
    return StateEvent(type="state", **state.model_dump())


def given(
    answer: Told | None,
    *,
    round_no: int | None = None,
    confidence: int | None = None,
    phase: Literal["before", "after"] | None = None,
) -> Given:
    """An answer as devices are told it: the one value, and its kind's field beside it."""
    value, choice, sketch = flat(answer)
    return Given(
        answer=answer, value=value, choice=choice, sketch=sketch, round=round_no, confidence=confidence, phase=phase
    )


def member(name: str, answer: Told | None) -> Member:
    value, choice, sketch = flat(answer)
    return Member(name=name, answer=answer, value=value, choice=choice, sketch=sketch)


def reveal_event(step: int, spread: Spread) -> RevealEvent:
    return RevealEvent(type="reveal", step=step, spread=spread)


def joined_event(who: Who) -> JoinedEvent:
    return JoinedEvent(type="joined", student=who)


def answer_event(step: int, who: Who, given: Given) -> AnswersEvent:
    return AnswersEvent(type="answers", step=step, answer=GivenBy(**who.model_dump(), **given.model_dump()))


def reset_event(step: int) -> AnswersEvent:
    return AnswersEvent(type="answers", step=step, reset=True)


def ended_event() -> EndedEvent:
    return EndedEvent(type="ended")


# ---- what a write to a class returns -------------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True)
class Logged:
    """An event a write added to its class's log; `teacher_only`: the students' streams skip it."""

    event: BaseModel
    teacher_only: bool = False


@dataclass(frozen=True)
class Written(Generic[T]):
    """A committed write to class `code`: its answer (`value`) and the events it logged. Routes
    take the answer through `bus.announce`, which wakes the class's streams first, so none can
    forget to tell the devices."""

    value: T
    code: str
    events: tuple[Logged, ...] = ()
