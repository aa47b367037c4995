"""Where the database is, and bringing its schema up to date.

SQLite file in the user's data directory by default (``PITCHSIDE_DATA_DIR`` overrides the
directory); any SQLAlchemy URL in ``PITCHSIDE_DATABASE_URL`` (e.g. PostgreSQL) wins over both.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def data_dir() -> Path:
    explicit = os.environ.get("PITCHSIDE_DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pitchside"


def database_url() -> str:
    url = os.environ.get("PITCHSIDE_DATABASE_URL")
    if url:
        return url
    d = data_dir()
    d.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{d / 'pitchside.sqlite3'}"


def make_engine(url: str | None = None) -> Engine:
    url = url or database_url()
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: object, _record: object) -> None:
            cur = conn.cursor()  # type: ignore[attr-defined]
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")  # a killed writer never corrupts committed rows
            cur.close()

    return engine


def upgrade(engine: Engine) -> None:
    """Apply every Alembic migration the database has not seen yet."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def open_db(url: str | None = None) -> sessionmaker[Session]:
    """An up-to-date database and a session factory for it."""
    engine = make_engine(url)
    upgrade(engine)
    return sessionmaker(engine, expire_on_commit=False)
