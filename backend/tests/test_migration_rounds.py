"""Migration 0005 (a class answer's round and confidence) on a database that already holds
answers, on SQLite and (in the test command) PostgreSQL: old answers become round 1's, a
student may then answer the same step in round 2, and the downgrade goes back to one answer a
step."""

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.exc import IntegrityError

from app.core.db import _config

from .conftest import database_url


def answer(value: float, *more: tuple[str, int | str]) -> str:
    """An insert of student 1's answer to step 2 of class 1, with columns `more` (name, value)."""
    names = "".join(f", {n}" for n, _ in more)
    values = "".join(f", {v}" for _, v in more)
    return (
        f"INSERT INTO class_answers (class_id, student_id, step, value, at{names})"
        f" VALUES (1, 1, 2, {value}, CURRENT_TIMESTAMP{values})"
    )


def seed(conn: Connection) -> None:
    """Class 1 with its student 1, whose answers `answer` inserts."""
    conn.execute(
        text(
            "INSERT INTO classes (id, code, step_count, teacher_token_sha256, created_at, active_at)"
            " VALUES (1, 'ABCDEF', 3, 'x', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
        )
    )
    conn.execute(
        text(
            "INSERT INTO class_students (id, class_id, public_id, token_sha256, joined_at)"
            " VALUES (1, 1, 'p', 't', CURRENT_TIMESTAMP)"
        )
    )


def seeded(tmp_path_factory, revision: str) -> tuple[Engine, Config]:
    """A database at `revision` holding class 1, its student 1 and their answer 5.0 to step 2."""
    engine = create_engine(database_url(tmp_path_factory))
    cfg = _config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
        seed(conn)
        conn.execute(text(answer(5.0)))
    return engine, cfg


def test_old_answers_become_round_one_and_round_two_fits_beside_them(tmp_path_factory):
    engine, cfg = seeded(tmp_path_factory, "0004")
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0005")
        assert conn.execute(text("SELECT round, confidence FROM class_answers")).all() == [(1, None)]
        conn.execute(text(answer(6.0, ("round", 2), ("confidence", 3))))
    with pytest.raises(IntegrityError), engine.begin() as conn:  # one answer a step and round
        conn.execute(text(answer(7.0, ("round", 2))))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0004")
        assert conn.execute(text("SELECT value FROM class_answers")).scalars().all() == [5.0]
    with pytest.raises(IntegrityError), engine.begin() as conn:  # one answer a step again
        conn.execute(text(answer(8.0)))
    engine.dispose()
