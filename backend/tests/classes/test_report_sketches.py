"""A sketched curve in the class report (classes/report.py), from simulated sketches whose errors
are known by hand: each sketch judged by its mean relative error against the model's values at
the question's x values (right within 10 %), and the truth read from the lesson."""

import pytest

from app.classes.report import Vote, judge, mean_relative_error, truth_of
from app.lessons import read_steps
from perfmodels import registry

TRUTHS = (100.0, 200.0, 400.0)


def test_the_mean_relative_error_is_the_mean_of_each_points():
    # 10 % above, 10 % below, twice the model: (0.1 + 0.1 + 1) / 3, as the page computes it
    # (frontend/tests/lesson/sketch.test.ts has the same inputs)
    assert mean_relative_error((110.0, 90.0, 200.0), (100.0, 100.0, 100.0)) == pytest.approx(0.4, abs=1e-12)
    assert mean_relative_error(TRUTHS, TRUTHS) == 0


def test_a_sketch_is_right_within_ten_percent_on_average_and_the_report_carries_the_models_values():
    votes = [
        Vote(1, 1, None, None, 3, (110.0, 180.0, 400.0)),  # (0.1 + 0.1 + 0) / 3: right
        Vote(2, 1, None, None, 3, (100.0, 200.0, 520.0)),  # 0.3 / 3 = 0.1: right, at the edge
        Vote(3, 1, None, None, 3, (50.0, 100.0, 200.0)),  # 0.5: sure and wrong
        Vote(4, 1, None, None, 1, (150.0, 300.0, 600.0)),  # 0.5
    ]
    r = judge(7, "curve", TRUTHS, votes, rounds=1)
    assert (r.rounds[0].answered, r.rounds[0].right, r.rounds[0].confident_wrong) == (4, 2, 1)
    assert r.truth is None and r.truths == list(TRUTHS) and r.rounds[0].right_pct == 50.0


def test_two_rounds_of_sketches_move_toward_the_model_by_their_error():
    votes = [
        Vote(1, 1, None, None, None, (50.0, 100.0, 200.0)),
        Vote(1, 2, None, None, None, (90.0, 200.0, 400.0)),  # 0.5 -> 0.033: toward
        Vote(2, 1, None, None, None, (100.0, 200.0, 400.0)),
        Vote(2, 2, None, None, None, (100.0, 200.0, 800.0)),  # 0 -> 0.33: away
    ]
    r = judge(7, "curve", TRUTHS, votes, rounds=2)
    assert r.shift is not None and (r.shift.toward, r.shift.away, r.shift.same) == (1, 1, 0)
    assert [x.right for x in r.rounds] == [1, 1]


def test_a_curve_steps_truth_is_the_model_at_each_x_and_none_where_the_file_cannot_say():
    text = """
steps:
  - title: A
    state: {system: decnet, knobs: {circuit: CI}, x: link_quota, y: throughput_bps}
    question: {predict: curve, at: [4, 16, 64]}
  - title: B
    state: {system: decnet, knobs: {no_such_knob: 1}, x: link_quota}
    question: {predict: curve, at: [4, 16, 64]}
"""
    a, b = read_steps(text)
    at = [registry.evaluate("decnet", {"circuit": "CI", "link_quota": q}) for q in (4, 16, 64)]
    want = tuple(e["metrics"]["throughput_bps"] for e in at)
    assert a.predict == "curve" and a.xs == (4.0, 16.0, 64.0) and truth_of(a) == want
    assert truth_of(b) is None
