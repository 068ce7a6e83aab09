"""Durability: writers create scenarios while the server is killed with SIGKILL and restarted;
every scenario whose creation was acknowledged must be there afterwards, intact.
Runs on SQLite, and on PostgreSQL when the test command provides one."""

import json
import multiprocessing as mp
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.conftest import database_url

WRITERS = 4


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server(port: int, db_url: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "DATABASE_URL": db_url,
        "CREATE_PER_MINUTE": "1000000",
        "STATIC_DIR": "/nonexistent",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "app"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start")


def writer(n: int, port: int, out: str, stop_at: float) -> None:
    """Create scenarios until stop_at; log each acknowledged one (one line, flushed)."""
    i = 0
    with open(out, "a") as log:
        while time.monotonic() < stop_at:
            i += 1
            title = f"writer {n} #{i}"
            body = json.dumps(
                {
                    "system": "decnet",
                    "knobs": {"link_quota": 2 * (1 + i % 32)},
                    "x": "buffer_size",
                    "y": "throughput_bps",
                    "title": title,
                }
            ).encode()
            req = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/scenarios",
                data=body,
                headers={"content-type": "application/json"},
                method="POST",
            )
            try:
                with urllib.request.urlopen(req, timeout=2) as r:
                    if r.status == 201:
                        slug = json.loads(r.read())["slug"]
                        log.write(json.dumps({"slug": slug, "title": title, "quota": 2 * (1 + i % 32)}) + "\n")
                        log.flush()
            except (OSError, urllib.error.HTTPError):
                time.sleep(0.02)  # the server is down or restarting: try again


def test_acknowledged_scenarios_survive_sigkill(tmp_path_factory):
    db_url = database_url(tmp_path_factory)
    port = free_port()
    server = start_server(port, db_url)
    logs = [str(tmp_path_factory.mktemp("w") / f"writer{i}.jsonl") for i in range(WRITERS)]
    stop_at = time.monotonic() + 6.0
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=writer, args=(i, port, logs[i], stop_at)) for i in range(WRITERS)]
    for p in procs:
        p.start()
    try:
        time.sleep(1.5)
        server.send_signal(signal.SIGKILL)  # mid-write, no chance to flush or clean up
        server.wait()
        time.sleep(0.5)
        server = start_server(port, db_url)
        for p in procs:
            p.join(timeout=30)
    finally:
        for p in procs:
            if p.is_alive():
                p.kill()
    try:
        acked = [json.loads(line) for f in logs if Path(f).exists() for line in Path(f).read_text().splitlines()]
        assert len(acked) > 20, "the writers should have been acknowledged many times"
        for a in acked:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/scenarios/{a['slug']}", timeout=5) as r:
                s = json.loads(r.read())
            assert s["title"] == a["title"] and s["knobs"]["link_quota"] == a["quota"], a
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
