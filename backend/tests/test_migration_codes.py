"""Migration 0009 (class codes of 10 characters) on a database that already holds a class, on
SQLite and (in the test command) PostgreSQL, where the column's length is enforced: the old
class keeps its 6-character code, a 10-character one fits beside it, and the downgrade drops the
classes whose code no longer fits, with their rows."""

from alembic import command
from sqlalchemy import text

from .test_migration_rounds import seeded

NEW_CLASS = (
    "INSERT INTO classes (id, code, step_count, teacher_token_sha256, created_at, active_at)"
    " VALUES (2, 'ABCDEFGHJK', 3, 'y', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
)


def test_old_codes_stay_and_long_ones_fit_beside_them(tmp_path_factory):
    engine, cfg = seeded(tmp_path_factory, "0008")
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0009")
        conn.execute(text(NEW_CLASS))
        conn.execute(
            text(
                "INSERT INTO class_students (id, class_id, public_id, token_sha256, joined_at)"
                " VALUES (2, 2, 'q', 'u', CURRENT_TIMESTAMP)"
            )
        )
        assert conn.execute(text("SELECT code FROM classes ORDER BY id")).scalars().all() == ["ABCDEF", "ABCDEFGHJK"]
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0008")
        assert conn.execute(text("SELECT code FROM classes")).scalars().all() == ["ABCDEF"]
        assert conn.execute(text("SELECT class_id FROM class_students")).scalars().all() == [1]
        assert conn.execute(text("SELECT value FROM class_answers")).scalars().all() == [5.0]
    engine.dispose()
