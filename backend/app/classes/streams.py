"""Open event streams, bounded, so that one device cannot hold the server hostage: a few per
device token (a reconnect replaces the oldest, which is closed), a cap per client address (a
lecture hall behind one address fits under it) and a total per process; past a cap the request
is refused with a clear status and Retry-After before the stream starts."""

from __future__ import annotations

import json
import re
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from .bus import Wake
from .rules import ClassError

RETRY_S = 5  # a refused device tries again after this many seconds


@dataclass(eq=False)
class Slot:
    """One open stream: who holds it, and the wake that tells it to close (replaced). (Made in
    the event loop: by the route's dependency.)"""

    token: str
    address: str
    closed: Wake = field(default_factory=Wake)


class StreamSlots:
    def __init__(self, per_token: int, per_address: int, total: int) -> None:
        self.per_token, self.per_address, self.total = per_token, per_address, total
        self._by_token: dict[str, deque[Slot]] = defaultdict(deque)
        self._by_address: dict[str, int] = defaultdict(int)
        self._open = 0

    @property
    def open(self) -> int:
        return self._open

    def refusal(self, address: str) -> ClassError | None:
        """Why a new stream from `address` would be refused now, if it would."""
        if self._by_address.get(address, 0) >= self.per_address:
            return ClassError(429, f"too many open streams from this address; try again in {RETRY_S} s", RETRY_S)
        if self._open >= self.total:
            return ClassError(503, f"this server holds as many streams as it can; try again in {RETRY_S} s", RETRY_S)
        return None

    def take(self, token: str, address: str) -> Slot:
        """A slot for a new stream, or ClassError (429 for this address, 503 for this process)."""
        mine = self._by_token[token]
        # the device's own oldest stream makes room first: a reconnect replaces it
        while len(mine) >= self.per_token:
            self._close(mine[0])
        if refused := self.refusal(address):
            raise refused
        slot = Slot(token, address)
        mine.append(slot)
        self._by_address[address] += 1
        self._open += 1
        return slot

    def give_back(self, slot: Slot) -> None:
        """The stream ended (closed, replaced, or the device went away)."""
        mine = self._by_token.get(slot.token)
        if mine is None or slot not in mine:
            return
        mine.remove(slot)
        if not mine:
            del self._by_token[slot.token]
        self._by_address[slot.address] -= 1
        if not self._by_address[slot.address]:
            del self._by_address[slot.address]
        self._open -= 1

    def _close(self, slot: Slot) -> None:
        slot.closed.set()
        self.give_back(slot)


EVENTS_PATH = re.compile(r"^/api/classes/[^/]+/events$")


class StreamGate:
    """Refuse a stream past the caps before anything else is done for it (routing, checks):
    a flood of thousands from one address then costs the server little, and its other requests
    keep their pace. (The route takes the place itself; this only turns away the obvious.)"""

    def __init__(self, app: Any, slots: StreamSlots) -> None:
        self.app, self.slots = app, slots

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and EVENTS_PATH.match(scope["path"]):
            address = scope["client"][0] if scope.get("client") else ""
            if refused := self.slots.refusal(address):
                body = json.dumps({"detail": refused.reason}).encode()
                headers = [(b"content-type", b"application/json"), (b"retry-after", str(refused.retry_after).encode())]
                await send({"type": "http.response.start", "status": refused.status, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
