"""Durability: writers create scenarios while the server is killed with SIGKILL and restarted;
every scenario whose creation was acknowledged must be there afterwards, intact.
Runs on SQLite, and on PostgreSQL when the test command provides one."""

import json
import multiprocessing as mp
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.app_process import App, free_port, start_app
from tests.conftest import database_url

WRITERS = 4


def start_server(folder: Path, port: int, db_url: str) -> App:
    return start_app(
        folder,
        port,
        ready_path="/api/health",
        DATABASE_URL=db_url,
        CREATE_PER_MINUTE="1000000",
        STATIC_DIR="/nonexistent",
    )


def writer(n: int, port: int, out: str, ready: Any, stop: Any, acks: Any) -> None:
    """Create scenarios until told to stop; log each acknowledged one (one line, flushed) and
    count it in `acks`, shared with the test."""
    i = 0
    ready.wait()  # every writer starts together, once all are up (a busy machine starts them slowly)
    with open(out, "a") as log:
        while not stop.is_set():
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
                with urllib.request.urlopen(req, timeout=5) as r:
                    if r.status == 201:
                        slug = json.loads(r.read())["slug"]
                        log.write(json.dumps({"slug": slug, "title": title, "quota": 2 * (1 + i % 32)}) + "\n")
                        log.flush()
                        with acks.get_lock():
                            acks.value += 1
            except (OSError, urllib.error.HTTPError):
                time.sleep(0.02)  # the server is down or restarting: try again


def wait_for(acks: Any, at_least: int, limit_s: float) -> int:
    """Until `acks` reaches at_least (or the time limit, on a very slow machine); its value."""
    deadline = time.monotonic() + limit_s
    while acks.value < at_least and time.monotonic() < deadline:
        time.sleep(0.02)
    return int(acks.value)


# The kill comes after this many acknowledgements, counted from when every writer is running,
# so a loaded machine delays it rather than leaving nothing acknowledged before it.
BEFORE_KILL = 40
AFTER_RESTART = 40


def test_acknowledged_scenarios_survive_sigkill(tmp_path_factory):
    db_url = database_url(tmp_path_factory)
    port = free_port()
    folder = tmp_path_factory.mktemp("app")
    server = start_server(folder, port, db_url)
    logs = [str(tmp_path_factory.mktemp("w") / f"writer{i}.jsonl") for i in range(WRITERS)]
    ctx = mp.get_context("spawn")
    ready, stop, acks = ctx.Event(), ctx.Event(), ctx.Value("i", 0)
    procs = [ctx.Process(target=writer, args=(i, port, logs[i], ready, stop, acks)) for i in range(WRITERS)]
    for p in procs:
        p.start()
    try:
        ready.set()
        before = wait_for(acks, BEFORE_KILL, 60)
        server.proc.send_signal(signal.SIGKILL)  # mid-write, no chance to flush or clean up
        server.proc.wait(10)
        server.kill_group()
        time.sleep(0.3)
        server = start_server(folder, port, db_url)
        wait_for(acks, before + AFTER_RESTART, 60)
        stop.set()
        for p in procs:
            p.join(timeout=30)
    finally:
        stop.set()
        for p in procs:
            if p.is_alive():
                p.kill()
    try:
        assert before > 0, "some creations were acknowledged before the kill"
        acked = [json.loads(line) for f in logs if Path(f).exists() for line in Path(f).read_text().splitlines()]
        assert len(acked) > before, "the writers were acknowledged again after the restart"
        for a in acked:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/scenarios/{a['slug']}", timeout=5) as r:
                s = json.loads(r.read())
            assert s["title"] == a["title"] and s["knobs"]["link_quota"] == a["quota"], a
    finally:
        server.stop(10)
