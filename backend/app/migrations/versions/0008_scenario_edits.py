"""A saved scenario may keep an edited model: the edit packed as a link's fragment carries it
(deflate-raw, base64url), for an edit too long for a link. Opaque text beside the view.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("scenarios") as t:
        t.add_column(sa.Column("edit", sa.Text(), nullable=True))


def downgrade() -> None:
    # a scenario without its edit would show another model under the same link: it goes (its
    # link then says it was deleted) rather than change
    op.execute("DELETE FROM scenarios WHERE edit IS NOT NULL")
    with op.batch_alter_table("scenarios") as t:
        t.drop_column("edit")
