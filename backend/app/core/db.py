"""The database engine (SQLite by default, in WAL mode; PostgreSQL via DATABASE_URL) and the
migrations the app applies at start."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy import exc as db_errors

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
# The database away (restarting, a connection dropped, every pooled connection busy): a request
# is answered 503 with Retry-After (api/errors.py), a stream ends and its device reconnects.
AWAY = (db_errors.OperationalError, db_errors.InterfaceError, db_errors.TimeoutError)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:  # WAL: readers never block the writer
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    # As many connections as request threads (anyio's 40): a burst of a class joining at once
    # would otherwise queue for SQLAlchemy's default 5 + 10. While the server is away (a
    # restart), a connection attempt gives up after 5 s and a wait for a pooled one after 10 s,
    # well within a proxy's timeout: the request is then answered 503 (api/errors.py).
    return create_engine(
        url, pool_pre_ping=True, pool_size=10, max_overflow=30, pool_timeout=10, connect_args={"connect_timeout": 5}
    )


_write_locks: dict[int, threading.Lock] = {}
_write_locks_guard = threading.Lock()


@contextmanager
def write_turn(engine: Engine) -> Iterator[None]:
    """Hold while writing. SQLite lets one writer in at a time and makes the others poll, asleep
    for up to 100 ms between tries (the long tail of concurrent saves); so this process's
    writers queue here instead and each goes the moment the last one is done. PostgreSQL takes
    concurrent writers itself: no lock."""
    if engine.dialect.name != "sqlite":
        yield
        return
    with _write_locks_guard:
        lock = _write_locks.setdefault(id(engine), threading.Lock())
    with lock:
        yield


def ping(engine: Engine) -> bool:
    with engine.connect() as conn:
        return conn.execute(text("SELECT 1")).scalar() == 1


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def schema_is_current(engine: Engine) -> bool:
    """Whether the database is at the newest migration (a process behind it is not ready)."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    heads = set(ScriptDirectory.from_config(_config()).get_heads())
    with engine.connect() as conn:
        return set(MigrationContext.configure(conn).get_current_heads()) == heads


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision. Several processes may start at once: on
    PostgreSQL an advisory lock makes them take turns."""
    cfg = _config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(73331)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
