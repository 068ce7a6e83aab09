"""Migration 0010 (the concept check's two forms, a step's time limit) on a database that already
holds a class, on SQLite and (in the test command) PostgreSQL: the seated students get their
order of forms by the order they joined (A then B, B then A, in turn), and the downgrade takes
the time limits out of the step states the code before it reads."""

import json

from alembic import command
from sqlalchemy import text

from .test_migration_rounds import seeded

STUDENT = (
    "INSERT INTO class_students (id, class_id, public_id, token_sha256, joined_at)"
    " VALUES (:i, 1, :p, :t, CURRENT_TIMESTAMP)"
)


def test_seated_students_take_the_orders_in_turn_and_limits_go_on_the_way_back(tmp_path_factory):
    engine, cfg = seeded(tmp_path_factory, "0009")  # student 1 is seated
    with engine.begin() as conn:
        for i in (2, 3, 4, 5):
            conn.execute(text(STUDENT), {"i": i, "p": f"p{i}", "t": f"t{i}"})
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0010")
        forms = conn.execute(text("SELECT forms FROM class_students ORDER BY id")).scalars().all()
        assert forms == ["AB", "BA", "AB", "BA", "AB"]
        steps = {"2": {"revealed": False, "locked": True, "resets": 0, "round": 1, "limit": 30, "ends": 1.5e9}}
        conn.execute(text("UPDATE classes SET steps = :s WHERE id = 1"), {"s": json.dumps(steps)})
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0009")
        kept = json.loads(conn.execute(text("SELECT steps FROM classes")).scalar_one())
        assert kept == {"2": {"revealed": False, "locked": True, "resets": 0, "round": 1}}
        assert "forms" not in conn.execute(text("SELECT * FROM class_students")).keys()
    engine.dispose()
