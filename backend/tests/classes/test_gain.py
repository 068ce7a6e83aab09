"""What a class learned, on matched students: the concept check's figures from hand-worked classes
(matched and unmatched students, a skipped question, everyone right before, a class with
losses), each figure worked out by hand in the comments and compared exactly."""

import math

from app.classes.effect import MIN_STUDENTS, effect
from app.classes.gain import EVERYONE_RIGHT, CheckAnswers, Seat, check_report, gain, share


def klass(truths: list[float | None], before: dict[str, str], after: dict[str, str]) -> CheckAnswers:
    """A class from its students' answers, one letter a question: R right, W wrong, - none.
    Every student named in either phase has joined."""
    names = sorted(set(before) | set(after))
    seats = [Seat(i, f"p{i}", name) for i, name in enumerate(names)]
    right = {
        (phase, q): {s.id: marks[s.name][q - 1] == "R" for s in seats if marks.get(s.name, "-" * 9)[q - 1] != "-"}
        for phase, marks in (("before", before), ("after", after))
        for q in range(1, len(truths) + 1)
    }
    return CheckAnswers(questions=[("choice", t) for t in truths], students=seats, right=right)


def test_a_student_who_skipped_a_question_after_the_lesson_is_left_out_of_it_and_named():
    # pooled, this class read "3 of 6" before and "5 of 5" after; matched, F is out of both
    got = check_report(
        klass([2.0], {s: "R" if s in "ABC" else "W" for s in "ABCDEF"}, {s: "R" for s in "ABCDE"} | {"F": "-"})
    )
    (q,) = got.questions
    assert (q.matched, q.before.right, q.before.answered, q.after.right, q.after.answered) == (5, 3, 5, 5, 5)
    assert (q.missing.before, q.missing.after, q.missing.both) == (0, 1, 0)
    assert (q.gains, q.losses, q.gain) == (2, 0, 1.0)  # D and E; g = (100 - 60) / (100 - 60)
    assert [(m.name, m.missed) for m in got.missing_students] == [("F", "after")]
    assert (q.all_before.right, q.all_before.answered, q.all_after.answered) == (3, 6, 5)  # every answer, apart
    assert (got.joined, got.matched) == (6, 5)


def test_matched_and_unmatched_students_over_three_questions():
    # E skipped question 3 before the lesson; F joined after the check before it
    got = check_report(
        klass(
            [240_000.0, 2.0, 1.0],
            {"A": "RWW", "B": "WWW", "C": "RRW", "D": "WRW", "E": "RR-"},
            {"A": "RRW", "B": "RWR", "C": "RRR", "D": "RRW", "E": "RRR", "F": "RRR"},
        )
    )
    q1, q2, q3 = got.questions
    # question 1: A to E matched; right before A, C, E (60 %), after all five: g = 1, B and D gained
    assert (q1.matched, q1.before.right_pct, q1.after.right_pct, q1.gain, q1.gains, q1.losses) == (5, 60, 100, 1, 2, 0)
    assert q1.missing.model_dump() == {"before": 1, "after": 0, "both": 0}
    # question 2: 3 of 5 then 4 of 5: g = (80 - 60) / 40 = 0.5; A gained
    assert (q2.before.right, q2.after.right, q2.gain, q2.gains) == (3, 4, 0.5, 1)
    # question 3: A to D matched (E and F missed it before): 0 of 4, then 2 of 4, g = 0.5
    assert (q3.matched, q3.before.right, q3.after.right, q3.gain, q3.missing.before) == (4, 0, 2, 0.5, 2)
    # the class: A to D answered all three both times; scores before 1, 0, 2, 1 (4 of 12), after
    # 2, 2, 3, 2 (9 of 12): g = (3/4 - 1/3) / (2/3) = 5/8
    assert (got.joined, got.matched, got.missing.before, got.missing.after) == (6, 4, 2, 0)
    assert [(m.name, m.missed) for m in got.missing_students] == [("E", "before"), ("F", "before")]
    assert (got.before.right, got.before.answered, got.after.right, got.after.answered) == (4, 12, 9, 12)
    assert got.before.right_pct == 100 / 3 and got.after.right_pct == 75.0
    assert got.gain == 5 / 8
    # own gains: A (2-1)/(3-1) = 1/2, B 2/3, C 1, D 1/2: mean 2/3, nobody left out
    assert (got.own_gains.mean, got.own_gains.students, got.own_gains.left_out) == (2 / 3, 4, 0)
    assert (got.gains, got.losses) == (5, 0)
    # four matched students are too few for an effect size, and the report says so
    assert got.effect.d is None and got.effect.words.startswith("too few matched students")
    assert any("too few for an effect size" in n for n in got.notes)


