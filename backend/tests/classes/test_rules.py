"""The rules of a live class's steps, run without a database or a server."""

from __future__ import annotations

import pytest

from app.classes.rules import StepState, answer_refusal, control


def test_an_answer_goes_to_an_open_step_the_class_is_on():
    open_ = {}
    assert answer_refusal(open_, 2, step_count=7, pace="teacher", current=2) is None
    assert answer_refusal(open_, 3, step_count=7, pace="self", current=2) is None  # self-paced: any step
    cases = [
        ({}, 8, "teacher", 2, 422, "steps 1 to 7"),
        ({}, 3, "teacher", 2, 409, "the class is on step 2"),
        ({2: StepState(revealed=True)}, 2, "teacher", 2, 409, "revealed"),
        ({2: StepState(locked=True)}, 2, "self", 1, 409, "locked"),
    ]
    for steps, n, pace, current, status, words in cases:
        refused = answer_refusal(steps, n, step_count=7, pace=pace, current=current)
        assert refused is not None and refused.status == status and words in refused.reason


def test_control_moves_reveals_locks_and_resets_the_step_it_names():
    moved = control({}, 1, step_count=7, step_no=3, reveal=True, locked=None, reset=False)
    assert (moved.current, moved.target, moved.steps) == (3, 3, {3: StepState(revealed=True)})
    locked = control(moved.steps, 3, step_count=7, step_no=None, reveal=None, locked=True, reset=False)
    assert locked.steps == {3: StepState(revealed=True, locked=True)} and locked.current == 3
    reset = control(locked.steps, 3, step_count=7, step_no=None, reveal=None, locked=None, reset=True)
    assert reset.steps == {3: StepState(locked=True, resets=1)}  # hidden again, its lock kept, counted
    opened = control(reset.steps, 3, step_count=7, step_no=None, reveal=None, locked=False, reset=False)
    assert opened.steps == {3: StepState(resets=1)}  # open again; its count of resets kept
    with pytest.raises(Exception, match="steps 1 to 7") as e:
        control({}, 1, step_count=7, step_no=9, reveal=None, locked=None, reset=False)
    assert getattr(e.value, "status", None) == 422
