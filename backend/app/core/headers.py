"""Response headers set on every response: a strict Content-Security-Policy, and more (an /api
answer, data, a shorter set).

Cross-origin isolation (COOP + COEP) lets the page share memory with its model worker, which is
how a knob move is answered within one frame (see frontend/src/runtime/protocol.ts). Every
resource the app loads is its own, so isolation costs nothing.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# No inline script anywhere; Pyodide needs to compile WebAssembly ('wasm-unsafe-eval'); charts
# export through blob: URLs; nothing is loaded from another origin.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

# The rest of the headers; a response that sets its own policy (the sandbox's) keeps it.
OTHER_HEADERS = [
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
]
HEADERS = [(b"content-security-policy", CSP.encode()), *OTHER_HEADERS]

# An /api answer is data, never a document or a worker: the page's policy and its isolation
# headers do nothing there, and each costs bytes on every answer (over HTTP/1.1 a phone in a
# class receives them on each of its 20-odd requests). A data answer gets a short policy: the
# `frame-ancestors 'none'` and `nosniff` OWASP's REST cheat sheet asks of every API answer, with
# `default-src 'none'` so that nothing runs should it be opened as a page; and it keeps the
# same-origin resource policy (no reading it from another origin).
API_HEADERS = [
    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
]


def sandbox_csp(html: str) -> str:
    """The policy of the edited model's sandbox (public/sandbox.html): no network of any kind
    (`default-src 'none'`, connect-src included), its own inline script allowed by hash and the
    worker and runtime it builds from what the page sends (blob:), an opaque origin even when
    opened on its own (`sandbox allow-scripts`), framed only by the app."""
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts)
    return (
        f"default-src 'none'; script-src {hashes} blob: 'wasm-unsafe-eval'; worker-src blob:; "
        "connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-scripts"
    )


class SecurityHeaders:
    """Pure ASGI middleware (no per-request task switching, unlike BaseHTTPMiddleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                own = list(message.get("headers", []))
                has_csp = any(k.lower() == b"content-security-policy" for k, _ in own)
                message["headers"] = own + (API_HEADERS if api else OTHER_HEADERS if has_csp else HEADERS)
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
