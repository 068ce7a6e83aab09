"""Units of a user's own table converted to the unit each knob or metric declares."""

import pytest

from perfmodels.units import accepted, factor


@pytest.mark.parametrize(
    ("given", "declared", "expected"),
    [
        ("KB/s", "Kbytes/sec", 1.0),
        ("bytes/s", "Kbytes/sec", 1 / 1024),
        ("MB/s", "K/sec", 1024.0),
        ("KB", "bytes", 1024.0),
        ("Kbytes", "bytes", 1024.0),
        ("bytes", "Kbytes", 1 / 1024),
        ("kbaud", "bit/s", 1000.0),
        ("Mbit/s", "bit/s", 1e6),
        ("Bps", "bit/s", None),  # DECnet's Bps is bytes a second: not a bit rate
        ("bps", "bit/s", 1.0),
        ("s", "ms", 1000.0),
        ("µs", "ms", 1e-3),
        ("us", "ms", 1e-3),
        ("fraction", "%", 100.0),
        ("%", "fraction", 0.01),
        ("", "bytes", 1.0),  # no unit: the declared one
        ("buffers", "buffers", 1.0),
        (" Buffers ", "buffers", 1.0),
    ],
)
def test_conversion(given, declared, expected):
    if expected is None:
        with pytest.raises(ValueError):
            factor(given, declared)
    else:
        assert factor(given, declared) == pytest.approx(expected, rel=1e-12)


def test_a_unit_of_another_kind_is_refused_with_the_units_accepted():
    with pytest.raises(ValueError, match=r"unit 'ms' cannot be converted to Kbytes/sec; units accepted: .*KB/s.*MB/s"):
        factor("ms", "Kbytes/sec")
    with pytest.raises(ValueError, match=r"units accepted: buffers$"):
        factor("KB", "buffers")
    assert "Bps" in accepted("K/sec") and "kbaud" in accepted("bit/s")
