"""Discussion groups from round-1 answers: every voter in exactly one group of two or three, and
each group's answers all different whenever no answer is held by more than half the class."""

import random
from collections import Counter

from app.classes.groups import form


def test_groups_hold_different_answers_where_the_class_has_them():
    rng = random.Random(41)
    for _ in range(300):
        n = rng.randint(2, 40)
        kinds = rng.randint(2, 5)
        choices = [rng.randint(1, kinds) for _ in range(n)]
        voted = [(sid, None, ch) for sid, ch in enumerate(choices)]
        groups = form(voted)
        assert sorted(s for g in groups for s in g) == list(range(n))
        assert all(2 <= len(g) <= 3 for g in groups)
        if Counter(choices).most_common(1)[0][1] <= n // 2:
            for g in groups:
                picks = [choices[s] for s in g[:2]]
                assert picks[0] != picks[1], (choices, groups)


def test_point_answers_pair_low_with_high_and_one_voter_is_alone():
    voted = [(1, 5.0, None), (2, 1.0, None), (3, 9.0, None), (4, 3.0, None), (5, 7.0, None)]
    # in order 1, 3, 5, 7, 9 (ids 2, 4, 1, 5, 3): the i-th with the (i + 2)-th, the fifth with the last pair
    assert form(voted) == [[2, 1], [4, 5, 3]]
    assert form([(7, 2.0, None)]) == [[7]] and form([]) == []
