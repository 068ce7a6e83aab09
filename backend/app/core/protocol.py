"""The HTTP protocol the server speaks: uvicorn's (httptools) with a time limit on reading a
request's line and headers. uvicorn has no such setting: a client that opens connections and
sends its headers a byte at a time (slowloris) would hold each one forever. Past the limit the
connection gets a 408 and is closed. Behind the proxy, deploy/nginx.conf sets its own."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

TIMEOUT_408 = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


class HeadTimeLimit(HttpToolsProtocol):
    head_timeout_s = 10.0  # set from the settings before the server starts (see __main__.py)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout_s, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.write(TIMEOUT_408)
            self.transport.close()

    # The clock runs from the connection's start until its first request's headers are in,
    # then from each further request's first byte until its headers are in.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
