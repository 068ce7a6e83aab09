"""Parallel forms of the concept check and a step's time limit.

A student takes the check's two forms in one of two orders, "AB" or "BA", in turn as they join
(classes/rules.form_order): the students already seated are given theirs here, by the order in
which they joined each class. A step's time limit lives in the class's step states (the `steps`
JSON: `limit` and `ends`, rules.StepState); going back, the limits are taken away, since the code
before this revision reads no such keys.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("class_students") as t:
        t.add_column(sa.Column("forms", sa.String(2), nullable=False, server_default="AB"))
    # every second student of a class, by the order they joined, takes B before A
    op.execute(
        "UPDATE class_students SET forms = 'BA' WHERE (SELECT COUNT(*) FROM class_students AS o"
        " WHERE o.class_id = class_students.class_id AND o.id < class_students.id) % 2 = 1"
    )


def downgrade() -> None:
    db = op.get_bind()
    for id_, steps in db.execute(sa.text("SELECT id, steps FROM classes")).all():
        was = json.loads(steps)
        kept = {n: {k: v for k, v in s.items() if k not in ("limit", "ends")} for n, s in was.items()}
        if kept != was:
            db.execute(sa.text("UPDATE classes SET steps = :s WHERE id = :i"), {"s": json.dumps(kept), "i": id_})
    with op.batch_alter_table("class_students") as t:
        t.drop_column("forms")
