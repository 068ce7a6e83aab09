"""The rules of a live class's steps, as pure functions (no database, no HTTP): when an answer
may be given (to a step, or to a question of the concept check), and what a teacher's control
does to the class's steps and its check. crud.py applies them
inside its transactions; the tests run them directly."""

from __future__ import annotations

from dataclasses import dataclass, replace


class ClassError(Exception):
    """A refusal: `status` for HTTP, `reason` in words."""

    def __init__(self, status: int, reason: str, retry_after: int | None = None) -> None:
        super().__init__(reason)
        self.status, self.reason, self.retry_after = status, reason, retry_after


@dataclass(frozen=True)
class StepState:
    revealed: bool = False
    locked: bool = False
    # how often the teacher reset the step: an answer stored after the n-th reset carries n, so a
    # device told of a later reset knows its answer is gone, and one told of an earlier one not
    resets: int = 0
    # the vote the step is in: 1, or 2 once the teacher asked the class to discuss and vote again
    # (round 1's answers are then closed and kept)
    round: int = 1
    # the teacher's time limit on the step, in seconds (0: none), and when it ends by the
    # server's clock (seconds since the epoch, UTC): an answer that arrives at or after `ends`
    # is refused, whatever the phone's clock said when it was sent
    limit: int = 0
    ends: float = 0.0


# The time limits a teacher may set on a step (0: none); the projector offers 30, 60 and 90 s.
MAX_LIMIT = 600


def time_up(state: StepState, now: float) -> ClassError | None:
    """The refusal of an answer to a step whose time limit ran out by `now` (None: in time, or
    no limit)."""
    if state.limit and now >= state.ends:
        late = now - state.ends
        after = "as the time ran out" if late < 1 else f"{late:.0f} s after the time ran out"
        return ClassError(409, f"time is up on this step: your answer arrived {after} and was not taken")
    return None


def answer_refusal(
    steps: dict[int, StepState],
    step_no: int,
    *,
    step_count: int,
    pace: str,
    current: int,
    round_no: int | None = None,
    now: float = 0.0,
) -> ClassError | None:
    """Why an answer to `step_no` is refused at `now` (the server's clock), or None: a step the
    lesson has, not yet revealed, not locked, within its time limit, (teacher-paced) the step
    the class is on, and (`round_no` given) in that round: an answer to round 1 kept on a device
    while the class moved to round 2 is refused."""
    if not 1 <= step_no <= step_count:
        return ClassError(422, f"the lesson has steps 1 to {step_count}")
    state = steps.get(step_no, StepState())
    if round_no is not None and round_no != state.round:
        if round_no < state.round:
            return ClassError(409, "round 1 is closed: vote again in round 2")
        return ClassError(409, f"this step is in round {state.round}")
    if state.revealed:
        return ClassError(409, "this step has been revealed: answers are closed")
    if state.locked:
        return ClassError(409, "this step is locked until the teacher opens it")
    if late := time_up(state, now):
        return late
    if pace == "teacher" and step_no != current:
        return ClassError(409, f"the class is on step {current}")
    return None


@dataclass(frozen=True)
class Controlled:
    """A control's outcome: the step the class is on, the step it acted on, and the steps."""

    current: int
    target: int
    steps: dict[int, StepState]


