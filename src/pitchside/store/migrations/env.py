"""Alembic environment: run with the connection db.upgrade() hands over (or a URL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from pitchside.store.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    conn = config.attributes.get("connection")
    if conn is not None:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    from pitchside.store.db import database_url

    engine = create_engine(config.get_main_option("sqlalchemy.url") or database_url())
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
