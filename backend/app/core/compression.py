"""Gzip for the API's JSON (datasets, model descriptions, sweeps). Static files are not touched
here: the build compressed them ahead of time (app/static.py), and the Python runtime's zip
archives would gain nothing from another pass."""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

VARY = (b"vary", b"Accept-Encoding")


class ApiGzip:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # Level 6: nearly the size of 9 for a fraction of the CPU on a busy server.
        self.gzip = GZipMiddleware(app, minimum_size=1024, compresslevel=6)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        if any(name == b"accept-encoding" and b"gzip" in value for name, value in scope["headers"]):
            await self.gzip(scope, receive, send)
            return

        # A client that takes no gzip gets the body as is; only the Vary header (for caches
        # between) is added. Cheaper than Starlette's pass-through, which parses every response.
        async def send_with_vary(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), VARY]
            await send(message)

        await self.app(scope, receive, send_with_vary)
