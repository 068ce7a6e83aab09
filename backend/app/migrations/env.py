"""Alembic environment: migrations run against the URL the app was given (see core/db.py)."""

from alembic import context

from app.core.tables import Base

config = context.config
connection = config.attributes.get("connection")

if connection is None:  # command line: `alembic -c backend/alembic.ini upgrade head`
    from sqlalchemy import create_engine

    from app.core.config import settings

    with create_engine(settings.database_url).connect() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
        conn.commit()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
