"""Migration 0007 (a class answer's sketch of a curve) on a database that already holds answers,
on SQLite and (in the test command) PostgreSQL: old answers have no sketch, a sketch is stored
beside them, and the downgrade drops the sketches and their column."""

from alembic import command
from sqlalchemy import inspect, text

from .test_migration_rounds import seeded


def test_old_answers_keep_their_value_and_a_sketch_is_stored_beside_them(tmp_path_factory):
    engine, cfg = seeded(tmp_path_factory, "0006")
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0007")
        assert conn.execute(text("SELECT value, sketch FROM class_answers")).all() == [(5.0, None)]
        conn.execute(
            text(
                "INSERT INTO class_answers (class_id, student_id, step, sketch, at)"
                " VALUES (1, 1, 3, '[1.0, 2.0, 3.0]', CURRENT_TIMESTAMP)"
            )
        )
        assert conn.execute(text("SELECT sketch FROM class_answers WHERE step = 3")).scalar() == "[1.0, 2.0, 3.0]"
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0006")
        assert conn.execute(text("SELECT value FROM class_answers")).scalars().all() == [5.0]
        assert "sketch" not in {c["name"] for c in inspect(conn).get_columns("class_answers")}
    engine.dispose()
