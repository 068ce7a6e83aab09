"""The app as `python -m app` serves it: oversized headers refused, no interactive docs (they
would load scripts from a CDN) unless asked for, the schema always there."""

import http.client
import socket

from tests.app_process import start_app
from tests.conftest import database_url


def test_oversized_headers_are_refused_and_docs_are_off(tmp_path_factory):
    db = database_url(tmp_path_factory)
    app = start_app(tmp_path_factory.mktemp("app"), ready_path="/api/health", DATABASE_URL=db)
    port = app.port
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", "/api/health", headers={"X-Big": "x" * 8_000})
        assert conn.getresponse().status == 200  # a large but reasonable header is fine
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Huge: " + b"x" * 40_000 + b"\r\n\r\n")
            answer = s.recv(200)
        assert answer.startswith((b"HTTP/1.1 431", b"HTTP/1.1 400")), answer  # refused, never served
        for path, status in [("/docs", 404), ("/redoc", 404), ("/api/openapi.json", 404), ("/openapi.json", 200)]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", path)
            assert conn.getresponse().status == status, path
    finally:
        app.stop(10)
