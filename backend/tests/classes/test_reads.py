"""What a device is shown of a class (classes/reads.py), without a database: a large class's
spread of values."""

from app.classes.reads import SPREAD_VALUES, ranks


def test_a_large_class_reveal_carries_its_order_statistics_not_every_value():
    values = [float(v) for v in range(10_000)]
    sent = ranks(values, SPREAD_VALUES)
    assert len(sent) == SPREAD_VALUES and sent[0] == 0 and sent[-1] == 9_999 and sent == sorted(sent)
    assert sent[(SPREAD_VALUES - 1) // 2] in (4_999, 5_000)  # the median's rank
    assert ranks(values[:50], SPREAD_VALUES) == values[:50]  # a small class's, every value
