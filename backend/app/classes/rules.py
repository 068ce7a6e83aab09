"""The rules of a live class's steps, as pure functions (no database, no HTTP): when an answer
may be given, and what a teacher's control does to the class's steps. crud.py applies them
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


def answer_refusal(
    steps: dict[int, StepState],
    step_no: int,
    *,
    step_count: int,
    pace: str,
    current: int,
    round_no: int | None = None,
) -> ClassError | None:
    """Why an answer to `step_no` is refused now, or None: a step the lesson has, not yet
    revealed, not locked, (teacher-paced) the step the class is on, and (`round_no` given) in
    that round: an answer to round 1 kept on a device while the class moved to round 2 is refused."""
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
) -> Controlled:
    """Move the class to `step_no` (if given), then act on that step (or the current one):
    reset it (hidden again, back to round 1; its lock kept), open round 2 (`round_no` 2: round 1
    closes, its answers kept; only before the reveal), reveal or hide it, lock or open it."""
    if step_no is not None and not 1 <= step_no <= step_count:
        raise ClassError(422, f"the lesson has steps 1 to {step_count}")
    now = step_no or current
    s = steps.get(now, StepState())
    if reset:
        s = StepState(locked=s.locked, resets=s.resets + 1)
    if round_no is not None and round_no != s.round:
        if round_no < s.round:
            raise ClassError(409, "a round cannot be reopened: reset the step to start again")
        if s.revealed:
            raise ClassError(409, "this step has been revealed: hide it or reset it before another vote")
        s = replace(s, round=round_no)
    if reveal is not None or locked is not None:
        s = replace(
            s,
            revealed=s.revealed if reveal is None else reveal,
            locked=s.locked if locked is None else locked,
        )
    out = {n: v for n, v in steps.items() if n != now}
    if s != StepState():
        out[now] = s
    return Controlled(current=now if step_no is not None else current, target=now, steps=out)
