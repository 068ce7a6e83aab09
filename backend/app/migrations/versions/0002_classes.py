"""Live classes: the class, its students, their answers and its events.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("lesson_id", sa.String(64), nullable=False, server_default=""),
        sa.Column("lesson_text", sa.Text(), nullable=False, server_default=""),
        sa.Column("step_count", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("pace", sa.String(8), nullable=False, server_default="teacher"),
        sa.Column("steps", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("teacher_token_sha256", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("active_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "class_students",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("public_id", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40), nullable=False, server_default=""),
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("class_id", "token_sha256"),
    )
    op.create_table(
        "class_answers",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("student_id", sa.Integer(), sa.ForeignKey("class_students.id"), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("value", sa.Float(), nullable=True),
        sa.Column("choice", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("student_id", "step"),
    )
    op.create_index("ix_class_answers_class_step", "class_answers", ["class_id", "step"])
    op.create_table(
        "class_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("teacher_only", sa.Boolean(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
    )
    op.create_index("ix_class_events_class_id", "class_events", ["class_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_class_events_class_id", table_name="class_events")
    op.drop_table("class_events")
    op.drop_index("ix_class_answers_class_step", table_name="class_answers")
    op.drop_table("class_answers")
    op.drop_table("class_students")
    op.drop_table("classes")
