"""Response headers set on every response: a strict Content-Security-Policy, and more.

Cross-origin isolation (COOP + COEP) lets the page share memory with its model worker, which is
how a knob move is answered within one frame (see frontend/src/runtime/protocol.ts). Every
resource the app loads is its own, so isolation costs nothing.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# No inline script anywhere; Pyodide needs to compile WebAssembly ('wasm-unsafe-eval'); charts
# export through blob: URLs; nothing is loaded from another origin.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
]


class SecurityHeaders:
    """Pure ASGI middleware (no per-request task switching, unlike BaseHTTPMiddleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeadAsGet:
    """HEAD on an /api path answered as its GET would be, without the body (uptime monitors
    and caches use HEAD; FastAPI's routes only know GET). The frontend's routes take HEAD
    themselves."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD" or not scope["path"].startswith("/api"):
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)
