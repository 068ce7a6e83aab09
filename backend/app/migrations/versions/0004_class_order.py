"""A live class's rows carry the transaction that wrote them (`tx`), so joins and answers need
no lock on their class to keep its event streams in order (classes/log.py), and an answer carries
the device's idempotency key, so a retried answer is stored and announced once.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TABLES = ("class_students", "class_answers", "class_events")


def upgrade() -> None:
    # PostgreSQL: the writing transaction's id (xid8 fits a bigint). SQLite has one writer at a
    # time, so its rows' order is their ids' and tx stays 0.
    postgres = op.get_bind().dialect.name == "postgresql"
    default = sa.text("(pg_current_xact_id()::text::bigint)") if postgres else sa.text("0")
    for table in TABLES:
        with op.batch_alter_table(table) as t:
            t.add_column(sa.Column("tx", sa.BigInteger(), nullable=False, server_default=default))
    with op.batch_alter_table("class_answers") as t:
        t.add_column(sa.Column("key", sa.String(64), nullable=True))
    op.create_index("ix_class_events_class_tx", "class_events", ["class_id", "tx", "id"])
    op.drop_index("ix_class_events_class_id", "class_events")


def downgrade() -> None:
    op.create_index("ix_class_events_class_id", "class_events", ["class_id", "id"])
    op.drop_index("ix_class_events_class_tx", "class_events")
    with op.batch_alter_table("class_answers") as t:
        t.drop_column("key")
    for table in reversed(TABLES):
        with op.batch_alter_table(table) as t:
            t.drop_column("tx")
