"""Request limits: the size of a request body, and how fast one client may create things."""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict, deque

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 16 * 1024
MAX_HEADER_BYTES = 16 * 1024


class HeaderSizeLimit:
    """431 when a request's headers together exceed the limit (the HTTP parser in use, httptools,
    has no such setting of its own; deploy/nginx.conf sets the proxy's)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_HEADER_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and sum(len(k) + len(v) + 4 for k, v in scope.get("headers", [])) > self.limit:
            body = json.dumps({"detail": f"request headers larger than {self.limit} bytes"}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 431,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)


class BodySizeLimit:
    """413 for request bodies over the limit, by Content-Length or by counting what arrives."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        seen = 0
        refused = False

        async def limited_receive() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # Answer 413 now; the app then sees a client that went away.
                    refused = True
                    await _too_large(send, self.limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            if not refused:
                await send(message)

        await self.app(scope, limited_receive, guarded_send)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"detail": f"request body over {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class RateLimiter:
    """At most `limit` events per `window` seconds per key (a sliding window, in this process)."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self._events: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def check(self, key: str) -> float:
        """Record an event; return 0 if allowed, else the seconds until one is allowed again."""
        now = time.monotonic()
        with self._lock:
            q = self._events[key]
            while q and q[0] <= now - self.window:
                q.popleft()
            if len(q) >= self.limit:
                wait: float = q[0] + self.window - now
                return wait
            q.append(now)
            if len(self._events) > 100_000:  # forget idle clients rather than grow without bound
                for k in [k for k, v in self._events.items() if not v][:50_000]:
                    del self._events[k]
            return 0.0
