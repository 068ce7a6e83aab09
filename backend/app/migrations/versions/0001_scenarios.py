"""Saved scenarios.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scenarios",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("slug", sa.String(32), nullable=False, unique=True),
        sa.Column("system", sa.String(32), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("title", sa.String(120), nullable=False, server_default=""),
        sa.Column("notes", sa.Text(), nullable=False, server_default=""),
        sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("models_version", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("delete_token_sha256", sa.String(64), nullable=False),
    )
    op.create_index("ix_scenarios_public_system_created", "scenarios", ["public", "system", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_scenarios_public_system_created", table_name="scenarios")
    op.drop_table("scenarios")
