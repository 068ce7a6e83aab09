"""A minimal HTTP/1.1 client on raw asyncio streams for the load benches (`bench/class_load.py`):
a JSON call, and an event stream's events as they come, each with the time it was heard."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
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

    async def events(
        self, path: str, headers: dict[str, str], out: asyncio.Queue[tuple[float, dict[str, Any]]], ready: asyncio.Event
    ) -> None:
        writer = None
        try:
            status, chunked, reader, writer = await self._open("GET", path, None, headers)
            if status != 200:
                await out.put((time.perf_counter(), {"type": "refused", "status": status}))
                return
            ready.set()
            data: list[str] = []
            pending = b""
            async for chunk in self._chunks(reader, chunked):
                *lines, pending = (pending + chunk).split(b"\n")
                for line in lines:
                    text = line.decode().rstrip("\r")
                    if text.startswith("data:"):
                        data.append(text[5:].strip())
                    elif text == "" and data:
                        await out.put((time.perf_counter(), json.loads("\n".join(data))))
                        data = []
        except (OSError, ValueError, asyncio.IncompleteReadError) as e:
            await out.put((time.perf_counter(), {"type": "refused", "status": repr(e)}))
        finally:
            ready.set()  # whoever waits for this stream goes on, heard or not
            if writer is not None:
                writer.close()
