"""Request ids and structured logs: every response carries an id, every request one JSON log
line with it; an unexpected error is a plain JSON 500 whose traceback stays in the log."""

import json
import logging
import re

from fastapi.testclient import TestClient

from app.core.logs import JsonFormatter


def test_every_response_has_a_request_id(client):
    r = client.get("/api/health")
    assert re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"])
    assert client.get("/api/health", headers={"X-Request-ID": "lb-1234.abc"}).headers["x-request-id"] == "lb-1234.abc"
    hostile = client.get("/api/health", headers={"X-Request-ID": "x" * 65 + "\r\nSet-Cookie: a=b"})
    assert re.fullmatch(r"[0-9a-f]{32}", hostile.headers["x-request-id"])
    assert client.get("/api/nope").headers["x-request-id"]


def test_one_json_line_per_request_with_its_id(client, caplog):
    with caplog.at_level(logging.INFO, logger="memolab.request"):
        r = client.get("/api/models/decnet", headers={"X-Request-ID": "trace-me"})
    rec = [x for x in caplog.records if getattr(x, "request_id", None) == "trace-me"]
    assert len(rec) == 1
    line = json.loads(JsonFormatter().format(rec[0]))
    assert line["request_id"] == "trace-me" and line["message"] == "request"
    assert line["method"] == "GET" and line["path"] == "/api/models/decnet" and line["status"] == 200
    assert line["bytes"] == int(r.headers["content-length"]) and line["ms"] >= 0 and line["level"] == "info"


def test_an_unexpected_error_is_a_json_500_without_a_traceback(make_client, caplog):
    app = make_client().app

    @app.get("/api/test-boom")
    def boom():
        raise RuntimeError("secret internals: password=hunter2")

    with TestClient(app, raise_server_exceptions=False) as c, caplog.at_level(logging.ERROR, logger="memolab.request"):
        r = c.get("/api/test-boom")
    assert r.status_code == 500
    assert r.json() == {"detail": "internal server error", "request_id": r.headers["x-request-id"]}
    assert "hunter2" not in r.text and "Traceback" not in r.text
    assert r.headers["content-security-policy"]  # the security headers still apply
    logged = json.loads(JsonFormatter().format(next(x for x in caplog.records if x.levelno == logging.ERROR)))
    assert logged["request_id"] == r.headers["x-request-id"]
    assert "hunter2" in logged["error"] and "Traceback" in logged["traceback"]


def test_ready_only_with_a_current_schema(client, tmp_path):
    r = client.get("/api/ready")
    assert r.status_code == 200 and r.json()["ready"] is True and r.json()["schema_current"] is True
    # A database that was never migrated is not current.
    from app.core.db import make_engine, schema_is_current

    assert schema_is_current(make_engine(f"sqlite:///{tmp_path / 'empty.sqlite3'}")) is False
