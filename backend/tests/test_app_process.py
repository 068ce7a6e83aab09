"""The suite cannot hang: a test stuck on a child that never writes fails at its time limit, and
an app that never becomes ready fails the start with its log, its whole process group ended."""

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from . import app_process

ROOT = Path(__file__).resolve().parents[2]

STUCK = """
import subprocess, sys

def test_reads_a_child_that_never_writes():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], stdout=subprocess.PIPE)
    try:
        child.stdout.read()  # blocks: the child never writes and never exits
    finally:
        child.kill()
"""


def test_a_test_reading_a_silent_child_fails_at_its_time_limit(tmp_path):
    (tmp_path / "test_stuck.py").write_text(textwrap.dedent(STUCK))
    t0 = time.monotonic()
    # the repository's own pytest.ini, with its limit shortened to 3 s for this run
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pytest.ini"), "-o", "timeout=3", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    took = time.monotonic() - t0
    assert run.returncode == 1, run.stdout[-2000:]
    assert "Timeout" in run.stdout and "1 failed" in run.stdout, run.stdout[-2000:]
    assert took < 60, took


def test_the_suite_sets_a_time_limit(pytestconfig):
    assert float(pytestconfig.getini("timeout")) > 0


def test_an_app_that_is_never_ready_fails_its_start_and_leaves_nothing(tmp_path, monkeypatch):
    made: list[app_process.App] = []
    real = app_process.App
    monkeypatch.setattr(app_process, "START_S", 3.0)
    monkeypatch.setattr(app_process, "App", lambda *a: made.append(real(*a)) or made[-1])
    t0 = time.monotonic()
    with pytest.raises(AssertionError, match="did not answer /api/never within 3 s"):
        app_process.start_app(tmp_path, ready_path="/api/never")
    assert time.monotonic() - t0 < 30
    assert not app_process._running
    # its process group is gone: nothing of it (the app, its model workers) is left
    assert made and not app_process.group_members(made[0].pid)


def test_stopping_an_app_ends_its_model_workers_which_hold_its_stderr(tmp_path):
    app = app_process.start_app(tmp_path)
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while not workers and time.monotonic() < deadline:  # the app warms its workers as it starts
        workers = [p for p in app_process.group_members(app.pid) if p != app.pid]
        time.sleep(0.1)
    assert workers, "the app started no model worker"
    assert all(os.readlink(f"/proc/{w}/fd/2") == str(app.log_path) for w in workers)  # its stderr, inherited
    app.stop()
    assert not app_process.group_members(app.pid)
    assert "Traceback" not in app.log()  # read at once: nobody is waited for
