"""Migration 0008 (a saved scenario's edited model) on a database that already holds scenarios,
on SQLite and (in the test command) PostgreSQL: old scenarios have no edit, an edit is stored
beside them, and the downgrade removes the edited scenarios (kept without their edit, their
links would show another model) and the column."""

from alembic import command
from sqlalchemy import create_engine, inspect, text

from app.core.db import _config

from .conftest import database_url


def scenario(slug: str, edit: str | None = None) -> str:
    return (
        "INSERT INTO scenarios (slug, system, state, models_version, created_at, delete_token_sha256"
        + (", edit" if edit else "")
        + f") VALUES ('{slug}', 'afs', '{{}}', '1', CURRENT_TIMESTAMP, 'x'"
        + (f", '{edit}'" if edit else "")
        + ")"
    )


def test_old_scenarios_have_no_edit_an_edit_is_kept_and_a_downgrade_removes_the_edited(tmp_path_factory):
    engine = create_engine(database_url(tmp_path_factory))
    cfg = _config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0007")
        conn.execute(text(scenario("old-one-0001")))
        command.upgrade(cfg, "0008")
        assert conn.execute(text("SELECT slug, edit FROM scenarios")).all() == [("old-one-0001", None)]
        conn.execute(text(scenario("edited-0001", "80xPSszJyS9P-_")))
        assert conn.execute(text("SELECT edit FROM scenarios WHERE slug = 'edited-0001'")).scalar() == "80xPSszJyS9P-_"
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0007")
        assert conn.execute(text("SELECT slug FROM scenarios")).scalars().all() == ["old-one-0001"]
        assert "edit" not in {c["name"] for c in inspect(conn).get_columns("scenarios")}
    engine.dispose()