def test_a_class_with_losses_its_gain_its_own_gains_and_its_effect_size():
    before = {"A": "RR", "B": "WW", "C": "RW", "D": "WW", "E": "RR", "F": "WR", "G": "WW", "H": "RW"}
    after = {"A": "RW", "B": "RR", "C": "RR", "D": "WR", "E": "RR", "F": "RW", "G": "WW", "H": "RR"}
    got = check_report(klass([2.0, 3.0], before, after))
    # scores before 2 0 1 0 2 1 0 1 (7 of 16), after 1 2 2 1 2 1 0 2 (11 of 16): g = (4/16) / (9/16)
    assert (got.before.right_pct, got.after.right_pct, got.gain) == (43.75, 68.75, 4 / 9)
    # question 2 had losses: A and F right before and not after; B, C, D, H gained it
    assert [(q.gains, q.losses) for q in got.questions] == [(2, 0), (4, 2)]
    assert (got.gains, got.losses) == (6, 2)
    # own gains: A and E were right on both before (left out); B 1, C 1, D 1/2, F 0, G 0, H 1
    assert (got.own_gains.mean, got.own_gains.students, got.own_gains.left_out) == (7 / 12, 6, 2)
    # d: the mean rose by 0.5; variances 39/56 and 31/56, so s^2 = 70/112 = 5/8 and d = sqrt(2/5)
    assert math.isclose(got.effect.d, math.sqrt(0.4), rel_tol=1e-12)
    assert got.effect.size == "medium" and got.effect.words.startswith("medium: the scores rose by 0.63")
    assert got.effect.low < got.effect.d < got.effect.high
    assert got.notes == []


def test_everyone_right_before_leaves_g_undefined_and_says_so():
    got = check_report(klass([2.0, 1.0], {s: "RR" for s in "ABCDE"}, {s: "RR" for s in "ABCD"} | {"E": "RW"}))
    assert all(q.gain is None and q.gain_note == EVERYONE_RIGHT for q in got.questions)
    assert (got.gain, got.gain_note) == (None, EVERYONE_RIGHT)
    assert got.own_gains.mean is None and got.own_gains.left_out == 5
    assert got.own_gains.note == "every matched student was right on everything before"
    assert any("nothing left to learn" in n for n in got.notes)
    assert got.questions[1].losses == 1
    # the scores fell (E lost one): before they do not spread, after they do, so d has a value
    assert got.effect.d is not None and got.effect.d < 0 and "fell" in got.effect.words


def test_what_the_report_cannot_say():
    # nobody answered after: no matched student
    nobody = check_report(klass([2.0], {"A": "R", "B": "W"}, {}))
    assert (nobody.matched, nobody.gain_note) == (0, "no student answered both before and after the lesson")
    assert nobody.missing.after == 2 and "No student answered every question" in nobody.notes[0]
    # a question the model cannot judge: counted, never judged
    unknown = check_report(klass([None], {"A": "R"}, {"A": "R"}))
    assert (
        unknown.questions[0].before.right is None and unknown.questions[0].gain_note == "no answer the model can judge"
    )
    assert unknown.notes[0].startswith("The model cannot judge any")
    # a class where every student scored alike before and alike after: no spread, no d
    flat = check_report(klass([2.0], {s: "W" for s in "ABCDE"}, {s: "R" for s in "ABCDE"}))
    assert flat.gain == 1.0 and flat.effect.d is None and "no spread" in flat.effect.words


def test_the_interval_of_d_is_the_same_for_the_same_seed():
    pairs = [(2, 1), (0, 2), (1, 2), (0, 1), (2, 2), (1, 1), (0, 0), (1, 2)]
    first, again, other = effect(pairs, seed=7), effect(pairs, seed=7), effect(pairs, seed=8)
    assert (first.low, first.high) == (again.low, again.high) and first.seed == 7
    assert (first.low, first.high) != (other.low, other.high)
    assert first.resamples == 2000 and first.low < first.d < first.high
    assert len(pairs) >= MIN_STUDENTS


def test_hakes_figures_and_the_edges_of_the_gain():
    # a class going from 40 % to 69 % right gains 0.48 of what it could (the size of Hake
    # 1998's average for interactive engagement); one from 40 % to 53.8 %, 0.23 (his lectures')
    assert gain(share(40, 100), share(69, 100)).gain == 29 / 60 and round(29 / 60, 2) == 0.48
    assert gain(share(200, 500), share(269, 500)).gain == 0.23
    assert gain(share(5, 10), share(3, 10)).gain == -0.4  # a class that got worse


def test_an_interval_with_no_upper_end_says_so():
    # five students, three of them alike (1 then 3): in more than 2.5 % of the resamples every
    # student drawn is one of those three, whose scores do not spread but rise: d is infinite there
    got = effect([(1, 3), (1, 3), (3, 3), (1, 1), (1, 3)])
    assert math.isclose(got.d, 1.2 / math.sqrt(0.8), rel_tol=1e-12) and got.size == "large"
    assert got.high is None and got.low is not None and got.low > 0
    assert got.words.endswith("standard deviations (95 % interval " + f"{got.low:.2f} and above, no upper end)")
