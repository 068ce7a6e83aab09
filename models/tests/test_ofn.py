"""The OFN lookup model: the memo's worked example, and counts that include the entry found."""

import pytest

import perfmodels


def ev(**k):
    return perfmodels.evaluate("ofn", k)["metrics"]


def test_the_memos_worked_example():
    """A failing hashed search at MAXSPL 300 with 59 chains walks about 5 entries (memo); a
    found one passes about 2.5 before it (memo: its MAXSPL / (HS * 2) counts those), and
    compares one more, the entry itself."""
    r = ev(method="hash", open_ofns=300, hash_size=59)
    assert r["lookups_miss"] == pytest.approx(5, rel=0.05)
    assert r["lookups_passed"] == pytest.approx(2.5, rel=0.05)
    assert r["lookups_hit"] == pytest.approx(1 + 299 / 118)
    assert r["lookups_hit"] - r["lookups_passed"] == 1
    lin = ev(method="linear", open_ofns=300, hit_position=0.67)
    assert lin["lookups_miss"] == 300 and lin["lookups_hit"] == pytest.approx(1 + 0.67 * 299)


def test_a_found_entry_costs_at_least_one_lookup():
    assert ev(method="hash", open_ofns=1, hash_size=1024)["lookups_hit"] == 1
    assert ev(method="linear", open_ofns=1)["lookups_hit"] == 1
    assert ev(method="linear", open_ofns=2)["lookups_hit"] == pytest.approx(1.5)  # (N + 1) / 2
    # and passes none when it is the only entry
    assert ev(method="hash", open_ofns=1, hash_size=1024)["lookups_passed"] == 0


def test_hashing_beats_the_scan_once_there_is_a_table_to_scan():
    for n in (10, 300, 2000):
        assert ev(method="hash", open_ofns=n)["lookups_miss"] < ev(method="linear", open_ofns=n)["lookups_miss"]