def control(
    steps: dict[int, StepState],
    current: int,
    *,
    step_count: int,
    step_no: int | None,
    reveal: bool | None,
    locked: bool | None,
    reset: bool,
    round_no: int | None = None,
    open_check: str | None = None,
    time_limit: int | None = None,
    at: float = 0.0,
) -> Controlled:
    """Move the class to `step_no` (if given), then act on that step (or the current one):
    reset it (hidden again, back to round 1; its lock kept, its time limit gone), open round 2
    (`round_no` 2: round 1 closes, its answers kept, a time limit of round 1's gone; only before
    the reveal), reveal or hide it, lock or open it, give it `time_limit` seconds from `at` (the
    server's clock; 0 takes the limit away, and a new limit starts again from now).
    While the concept check is open (`open_check`) the lesson's steps are not acted on: a reveal
    then would show every phone the step as answered by nobody once the check closes."""
    if step_no is not None and not 1 <= step_no <= step_count:
        raise ClassError(422, f"the lesson has steps 1 to {step_count}")
    acts = reset or round_no is not None or reveal is not None or locked is not None or time_limit is not None
    if open_check is not None and acts:
        raise ClassError(
            409, f"the concept check ({open_check} the lesson) is open: close it before acting on the lesson"
        )
    now = step_no or current
    s = steps.get(now, StepState())
    if reset:
        s = StepState(locked=s.locked, resets=s.resets + 1)
    if round_no is not None and round_no != s.round:
        if round_no < s.round:
            raise ClassError(409, "a round cannot be reopened: reset the step to start again")
        if s.revealed:
            raise ClassError(409, "this step has been revealed: hide it or reset it before another vote")
        s = replace(s, round=round_no, limit=0, ends=0.0)
    if reveal is not None or locked is not None:
        s = replace(
            s,
            revealed=s.revealed if reveal is None else reveal,
            locked=s.locked if locked is None else locked,
        )
    if time_limit is not None:
        if not 0 <= time_limit <= MAX_LIMIT:
            raise ClassError(422, f"a step's time limit is 0 (none) to {MAX_LIMIT} seconds")
        if s.revealed and time_limit:
            raise ClassError(409, "this step has been revealed: its answers are closed already")
        s = replace(s, limit=time_limit, ends=at + time_limit if time_limit else 0.0)
    out = {n: v for n, v in steps.items() if n != now}
    if s != StepState():
        out[now] = s
    return Controlled(current=now if step_no is not None else current, target=now, steps=out)


# The phases of a lesson's concept check: asked before the lesson, and again after it.
PHASES = ("before", "after")


def check_refusal(open_phase: str | None, phase: str, number: int, count: int) -> ClassError | None:
    """Why an answer to question `number` of the concept check in `phase` is refused now, or
    None: the lesson has a check with that question, and the teacher has that phase open."""
    if count == 0:
        return ClassError(422, "this lesson has no concept check")
    if not 1 <= number <= count:
        return ClassError(422, f"the concept check has questions 1 to {count}")
    if open_phase != phase:
        return ClassError(409, f"the concept check ({phase} the lesson) is not open")
    return None


# Parallel forms of the concept check: a student takes one form before the lesson and the other
# after it, in one of two orders. Students take the orders in turn as they join (the first A then
# B, the next B then A, ...): half the class each way, one more at most, and each student's order
# fixed from their first moment in the class.
FORM_ORDERS = ("AB", "BA")


def form_order(seated_before: int) -> str:
    """The order of forms of the student who joins after `seated_before` others."""
    return FORM_ORDERS[seated_before % 2]


def form_in(order: str, phase: str, two_forms: bool) -> str:
    """The form ("A" or "B") a student whose order is `order` takes in `phase`; a check with one
    form is form A for everyone."""
    if not two_forms:
        return "A"
    return order[0] if phase == "before" else order[-1]


def check_phase(want: str, count: int) -> str | None:
    """The phase of the concept check open after the teacher's `want` ("before", "after", or
    "closed"): a lesson without a check has none to open."""
    if want == "closed":
        return None
    if count == 0:
        raise ClassError(409, "this lesson has no concept check")
    return want


def open_to(
    steps: dict[int, StepState],
    step_no: int,
    *,
    step_count: int,
    pace: str,
    current: int,
    round_no: int | None,
    open_check: str | None,
    check: tuple[str, int] | None,
    bad: str | None,
    now: float = 0.0,
) -> tuple[int, int]:
    """Where an answer to `step_no` goes now, as (the step's count of resets, its round), or the
    ClassError that refuses it: a lesson step's by `answer_refusal`; a question of the concept
    check (`check`: its phase and number of questions) while that phase is open (`open_check`);
    either one that does not fit its question (`bad`, what lessons.Step.check said)."""
    if check is not None:
        if refused := check_refusal(open_check, check[0], step_no, check[1]):
            raise refused
    elif not 1 <= step_no <= step_count:
        raise ClassError(422, f"the lesson has steps 1 to {step_count}")
    if bad:
        raise ClassError(422, bad)
    if check is not None:
        return 0, 1
    if refused := answer_refusal(
        steps, step_no, step_count=step_count, pace=pace, current=current, round_no=round_no, now=now
    ):
        raise refused
    now_in = steps.get(step_no, StepState())
    return now_in.resets, now_in.round
