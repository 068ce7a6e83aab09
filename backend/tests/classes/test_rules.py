"""The rules of a live class's steps, run without a database or a server."""

from __future__ import annotations

import pytest

from app.classes.rules import (
    ClassError,
    StepState,
    answer_refusal,
    check_phase,
    control,
    form_in,
    form_order,
    open_to,
)


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


def test_while_the_concept_check_is_open_the_lesson_steps_are_not_acted_on():
    acts = [
        {"reveal": True, "locked": None, "reset": False},
        {"reveal": None, "locked": True, "reset": False},
        {"reveal": None, "locked": None, "reset": True},
        {"reveal": None, "locked": None, "reset": False, "round_no": 2},
    ]
    for act in acts:
        with pytest.raises(ClassError, match="before the lesson\\) is open") as e:
            control({}, 1, step_count=7, step_no=None, open_check="before", **act)  # type: ignore[arg-type]
        assert e.value.status == 409
    # moving the class along with the presenter is not acting on a step
    moved = control({}, 1, step_count=7, step_no=2, reveal=None, locked=None, reset=False, open_check="before")
    assert (moved.current, moved.steps) == (2, {})


def test_a_concept_check_answer_goes_to_the_phase_the_teacher_has_open_whatever_the_steps():
    closed = {2: StepState(revealed=True, locked=True)}  # (the lesson's steps do not matter to the check)
    ask = {"step_count": 7, "pace": "teacher", "current": 1, "round_no": None, "bad": None}
    assert open_to(closed, 3, open_check="before", check=("before", 3), **ask) == (0, 1)
    cases = [
        (None, ("before", 3), 2, 409, "(before the lesson) is not open"),
        ("before", ("after", 3), 2, 409, "(after the lesson) is not open"),
        ("after", ("after", 3), 4, 422, "questions 1 to 3"),
        ("after", ("after", 0), 1, 422, "no concept check"),
    ]
    for open_check, check, n, status, words in cases:
        with pytest.raises(ClassError) as e:
            open_to(closed, n, open_check=open_check, check=check, **ask)
        assert (e.value.status, words in e.value.reason) == (status, True), e.value.reason
    # an answer that does not fit its question is refused as such, in the check as on a step
    with pytest.raises(ClassError, match="asks for a value"):
        open_to({}, 1, open_check="after", check=("after", 3), **{**ask, "bad": "this step asks for a value"})
    # a lesson step's answer goes by the step rules: its count of resets and its round
    assert open_to({1: StepState(resets=2, round=2)}, 1, open_check="after", check=None, **ask) == (2, 2)


def test_the_teacher_opens_either_phase_of_a_check_the_lesson_has_and_closes_it():
    assert check_phase("before", 3) == "before" and check_phase("after", 5) == "after"
    assert check_phase("closed", 3) is None and check_phase("closed", 0) is None
    with pytest.raises(ClassError, match="no concept check") as e:
        check_phase("before", 0)
    assert e.value.status == 409


def test_a_time_limit_closes_the_step_at_its_end_by_the_clock_it_is_given():
    timed = control({}, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=False, time_limit=30, at=1000.0)
    assert timed.steps == {2: StepState(limit=30, ends=1030.0)}
    assert answer_refusal(timed.steps, 2, step_count=7, pace="teacher", current=2, now=1029.999) is None
    for now, words in ((1030.0, "arrived as the time ran out"), (1042.4, "arrived 12 s after the time ran out")):
        refused = answer_refusal(timed.steps, 2, step_count=7, pace="teacher", current=2, now=now)
        assert refused is not None and refused.status == 409 and words in refused.reason
        assert "time is up" in refused.reason and "not taken" in refused.reason
    # another step, and another step's limit, are untouched
    assert answer_refusal(timed.steps, 3, step_count=7, pace="self", current=2, now=5000.0) is None
    # a new limit starts again from now; 0 takes it away; a reset or a second round take it away
    again = control(
        timed.steps, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=False, time_limit=60, at=2000.0
    )
    assert again.steps[2] == StepState(limit=60, ends=2060.0)
    gone = control(
        again.steps, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=False, time_limit=0, at=2100.0
    )
    assert gone.steps == {} and answer_refusal(gone.steps, 2, step_count=7, pace="teacher", current=2, now=9e9) is None
    reset = control(again.steps, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=True, at=2001.0)
    assert reset.steps[2] == StepState(resets=1)
    voted = control(again.steps, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=False, round_no=2)
    assert voted.steps[2] == StepState(round=2)


def test_a_time_limit_is_refused_out_of_bounds_on_a_revealed_step_and_while_the_check_is_open():
    for limit in (-1, 601):
        with pytest.raises(ClassError) as refused:
            control({}, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=False, time_limit=limit)
        assert refused.value.status == 422
    with pytest.raises(ClassError) as refused:
        control(
            {2: StepState(revealed=True)},
            2,
            step_count=7,
            step_no=None,
            reveal=None,
            locked=None,
            reset=False,
            time_limit=30,
        )
    assert refused.value.status == 409 and "revealed" in refused.value.reason
    with pytest.raises(ClassError) as refused:
        control(
            {}, 2, step_count=7, step_no=None, reveal=None, locked=None, reset=False, time_limit=30, open_check="before"
        )
    assert refused.value.status == 409


def test_students_take_the_two_forms_in_turn_half_the_class_each_way():
    orders = [form_order(n) for n in range(9)]
    assert orders == ["AB", "BA", "AB", "BA", "AB", "BA", "AB", "BA", "AB"]
    for size in range(1, 40):  # every size of class: the halves differ by one at most
        firsts = [form_order(n) for n in range(size)]
        assert abs(firsts.count("AB") - firsts.count("BA")) <= 1
    # counterbalanced: each order takes the other form after the lesson than before it
    assert [(form_in(o, "before", True), form_in(o, "after", True)) for o in ("AB", "BA")] == [("A", "B"), ("B", "A")]
    assert {form_in(o, p, False) for o in ("AB", "BA") for p in ("before", "after")} == {"A"}  # one form
