"""A minimal HTTP/1.1 client on raw asyncio streams for the load benches (`bench/class_load.py`):
a JSON call, and an event stream's events as they come, each with the time it was heard."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import urlsplit


class Http:
    """A minimal HTTP/1.1 client on raw asyncio streams (httpx spent a core on 600 connections,
    which on this 2-core machine starved the server it measured): one connection per request,
    and for an event stream, lines as they come."""

    def __init__(self, url: str, source: str | None = None) -> None:
        u = urlsplit(url)
        self.host, self.port = u.hostname or "127.0.0.1", u.port or 80
        # a loopback address of its own (127.0.0.x): a device's own address as a proxy sees it,
        # and a port range of its own (10,000 streams and 20,000 requests exceed one address's)
        self.local = (source, 0) if source else None

    async def _open(
        self, method: str, path: str, body: Any, headers: dict[str, str]
    ) -> tuple[int, bool, asyncio.StreamReader, asyncio.StreamWriter]:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=1 << 20, local_addr=self.local)
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", "Connection: close", f"Content-Length: {len(data)}"]
        head += [f"{k}: {v}" for k, v in headers.items()] + (["Content-Type: application/json"] if data else [])
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status = int((await reader.readline()).split()[1])
        chunked = False
        while (line := await reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"transfer-encoding:") and b"chunked" in line.lower():
                chunked = True
        return status, chunked, reader, writer

    @staticmethod
    async def _chunks(reader: asyncio.StreamReader, chunked: bool) -> AsyncIterator[bytes]:
        """A body's bytes as they come: de-chunked when sent in chunks (a proxy re-chunks a
        stream as it reads it, so an event may be split over two)."""
        if not chunked:
            while data := await reader.read(1 << 16):
                yield data
            return
        while size := int((await reader.readline()).split(b";")[0] or b"0", 16):
            yield await reader.readexactly(size)
            await reader.readline()  # the chunk's closing CRLF

    async def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        status, chunked, reader, writer = await self._open(method, path, body, headers or {})
        raw = b"".join([chunk async for chunk in self._chunks(reader, chunked)])
        writer.close()
        text = raw.decode()
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    async def listen(
        self, path: str, headers: dict[str, str], heard: Callable[[float, bytes], None], ready: asyncio.Event
    ) -> int | None:
        """An event stream: each event's data, raw, to `heard` with the time it arrived, until the
        server closes it (or the task is cancelled). Returns the response's status (None: no
        response); `ready` is set once it is known, and on any end."""
        loop = asyncio.get_running_loop()
        stream = _EventStream(heard, ready)
        head = [f"GET {path} HTTP/1.1", f"Host: {self.host}", "Connection: close", "Content-Length: 0"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        try:
            transport, _ = await loop.create_connection(lambda: stream, self.host, self.port, local_addr=self.local)
        except OSError:
            ready.set()
            return None
        try:
            transport.write(("\r\n".join(head) + "\r\n\r\n").encode())
            await stream.closed
        finally:
            transport.close()
        return stream.status

    async def events(
        self, path: str, headers: dict[str, str], out: asyncio.Queue[tuple[float, dict[str, Any]]], ready: asyncio.Event
    ) -> None:
        """An event stream's events, parsed, to `out` with the time each arrived; a stream refused
        or broken puts one event of type "refused" with its status."""

        def parsed(t: float, data: bytes) -> None:
            try:
                out.put_nowait((t, json.loads(data)))
            except ValueError as e:
                out.put_nowait((t, {"type": "refused", "status": repr(e)}))

        status = await self.listen(path, headers, parsed, ready)
        if status != 200:
            out.put_nowait((time.perf_counter(), {"type": "refused", "status": status}))


class _EventStream(asyncio.Protocol):
    """One event stream's bytes, read in the event loop's callback as they arrive (no task, no
    await a chunk): the response's head, its chunks, and each event's `data:` as raw bytes to
    `heard` with the time it arrived. A load generator of 10,000 streams on the servers' two cores
    spent most of a reveal's CPU in StreamReader's awaits and in parsing JSON it did not need."""

    def __init__(self, heard: Callable[[float, bytes], None], ready: asyncio.Event) -> None:
        self.heard, self.ready = heard, ready
        self.status: int | None = None
        self.buf = b""  # bytes not yet taken: the head, then the chunked body
        self.text = b""  # the de-chunked body not yet split into events
        self.chunked = False
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.buf += data
        if self.status is None:
            head, sep, rest = self.buf.partition(b"\r\n\r\n")
            if not sep:
                return
            lines = head.split(b"\r\n")
            self.status = int(lines[0].split()[1])
            self.chunked = any(
                h.lower().startswith(b"transfer-encoding:") and b"chunked" in h.lower() for h in lines[1:]
            )
            self.buf = rest
            self.ready.set()
        if self.chunked:
            while (end := self.buf.find(b"\r\n")) >= 0:
                size = int(self.buf[:end].split(b";")[0] or b"0", 16)
                if len(self.buf) < end + 2 + size + 2:
                    break  # (the chunk's bytes are still coming)
                self.text += self.buf[end + 2 : end + 2 + size]
                self.buf = self.buf[end + 2 + size + 2 :]
        else:
            self.text, self.buf = self.text + self.buf, b""
        *events, self.text = self.text.split(b"\n\n")
        for event in events:
            data = [line[5:].strip() for line in event.split(b"\n") if line.startswith(b"data:")]
            if data:
                self.heard(now, b"\n".join(data))

    def connection_lost(self, exc: Exception | None) -> None:
        self.ready.set()  # whoever waits for this stream goes on, heard or not
        if not self.closed.done():
            self.closed.set_result(None)
