"""Class codes of 10 characters (classes/door.py says why): the column grows from 6; the codes
already handed out stay as they are and keep working.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("classes") as t:
        t.alter_column("code", type_=sa.String(10), existing_type=sa.String(6), existing_nullable=False)


def downgrade() -> None:
    # a class with a long code has no code the old column can hold: it goes, with all of its rows
    long = "SELECT id FROM classes WHERE LENGTH(code) > 6"
    for table in ("class_events", "class_answers", "class_students"):
        op.execute(f"DELETE FROM {table} WHERE class_id IN ({long})")
    op.execute("DELETE FROM classes WHERE LENGTH(code) > 6")
    with op.batch_alter_table("classes") as t:
        t.alter_column("code", type_=sa.String(6), existing_type=sa.String(10), existing_nullable=False)
