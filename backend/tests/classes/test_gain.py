"""What a class learned: the concept check's shares before and after the lesson and the
normalized gain, from simulated classes whose answers are known, against figures worked out by
hand (exact: the gain is computed from the counts as a fraction and rounded once)."""

from app.classes.gain import check_report, gain, share


def answers(right: int, wrong: int) -> list[bool]:
    return [True] * right + [False] * wrong


def test_a_simulated_class_gives_the_gain_worked_out_by_hand():
    # three questions; question 1: 2 of 10 right before, 7 of 9 after (one did not answer);
    # question 2: 4 of 10, then 9 of 10; question 3: all 10 right before, 9 of 10 after
    got = check_report(
        [
            ("point", 240_000.0, answers(2, 8), answers(7, 2)),
            ("choice", 2.0, answers(4, 6), answers(9, 1)),
            ("choice", 2.0, answers(10, 0), answers(9, 1)),
        ]
    )
    q1, q2, q3 = got.questions
    # g = (after - before) / (1 - before): (7/9 - 1/5) / (4/5) = 13/18; (9/10 - 2/5) / (3/5) = 5/6
    assert (q1.before.right_pct, q1.after.right_pct, q1.gain) == (20.0, 700 / 9, 13 / 18)
    assert (q2.before.right_pct, q2.after.right_pct, q2.gain) == (40.0, 90.0, 5 / 6)
    # everyone right before: nothing was left to learn, so g is undefined, and said so
    assert (q3.before.right_pct, q3.gain, q3.gain_note) == (
        100.0,
        None,
        "undefined: everyone was right before the lesson",
    )
    # the class, pooled: 16 of 30 right before, 25 of 29 after; g = (25/29 - 8/15) / (7/15) = 143/203
    assert (got.before.right, got.before.answered, got.after.right, got.after.answered) == (16, 30, 25, 29)
    assert (got.before.right_pct, got.after.right_pct) == (160 / 3, 2500 / 29)
    assert got.gain == 143 / 203 and got.gain_note is None


def test_hakes_figures_and_the_edges_of_the_gain():
    # a class going from 40 % to 69 % right gains 0.48 of what it could (the size of Hake
    # 1998's average for interactive engagement); one from 40 % to 53.8 %, 0.23 (his lectures')
    assert gain(share(40, 100), share(69, 100)).gain == 29 / 60 and round(29 / 60, 2) == 0.48
    assert gain(share(200, 500), share(269, 500)).gain == 0.23
    # a class that got worse has a negative gain; no answers after, or none judged: no gain, why
    assert gain(share(5, 10), share(3, 10)).gain == -0.4
    assert gain(share(5, 10), share(0, 0)).gain_note == "no answers after the lesson"
    assert gain(share(0, 0), share(3, 10)).gain_note == "no answers before the lesson"
    unknown = check_report([("point", None, answers(1, 1), answers(2, 0))])
    assert unknown.questions[0].gain is None and unknown.questions[0].before.right is None
    assert (unknown.before.right, unknown.gain_note) == (None, "no answer the model can judge")
