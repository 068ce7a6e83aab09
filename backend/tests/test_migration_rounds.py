"""Migration 0005 (a class answer's round and confidence) on a database that already holds
answers, on SQLite and (in the test command) PostgreSQL: old answers become round 1's, a
student may then answer the same step in round 2, and the downgrade goes back to one answer a
step."""

import pytest
from alembic import command
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from app.core.db import _config

from .conftest import database_url, seed_class


def answer(value: float, *more: tuple[str, int]) -> str:
    """An insert of student 1's answer to step 2 of class 1, with columns `more` (name, value)."""
    names = "".join(f", {n}" for n, _ in more)
    values = "".join(f", {v}" for _, v in more)
    return (
        f"INSERT INTO class_answers (class_id, student_id, step, value, at{names})"
        f" VALUES (1, 1, 2, {value}, CURRENT_TIMESTAMP{values})"
    )


def test_old_answers_become_round_one_and_round_two_fits_beside_them(tmp_path_factory):
    engine = create_engine(database_url(tmp_path_factory))
    cfg = _config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0004")
        seed_class(conn)
        conn.execute(text(answer(5.0)))
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
