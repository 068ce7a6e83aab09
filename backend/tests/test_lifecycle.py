"""The real entrypoint (`python -m app`): JSON log lines on stderr, and a graceful stop. On
SIGTERM the process stops taking connections but finishes a request already in flight."""

import json
import signal
import socket
import time

from .app_process import start_app


def test_sigterm_finishes_the_request_in_flight_then_exits(tmp_path):
    app = start_app(tmp_path)
    proc, port = app.proc, app.port
    body = json.dumps(
        {
            "system": "decnet",
            "knobs": {"link_quota": 8},
            "x": "link_quota",
            "y": "throughput_bps",
            "title": "in flight",
            "notes": "",
            "public": False,
        }
    ).encode()
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(
        b"POST /api/scenarios HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body[:20]
    )
    time.sleep(0.3)  # the server is now reading this request's body
    proc.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    # A stopping server takes no new connections...
    refused = False
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        refused = True
    # ...but the request it had is completed.
    s.sendall(body[20:])
    reply = b""
    while chunk := s.recv(65536):
        reply += chunk
    s.close()
    assert reply.startswith(b"HTTP/1.1 201 "), reply[:200]
    # uvicorn exits by re-raising the signal once every request is done (the status says SIGTERM).
    assert proc.wait(timeout=10) in (0, -signal.SIGTERM)
    assert refused
    app.stop()
    lines = [json.loads(line) for line in app.log().splitlines() if line.strip()]
    assert any(
        x.get("message") == "request" and x.get("path") == "/api/scenarios" and x.get("status") == 201 for x in lines
    )
    assert all({"ts", "level", "logger", "message"} <= x.keys() for x in lines)
