"""The students' events indexed apart: a student's device reads the class's log for the events
that are not the teacher's only (classes/log.py `now` and `after`). Through the index on every
event, each such read stepped over all the joined and answer events logged before it, so in a
lecture hall each later join's stream read thousands of rows (docs/performance.md). A partial
index holds the students' events alone.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_class_events_students",
        "class_events",
        ["class_id", "tx", "id"],
        # (the predicate as the reads write it, so each database's planner matches the two)
        postgresql_where=sa.text("teacher_only IS false"),
        sqlite_where=sa.text("teacher_only IS 0"),
    )


def downgrade() -> None:
    op.drop_index("ix_class_events_students", "class_events")
