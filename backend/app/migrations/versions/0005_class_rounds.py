"""Peer instruction: an answer carries its round (1, or 2 after the discussion) and how sure the
student was (`confidence`, 1 to 3, or none); a student has one answer per step and round.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# 0002 left the (student, step) constraint unnamed: PostgreSQL named it so; SQLite's batch mode
# finds it through this naming convention.
NAMING = {"uq": "uq_%(table_name)s_%(column_0_name)s_%(column_1_name)s"}


def _old_name() -> str:
    postgres = op.get_bind().dialect.name == "postgresql"
    return "class_answers_student_id_step_key" if postgres else "uq_class_answers_student_id_step"


def upgrade() -> None:
    with op.batch_alter_table("class_answers", naming_convention=NAMING) as t:
        t.add_column(sa.Column("round", sa.Integer(), nullable=False, server_default="1"))
        t.add_column(sa.Column("confidence", sa.Integer(), nullable=True))
        t.drop_constraint(_old_name(), type_="unique")
        t.create_unique_constraint("uq_class_answers_student_step_round", ["student_id", "step", "round"])


def downgrade() -> None:
    op.execute("DELETE FROM class_answers WHERE round <> 1")
    with op.batch_alter_table("class_answers", naming_convention=NAMING) as t:
        t.drop_constraint("uq_class_answers_student_step_round", type_="unique")
        t.create_unique_constraint(_old_name(), ["student_id", "step"])
        t.drop_column("confidence")
        t.drop_column("round")
