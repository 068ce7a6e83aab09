"""A fresh app for each test module: on a temporary SQLite file, or on the PostgreSQL server
named by MEMOLAB_TEST_POSTGRES_URL (the test command starts one), emptied first."""

import os

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from app.core.config import Settings
from app.core.db import make_engine, migrate
from app.main import create_app

from .app_process import stop_all

POSTGRES = os.environ.get("MEMOLAB_TEST_POSTGRES_URL")


# Modules whose app never reads or writes the suite's database (the HTTP protocol, headers, the
# models' and datasets' routes, the caches; the fuzzer's app has a SQLite file of its own): run
# once, on SQLite; on PostgreSQL they would test nothing more and cost the suite's run time.
WITHOUT_DATABASE = [
    "core/test_protocol.py",
    "core/test_limits.py",
    "test_headers.py",
    "test_served.py",
    "test_compute.py",
    "api/test_lru.py",
    "api/test_openapi.py",
    "api/routes/test_models.py",
    "api/routes/test_datasets.py",
    "test_fuzz_api.py",
]
collect_ignore = WITHOUT_DATABASE if POSTGRES else []


def database_url(tmp_path_factory) -> str:
    if POSTGRES:
        engine = create_engine(POSTGRES)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        engine.dispose()
        return POSTGRES
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite3'}"


@pytest.fixture(scope="module")
def make_client(tmp_path_factory):
    """Build a client with settings overrides; every client of a module shares one database."""
    url = database_url(tmp_path_factory)
    clients = []

    def make(**overrides):
        overrides.setdefault("static_dir", tmp_path_factory.mktemp("nodist"))
        overrides.setdefault("create_per_minute", 10_000)
        overrides.setdefault("model_cpu_s_per_minute", 1e9)  # the budget has its own test
        app = create_app(Settings(database_url=url, **overrides))
        c = TestClient(app)
        c.__enter__()
        clients.append(c)
        return c

    yield make
    for c in clients:
        c.__exit__(None, None, None)


@pytest.fixture(scope="module")
def client(make_client):
    return make_client()


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    """A migrated database of this module's own, for tests of the queries without the app."""
    e = make_engine(database_url(tmp_path_factory))
    migrate(e)
    yield e
    e.dispose()


@pytest.fixture(autouse=True)
def _no_app_left_running():
    """Whatever a test does, no app process it started (nor its workers) outlives it."""
    yield
    stop_all()
