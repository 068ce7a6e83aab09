"""The door of a live class: how often one address may name a class code that no class has (a
guess, or a typo), and why a class code of CODE_LENGTH characters is then long enough.

The limit. Each app process keeps a token bucket per client address (core/limits.py): a request
naming an unknown code (a lookup, a join, any route under /api/classes/{code}) uses one token;
the bucket holds MISSES_BURST and refills at MISSES_PER_S. While it is empty, every request from
that address naming a code is refused (429 with Retry-After), a class's real code too: a refusal
that only came for unknown codes would tell a guesser which codes are real. A known code uses no
token, so a classroom behind one address (a school's NAT) joins at whatever pace its students
type; only its own typos count, far fewer than two a second.

The arithmetic. The alphabet has 31 characters (codes.py), so there are 31^L codes of length L.
A guess hits one of `open_classes` classes with probability at most open_classes / 31^L, whichever
codes are tried. Over a school day of T = 8 h, one address gets at most

    G = MISSES_BURST + MISSES_PER_S * T + K = 20 + 2 * 28,800 + K = 57,620 + K

guesses answered, where K is how many of its requests passed the check at the same moment: each
of those is charged afterwards and the debt has no floor, so concurrency adds K once, not once a
cycle. The expected number of hits into 1,000 open classes is then at most

    E = G * 1,000 / 31^L.

For L = 10 (31^10 = 819,628,286,980,801): E = 57,620,000 / 8.196e14 = 7.0e-8, under the 1e-6 we
ask for, with room to spare: K = 10,000 requests at once gives 8.3e-8, and 14 app processes (each
limits on its own, so an address gets 14 buckets) 9.8e-7. For L = 9, E = 2.2e-6: too many, so 10
is the shortest length that holds. Codes of the old length, 6, give E = 0.065 even behind this
door (a class found one day in fifteen), and with no limit (450 lookups a second, as measured
before the door) 14,600 a day. Codes already handed out keep their 6 characters (the routes
accept both lengths); such a class ends within a day, and every new one has 10.

Across the app. Every miss is also counted in one bucket for the whole process; past
WARN_MISSES_PER_MINUTE a warning goes to the log (at most one a minute), since guesses spread over
many addresses pass each address's limit but not that one.
"""

from __future__ import annotations

import logging

from ..codes import ALPHABET
from ..core.limits import RateLimiter

CODE_LENGTH = 10  # a new class's code (shown as two groups of five)
OLD_CODE_LENGTH = 6  # the codes of classes made before: still found
MISSES_BURST = 20  # unknown codes one address may name at once...
MISSES_PER_S = 2  # ... and then per second
WARN_MISSES_PER_MINUTE = 60  # unknown codes in a minute across the app (per process): a warning
SCHOOL_DAY_S = 8 * 3600
OPEN_CLASSES = 1000

log = logging.getLogger("memolab.classes")


def guesses_in(seconds: float, in_flight: int = 0) -> float:
    """The most guesses one address gets answered in `seconds` from one process (see above)."""
    return MISSES_BURST + MISSES_PER_S * seconds + in_flight


def expected_hits(
    length: int, open_classes: int = OPEN_CLASSES, seconds: float = SCHOOL_DAY_S, in_flight: int = 0, processes: int = 1
) -> float:
    """An upper bound on the classes one address finds by guessing codes of `length` characters
    at the door's limit for `seconds` (the union bound: each guess hits at most one class)."""
    return processes * guesses_in(seconds, in_flight) * open_classes / float(len(ALPHABET)) ** length


class CodeDoor:
    """The limit on unknown codes per address, and their count across the app. Called from the
    event loop only (api/deps.py), so its counts need no lock."""

    def __init__(self) -> None:
        # no floor on the debt: requests let through together are each paid for (see above)
        self.addresses = RateLimiter(MISSES_PER_S * 60, 60.0, burst=MISSES_BURST, max_debt=float("inf"))
        self.app_wide = RateLimiter(WARN_MISSES_PER_MINUTE, 60.0)
        self.warnings = RateLimiter(1, 60.0)
        self.misses = 0  # since the process started
        self.refused = 0
        self._told = (0, 0)  # the counts at the last warning

    def wait(self, address: str) -> float:
        """Seconds until `address` may name a code again (0: now)."""
        wait = self.addresses.wait(address)
        if wait:
            self.refused += 1
        return wait

    def missed(self, address: str) -> None:
        """`address` named a code no class has."""
        self.addresses.charge(address, 1.0)
        self.misses += 1
        if self.app_wide.take("app") and not self.warnings.take("warning"):
            log.warning(
                "unknown class codes: %d tried since the last warning, more than %d a minute across the app"
                " (%d refused); someone may be guessing",
                self.misses - self._told[0],
                WARN_MISSES_PER_MINUTE,
                self.refused - self._told[1],
            )
            self._told = (self.misses, self.refused)
