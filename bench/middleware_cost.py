"""What each middleware costs a cached scenario read, in process (no network, no server): the
app's whole stack, then the stack without one middleware at a time, microseconds per request
(the best of several rounds). Log lines go to /dev/null as they would to a redirected stderr.
    .venv/bin/python bench/middleware_cost.py [requests per round, default 3000]"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [
    str(Path(__file__).resolve().parents[1] / "backend"),
    str(Path(__file__).resolve().parents[1] / "models"),
]

from fastapi.testclient import TestClient  # noqa: E402

from app.core.config import Settings  # noqa: E402
from app.core.logs import configure_logging  # noqa: E402
from app.main import create_app  # noqa: E402

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
ROUNDS = 7


def _scope(path: str) -> dict[str, Any]:
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000"), (b"user-agent", b"bench")],
        "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 8000),
    }  # fmt: skip


async def _per_request(app: Any, path: str) -> float:
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and message["status"] != 200:
            raise RuntimeError(f"status {message['status']}")

    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(N):
            await app(_scope(path), receive, send)
        best = min(best, (time.perf_counter() - start) / N)
    return best * 1e6


def main() -> None:
    configure_logging("info")
    logging.getLogger().handlers[0].setStream(open(os.devnull, "w"))  # noqa: SIM115
    tmp = Path(tempfile.mkdtemp(prefix="memolab-mw-"))
    app = create_app(Settings(database_url=f"sqlite:///{tmp / 'mw.sqlite3'}", static_dir=tmp / "nodist"))
    client = TestClient(app)
    made = client.post(
        "/api/scenarios",
        json={
            "system": "decnet",
            "knobs": {"link_quota": 32},
            "x": "link_quota",
            "y": "throughput_bps",
            "notes": "n" * 700,
        },
    )
    path = f"/api/scenarios/{made.json()['slug']}"
    client.get(path)  # now cached
    stack = list(app.user_middleware)
    full = asyncio.run(_per_request(app, path))
    print(f"whole stack: {full:.1f} us per cached read ({N} requests x {ROUNDS} rounds, best round)")
    for m in stack:
        app.user_middleware = [x for x in stack if x is not m]
        app.middleware_stack = None  # rebuilt on the next call
        without = asyncio.run(_per_request(app, path))
        print(f"  without {m.cls.__name__:<24} {without:6.1f} us  (it costs {full - without:5.1f})")
    app.user_middleware = stack
    app.middleware_stack = None
    logging.getLogger().setLevel("WARNING")
    print(f"whole stack, log line off: {asyncio.run(_per_request(app, path)):.1f} us")


if __name__ == "__main__":
    main()
