"""A bounded, thread-safe cache, least recently used first out, with an optional time to live:
for answers that are the same bytes every time (model results, saved scenarios)."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


class Lru(Generic[V]):
    def __init__(self, size: int, ttl: float | None = None) -> None:
        self.size, self.ttl = size, ttl
        self._d: OrderedDict[str, tuple[float, V]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> V | None:
        with self._lock:
            hit = self._d.get(key)
            if hit is None or (self.ttl is not None and hit[0] < time.monotonic()):
                self._d.pop(key, None)
                return None
            self._d.move_to_end(key)
            return hit[1]

    def put(self, key: str, value: V) -> None:
        with self._lock:
            self._d[key] = (time.monotonic() + (self.ttl or 0.0), value)
            self._d.move_to_end(key)
            while len(self._d) > self.size:
                self._d.popitem(last=False)

    def drop(self, key: str) -> None:
        with self._lock:
            self._d.pop(key, None)
