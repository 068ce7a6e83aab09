"""The creation limiter on its own: a token bucket per client and bounded memory (each call is
a dict lookup and an LRU move, constant work by construction)."""

from app.core.limits import RateLimiter


def test_a_bucket_allows_its_limit_then_says_how_long_to_wait():
    r = RateLimiter(3, 60.0)
    assert [r.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = r.take("a")
    assert 0 < wait <= 20.0  # one token comes back every 20 s
    assert r.wait("a") > 0 and r.wait("b") == 0.0


def test_waiting_does_not_use_the_quota():
    r = RateLimiter(1, 60.0)
    for _ in range(5):
        assert r.wait("a") == 0.0
    assert r.take("a") == 0.0 and r.take("a") > 0


def test_memory_is_bounded_and_the_least_recent_client_is_forgotten_first():
    r = RateLimiter(1, 60.0, max_keys=1000)
    for i in range(100_000):
        r.take(f"client {i}")
    assert len(r) == 1000
    assert r.take("client 99999") > 0  # the most recent are remembered
    assert r.take("client 0") == 0.0  # long forgotten: a fresh, full bucket


def test_a_burst_smaller_than_the_limit_caps_what_is_spent_at_once():
    capped, uncapped = RateLimiter(30, 60.0, need=0.0, burst=5), RateLimiter(30, 60.0, need=0.0)
    for r in (capped, uncapped):
        r.charge("a", 6.0)  # more than the burst at once
    assert 1.5 < capped.wait("a") <= 2.0  # a second's debt, paid back at half a second a second
    assert uncapped.wait("a") == 0.0


def test_a_debt_without_a_floor_is_waited_off_in_full():
    floored, unfloored = RateLimiter(60, 60.0), RateLimiter(60, 60.0, max_debt=float("inf"))
    for r in (floored, unfloored):
        r.charge("a", 1000.0)  # what many requests let through at once cost together
    assert 60 < floored.wait("a") <= 61  # forgiven past one window's worth
    assert 940 < unfloored.wait("a") <= 941  # every one paid for (less the full bucket)
