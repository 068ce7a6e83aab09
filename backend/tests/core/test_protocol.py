"""The server's own limit on how long a request's headers may take (slowloris), through the
real entrypoint."""

import socket
import time

from ..app_process import start_app


def _read_all(s: socket.socket) -> bytes:
    out = b""
    while chunk := s.recv(4096):
        out += chunk
    return out


def _read_response(s: socket.socket) -> bytes:
    """One whole response (headers, then Content-Length bytes of body)."""
    out = b""
    while b"\r\n\r\n" not in out:
        out += s.recv(4096)
    head, _, body = out.partition(b"\r\n\r\n")
    length = int(
        next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    )
    while len(body) < length:
        body += s.recv(4096)
    return head + b"\r\n\r\n" + body


def test_headers_that_arrive_too_slowly_get_408_and_the_connection_closes(tmp_path):
    app = start_app(tmp_path, HEADER_TIMEOUT_S="1")
    port = app.port
    try:
        trickle = socket.create_connection(("127.0.0.1", port), timeout=5)
        silent = socket.create_connection(("127.0.0.1", port), timeout=5)
        trickle.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        started = time.monotonic()
        assert _read_all(trickle).startswith(b"HTTP/1.1 408 ")
        assert 0.8 < time.monotonic() - started < 4
        assert _read_all(silent).startswith(b"HTTP/1.1 408 ")  # sent nothing at all
        # A keep-alive connection: the first request is answered; the second, started and left
        # unfinished, times out like the first would have.
        kept = socket.create_connection(("127.0.0.1", port), timeout=5)
        kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _read_response(kept).startswith(b"HTTP/1.1 200 ")
        time.sleep(1.5)  # idle between requests is the keep-alive timer's business (5 s), not this
        kept.sendall(b"GET /api/health HTTP/1.1\r\n")
        assert _read_all(kept).startswith(b"HTTP/1.1 408 ")
        # Headers sent slowly but within the limit are served.
        ok = socket.create_connection(("127.0.0.1", port), timeout=5)
        for part in (b"GET /api/health HTTP/1.1\r\n", b"Host: x\r\n", b"Connection: close\r\n\r\n"):
            ok.sendall(part)
            time.sleep(0.2)
        assert _read_all(ok).startswith(b"HTTP/1.1 200 ")
    finally:
        app.stop(10)
