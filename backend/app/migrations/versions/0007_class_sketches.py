"""A sketched curve as an answer (a lesson's `predict: curve`): its values at the question's x
values, as JSON text beside the point's `value` and the choice.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("class_answers") as t:
        t.add_column(sa.Column("sketch", sa.Text(), nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM class_answers WHERE sketch IS NOT NULL")
    with op.batch_alter_table("class_answers") as t:
        t.drop_column("sketch")
