"""A real app process (`python -m app`) for the tests that need one, started so that no test can
hang on it.

Why each choice: the app starts model workers (a forkserver) that inherit its file descriptors
and can outlive it. A test that read the app's stderr through a pipe once blocked forever after
killing the app, because a worker still held the pipe open. So the log goes to a file (reading
it never waits), the app runs in a process group of its own (stopping it ends its workers too),
and every wait has a deadline. On a busy two-core machine an app can take tens of seconds to
answer `/api/ready` while other suites run beside it: the start waits up to START_S (two minutes
unless MEMOLAB_TEST_APP_START_S says otherwise) and fails with the app's own log."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_S = float(os.environ.get("MEMOLAB_TEST_APP_START_S", "120"))
STOP_S = 20.0

_running: list[App] = []  # every app a test started and has not stopped (ended at session end)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class App:
    proc: subprocess.Popen[bytes]
    port: int
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log(self) -> str:
        """What the app has written to stderr so far (never waits for it to finish)."""
        return self.log_path.read_text(errors="replace")

    def stop(self, timeout: float = STOP_S) -> int | None:
        """SIGTERM, then SIGKILL to the whole group if it has not exited within `timeout`; the
        exit status (None if even the group's kill did not reap it, which is then reported)."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            code: int | None = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            code = None
        self.kill_group()
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self.proc.wait(5)
        if self in _running:
            _running.remove(self)
        return code

    def kill_group(self, timeout: float = 5.0) -> None:
        """SIGKILL to what is left of the app's process group (its model workers), then wait up
        to `timeout` for them to be gone."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        deadline = time.monotonic() + timeout
        while group_members(self.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)


def group_members(pgid: int) -> list[int]:
    """The live processes of process group `pgid` (a zombie has ended already)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def start_app(folder: Path, port: int | None = None, ready_path: str = "/api/ready", **env: str) -> App:
    """Start `python -m app` with its log in `folder` and wait until `ready_path` answers 200.
    DATABASE_URL defaults to a SQLite file in `folder` (or the suite's PostgreSQL server)."""
    folder.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    log_path = folder / f"app-{port}-{time.monotonic_ns()}.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app"],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,  # its own process group: stop() ends the workers with it
            env={
                **os.environ,
                "PORT": str(port),
                "HOST": "127.0.0.1",
                "STATIC_DIR": str(folder / "nodist"),
                "DATABASE_URL": os.environ.get("MEMOLAB_TEST_POSTGRES_URL") or f"sqlite:///{folder / 'db.sqlite3'}",
                **env,
            },
        )
    app = App(proc, port, log_path)
    _running.append(app)
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            app.stop()
            raise AssertionError(f"the app exited with {proc.returncode} before it was ready:\n{app.log()[-4000:]}")
        if _answers_200(port, ready_path):
            return app
        time.sleep(0.1)
    app.stop()
    raise AssertionError(f"the app did not answer {ready_path} within {START_S:.0f} s:\n{app.log()[-4000:]}")


def _answers_200(port: int, path: str) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.settimeout(5)  # a started server answers at once; a stuck one must not hold the loop
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            return b" 200 " in s.recv(100)
    except OSError:
        return False


def stop_all() -> None:
    """End every app a test left running (a failed test's, an interrupted session's)."""
    for app in list(_running):
        app.stop(timeout=5)
