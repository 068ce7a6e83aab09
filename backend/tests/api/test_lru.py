"""The bounded answer cache: least recently used first out, entries expire after their TTL."""

import time

from app.api.lru import Lru


def test_least_recently_used_goes_first():
    c: Lru[int] = Lru(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.get("a") == 1  # "b" is now the least recently used
    c.put("c", 3)
    assert (c.get("a"), c.get("b"), c.get("c")) == (1, None, 3)
    c.drop("a")
    assert c.get("a") is None


def test_entries_expire():
    c: Lru[str] = Lru(10, ttl=0.05)
    c.put("k", "v")
    assert c.get("k") == "v"
    time.sleep(0.08)
    assert c.get("k") is None
