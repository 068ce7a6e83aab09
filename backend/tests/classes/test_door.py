"""The arithmetic behind a class code's length (classes/door.py): at the door's limit, an address
guessing for a whole school day into 1,000 open classes expects fewer than one hit in a million,
and one character fewer would not do."""

import pytest

from app.classes import door
from app.codes import ALPHABET


def test_a_days_guessing_at_the_limit_expects_under_one_hit_in_a_million():
    assert len(ALPHABET) == 31
    assert door.guesses_in(door.SCHOOL_DAY_S) == door.MISSES_BURST + door.MISSES_PER_S * 8 * 3600
    hits = door.expected_hits(door.CODE_LENGTH)
    assert hits < 1e-6
    assert hits == pytest.approx((20 + 2 * 28_800) * 1000 / 31**10)  # 7.0e-8, worked by hand
    assert door.expected_hits(door.CODE_LENGTH - 1) > 1e-6  # the shortest length that holds
    assert door.expected_hits(6) > 0.06  # the old length: a class found one day in fifteen


def test_the_bound_leaves_room_for_requests_in_flight_and_several_processes():
    # requests that passed the check together are all charged (the debt has no floor), so a
    # burst of 10,000 at once adds 10,000 guesses, once
    assert door.expected_hits(door.CODE_LENGTH, in_flight=10_000) < 1e-6
    assert door.expected_hits(door.CODE_LENGTH, processes=14) < 1e-6
