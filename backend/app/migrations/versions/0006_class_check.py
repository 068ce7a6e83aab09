"""A lesson's concept check in a class: an answer says whether it is a lesson step's or a check
question's before or after the lesson (`phase`), and a student has one answer per phase, step
and round; a class says which phase of the check is open on the phones (`check_phase`).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("class_answers") as t:
        t.add_column(sa.Column("phase", sa.String(8), nullable=False, server_default="lesson"))
        t.drop_constraint("uq_class_answers_student_step_round", type_="unique")
        t.create_unique_constraint("uq_class_answers_student_phase_step_round", ["student_id", "phase", "step", "round"])
    with op.batch_alter_table("classes") as t:
        t.add_column(sa.Column("check_phase", sa.String(8), nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM class_answers WHERE phase <> 'lesson'")
    with op.batch_alter_table("classes") as t:
        t.drop_column("check_phase")
    with op.batch_alter_table("class_answers") as t:
        t.drop_constraint("uq_class_answers_student_phase_step_round", type_="unique")
        t.create_unique_constraint("uq_class_answers_student_step_round", ["student_id", "step", "round"])
        t.drop_column("phase")
