"""Gzip for the API's JSON (datasets, model descriptions, sweeps). Static files are not touched
here: the build compressed them ahead of time (app/static.py), and the Python runtime's zip
archives would gain nothing from another pass."""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send


class ApiGzip:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # Level 6: nearly the size of 9 for a fraction of the CPU on a busy server.
        self.gzip = GZipMiddleware(app, minimum_size=1024, compresslevel=6)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
