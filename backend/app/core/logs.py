"""Structured logs: one JSON object per line on stderr, every line of a request carrying its
request id; and the middleware that gives each request an id, logs it, and turns an unexpected
exception into a plain 500 (the traceback goes to the log, never to the client)."""

from __future__ import annotations

import contextvars
import json
import logging
import os
import re
import sys
import time
import traceback
from datetime import UTC, datetime

from starlette.types import ASGIApp, Message, Receive, Scope, Send

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
log = logging.getLogger("memolab.request")

_CLIENT_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
_FIELDS = ("request_id", "method", "path", "status", "ms", "bytes")
# made once: json.dumps(..., ensure_ascii=False) builds an encoder on every call
_encode = json.JSONEncoder(ensure_ascii=False).encode


class JsonFormatter(logging.Formatter):
    # the time's text up to its second, made once a second rather than once a line
    _second, _prefix = -1, ""

    def _ts(self, created: float) -> str:
        second = int(created)
        if second != self._second:
            self._second, self._prefix = second, datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        return f"{self._prefix}.{int((created - second) * 1000):03d}+00:00"

    def format(self, record: logging.LogRecord) -> str:
        out = {
            "ts": self._ts(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        rid = getattr(record, "request_id", None) or request_id.get()
        if rid:
            out["request_id"] = rid
        for f in _FIELDS[1:]:
            if hasattr(record, f):
                out[f] = getattr(record, f)
        if record.exc_info and record.exc_info[0] is not None:
            out["error"] = f"{record.exc_info[0].__name__}: {record.exc_info[1]}"
            out["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        return _encode(out)


def configure_logging(level: str = "info") -> None:
    """JSON lines on stderr for the app and for uvicorn (call before starting the server)."""
    # What our lines never print is not gathered for each record (the logging module's own
    # documented switches): the caller's frame, thread and process names. A request's line cost
    # 30 us, a third of a cached read (bench/middleware_cost.py).
    logging._srcfile = None
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


class RequestContext:
    """Outermost middleware: request id (a client's X-Request-ID if it is sane, else a new one),
    echoed in the response; one log line per request; a JSON 500 for anything unexpected."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        # (16 random bytes in hex, as uuid4().hex without its object: a fifth of its cost)
        rid = given if _CLIENT_ID.match(given) else os.urandom(16).hex()
        token = request_id.set(rid)
        start = time.perf_counter()
        status, sent, started = 500, 0, False

        async def send_with_id(message: Message) -> None:
            nonlocal status, sent, started
            if message["type"] == "http.response.start":
                started = True
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode())]
            elif message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception(
                "unhandled error", extra={"request_id": rid, "method": scope["method"], "path": scope["path"]}
            )
            if not started:
                body = json.dumps({"detail": "internal server error", "request_id": rid}).encode()
                await send_with_id(
                    {
                        "type": "http.response.start",
                        "status": 500,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send_with_id({"type": "http.response.body", "body": body})
        finally:
            log.info(
                "request",
                extra={
                    "request_id": rid,
                    "method": scope["method"],
                    "path": scope["path"],
                    "status": status,
                    "ms": round(1000 * (time.perf_counter() - start), 2),
                    "bytes": sent,
                },
            )
            request_id.reset(token)
