"""Request limits: the size of a request body, and how fast one client may create things."""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict

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
            await _refuse(send, 431, f"request headers larger than {self.limit} bytes")
            return
        await self.app(scope, receive, send)


class BodySizeLimit:
    """413 for request bodies over the limit, by Content-Length or by counting what arrives.
    `larger`: paths that take more (a lesson file, up to 64 KB of text, JSON-escaped)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.default = limit
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)  # no route reads a GET's body
            return
        limit = self.larger.get(scope["path"], self.default)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _too_large(send, limit)
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
                if seen > limit:
                    # Answer 413 now; the app then sees a client that went away.
                    refused = True
                    await _too_large(send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            if not refused:
                await send(message)

        await self.app(scope, limited_receive, guarded_send)


async def _too_large(send: Send, limit: int) -> None:
    await _refuse(send, 413, f"request body over {limit} bytes")


async def _refuse(send: Send, status: int, detail: str) -> None:
    """A whole JSON error response, sent before the app sees the request."""
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class RateLimiter:
    """At most `limit` events per `window` seconds per key, at most `burst` (default: `limit`)
    at once: a token bucket per key (refilled continuously), O(1) work per request. The keys
    live in an LRU of at most `max_keys`: an idle client's bucket is full again anyway, so
    forgetting the least recent one loses nothing but memory. Per process: with several
    replicas the proxy's own limit also applies (deploy/nginx.conf). `max_debt`: how far
    `charge` may take a bucket below zero (default: one window's worth)."""

    def __init__(
        self,
        limit: float,
        window: float,
        max_keys: int = 10_000,
        need: float = 1.0,
        burst: float | None = None,
        max_debt: float | None = None,
    ) -> None:
        self.limit, self.window, self.max_keys, self.need = limit, window, max_keys, need
        self.rate = limit / window  # tokens per second
        self.burst = float(limit if burst is None else burst)  # the bucket's size
        self.max_debt = float(limit if max_debt is None else max_debt)
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)
        self._lock = threading.Lock()

    def _tokens(self, key: str, now: float) -> float:
        tokens, when = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - when) * self.rate)

    def wait(self, key: str) -> float:
        """Seconds until `key` may act (0: now), without using its quota."""
        with self._lock:
            tokens = self._tokens(key, time.monotonic())
        need = max(self.need, 1e-6)  # a budget (need 0) lets a client act while it is not in debt
        return 0.0 if tokens >= need else (need - tokens) / self.rate

    def take(self, key: str) -> float:
        """Use one event of `key`'s quota: 0 if allowed, else the seconds until one is."""
        now = time.monotonic()
        with self._lock:
            tokens = self._tokens(key, now)
            if tokens < 1:
                return (1 - tokens) / self.rate
            self._buckets[key] = (tokens - 1, now)
            self._buckets.move_to_end(key)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
            return 0.0

    def charge(self, key: str, amount: float) -> None:
        """Use `amount` of `key`'s quota after the fact (a cost known only once paid): the
        bucket may go into debt, down to `max_debt`, and the client waits it off."""
        now = time.monotonic()
        with self._lock:
            tokens = max(-self.max_debt, self._tokens(key, now) - amount)
            self._buckets[key] = (tokens, now)
            self._buckets.move_to_end(key)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)

    def __len__(self) -> int:
        return len(self._buckets)
