"""The class report's judging, from simulated classes whose right answers are known: the share
right per round, by confidence, the confident and wrong, and the shift between rounds."""

import random

from app.classes.report import Vote, judge, truth_of
from app.lessons import read_steps
from perfmodels import registry


def test_a_simulated_two_round_choice_class_is_counted_exactly():
    rng = random.Random(7)
    right = 2
    votes, expect = [], {"r1": 0, "r2": 0, "toward": 0, "away": 0, "cw1": 0}
    for sid in range(200):
        a, b = rng.randint(1, 3), rng.randint(1, 3)
        c1 = rng.choice([None, 1, 2, 3])
        votes += [Vote(sid, 1, None, a, c1), Vote(sid, 2, None, b, 2)]
        expect["r1"] += a == right
        expect["r2"] += b == right
        expect["toward"] += a != right and b == right
        expect["away"] += a == right and b != right
        expect["cw1"] += c1 == 3 and a != right
    got = judge(5, "choice", float(right), votes, rounds=2)
    r1, r2 = got.rounds
    assert (r1.answered, r1.right, r1.confident_wrong) == (200, expect["r1"], expect["cw1"])
    assert r1.right_pct == round(100 * expect["r1"] / 200, 1) and r2.right == expect["r2"]
    assert sum(c.answered for c in r1.confidence) == 200
    assert [c.confidence for c in r1.confidence] == [0, 1, 2, 3]
    assert got.shift is not None and (got.shift.toward, got.shift.away) == (expect["toward"], expect["away"])
    assert got.shift.both == 200 == got.shift.toward + got.shift.away + got.shift.same


def test_points_are_right_within_ten_percent_and_an_unknown_truth_judges_nothing():
    votes = [Vote(1, 1, 109.0, None, 3), Vote(2, 1, 111.0, None, 3), Vote(3, 1, 90.0, None, None)]
    r = judge(2, "point", 100.0, votes, rounds=1)
    assert (r.rounds[0].right, r.rounds[0].confident_wrong, r.shift) == (2, 1, None)
    unknown = judge(2, "point", None, votes, rounds=2)
    assert unknown.rounds[0].right is None and unknown.rounds[1].answered == 0 and unknown.shift is None


def test_a_point_steps_truth_is_the_models_value_at_the_question_and_none_for_a_setting_it_cannot_read():
    text = """
steps:
  - title: A
    state: {system: decnet, knobs: {circuit: CI}, x: link_quota, y: throughput_bps}
    question: {predict: point, at: 4}
  - title: B
    state: {system: decnet, knobs: {circuit: [CI, CO]}, x: link_quota}
    question: {predict: point, at: 4}
  - title: C
    state: {system: decnet, knobs: {no_such_knob: 1}, x: link_quota}
    question: {predict: point, at: 4}
  - title: D
    question: {predict: choice, choices: [a, b, c], answer: 3}
"""
    a, b, c, d = read_steps(text)
    want = registry.evaluate("decnet", {"circuit": "CI", "link_quota": 4})["metrics"]["throughput_bps"]
    assert truth_of(a) == want and truth_of(b) is None and truth_of(c) is None and truth_of(d) == 3.0
