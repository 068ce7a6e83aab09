"""The classes' clock: every time a class writes or tells (an answer's time, a step's time
limit, a snapshot's `now`) is read here, so a test sets the time by replacing `now` (no sleeps)."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)
