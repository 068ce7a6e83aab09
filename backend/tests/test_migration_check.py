"""Migration 0006 (the concept check's phase of an answer, and the check open in a class) on a
database that already holds answers, on SQLite and (in the test command) PostgreSQL: old answers
become the lesson's, a check question's answer fits beside a lesson step's of the same number,
and the downgrade drops the check's answers and goes back to one answer a step and round."""

import pytest
from alembic import command
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from .test_migration_rounds import answer, seeded


def test_old_answers_become_the_lessons_and_a_check_answer_fits_beside_them(tmp_path_factory):
    engine, cfg = seeded(tmp_path_factory, "0005")
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0006")
        assert conn.execute(text("SELECT phase FROM class_answers")).scalars().all() == ["lesson"]
        assert conn.execute(text("SELECT check_phase FROM classes")).scalars().all() == [None]
        conn.execute(text(answer(6.0, ("phase", "'before'"))))
        conn.execute(text(answer(7.0, ("phase", "'after'"))))
    with pytest.raises(IntegrityError), engine.begin() as conn:  # one answer a phase, step and round
        conn.execute(text(answer(8.0, ("phase", "'before'"))))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0005")
        assert conn.execute(text("SELECT value FROM class_answers")).scalars().all() == [5.0]
    with pytest.raises(IntegrityError), engine.begin() as conn:  # one answer a step and round again
        conn.execute(text(answer(9.0)))
    engine.dispose()
