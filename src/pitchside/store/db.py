"""Where the database is, checking it, and bringing its schema up to date.

SQLite file in the user's data directory by default (``PITCHSIDE_DATA_DIR`` overrides the
directory); a SQLite or PostgreSQL URL in ``PITCHSIDE_DATABASE_URL`` wins over both.

Everything that can go wrong with the place or the file (a data directory that is a file or cannot be
made, an unsupported URL, a damaged SQLite file, a schema from a newer pitchside, a full disk) is a
:class:`StoreError` that says what is wrong and what to do; a damaged database is never written to.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from pitchside.core.errors import PitchsideError
from pitchside.saves import data_dir

MIGRATIONS = Path(__file__).parent / "migrations"
BACKENDS = ("sqlite", "postgresql")
BUSY_SECONDS = 10  # how long a SQLite writer waits for another process's transaction


class StoreError(PitchsideError):
    """The database cannot be used as asked: the message says why, and what to do."""


def database_url() -> str:
    url = os.environ.get("PITCHSIDE_DATABASE_URL")
    if url:
        return url
    d = data_dir()
    if d.exists() and not d.is_dir():
        raise StoreError(f"the data directory {d} is a file, not a directory (set PITCHSIDE_DATA_DIR to a directory)")
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(
            f"cannot make the data directory {d}: {e.strerror} (set PITCHSIDE_DATA_DIR to a writable directory)"
        ) from None
    return f"sqlite:///{d / 'pitchside.sqlite3'}"


def _shown(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url[:80])


def make_engine(url: str | None = None, power_safe: bool = True) -> Engine:
    """``power_safe`` (SQLite): fsync every commit (``synchronous=FULL``), so a commit outlives a power cut too.
    False: WAL's ``synchronous=NORMAL``, where a commit outlives a killed or crashed process (it is in the WAL
    before the call returns) but the last ones may be rolled back by a power cut; never a damaged file."""
    url = url or database_url()
    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:
        raise StoreError(f"{_shown(url)} is not a database URL (e.g. postgresql+psycopg://user@host/db)") from None
    if backend not in BACKENDS:
        raise StoreError(f"unsupported database URL {_shown(url)}: pitchside stores in SQLite or PostgreSQL")
    try:
        engine = create_engine(url, future=True)
    except (NoSuchModuleError, ModuleNotFoundError) as e:
        raise StoreError(f"cannot use {_shown(url)}: its driver is not installed ({e})") from None
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: object, _record: object) -> None:
            cur = conn.cursor()  # type: ignore[attr-defined]
            cur.execute(f"PRAGMA busy_timeout={BUSY_SECONDS * 1000}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")  # a killed writer never corrupts committed rows
            cur.execute(f"PRAGMA synchronous={'FULL' if power_safe else 'NORMAL'}")
            cur.close()

    return engine


def check(engine: Engine) -> None:
    """Refuse a damaged SQLite file (a quick integrity check of every page) before anything is written to it."""
    if engine.dialect.name != "sqlite":
        return
    where = engine.url.database or "the database"
    try:
        with engine.connect() as conn:
            problems = [str(r[0]) for r in conn.execute(text("PRAGMA quick_check(5)"))]
    except DBAPIError as e:
        problems = [str(e.orig)]
    if problems != ["ok"]:
        raise StoreError(
            f"{where} is damaged ({' '.join(' '.join(problems).split())[:160]}); nothing was written to it. "
            "Move it away to start afresh, or restore a copy"
        )


def upgrade(engine: Engine) -> None:
    """Apply every Alembic migration the database has not seen yet."""
    from alembic import command
    from alembic.config import Config
    from alembic.util.exc import CommandError

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    except CommandError as e:  # e.g. "Can't locate revision identified by '9999'"
        raise StoreError(
            f"the database schema is not one this pitchside knows ({e}): was it made by a newer pitchside?"
        ) from None


def open_db(url: str | None = None, power_safe: bool = True) -> sessionmaker[Session]:
    """A checked, up-to-date database and a session factory for it (``power_safe``: see make_engine)."""
    engine = make_engine(url, power_safe)
    with store_errors(f"cannot open {_shown(str(engine.url))}"):
        check(engine)
        upgrade(engine)
    return sessionmaker(engine, expire_on_commit=False)


@contextmanager
def store_errors(doing: str) -> Iterator[None]:
    """Database failures (full disk, a locked or damaged file, a lost server) as a StoreError saying what failed."""
    try:
        yield
    except (StoreError, IntegrityError):
        raise  # a refused row is the caller's to judge
    except DBAPIError as e:
        if e.connection_invalidated or not isinstance(e.orig, Exception):
            raise StoreError(f"{doing}: {e}") from None
        reason = str(e.orig).strip().splitlines()[0] if str(e.orig).strip() else type(e.orig).__name__
        hint = ""
        if "full" in reason:
            hint = " (free some space: nothing half-written was kept)"
        elif "locked" in reason or "busy" in reason:
            hint = " (is another `pitchside worldcup` writing to it?)"
        elif "malformed" in reason or "not a database" in reason:
            hint = " (the file is damaged: move it away to start afresh, or restore a copy)"
        raise StoreError(f"{doing}: {reason}{hint}") from None
    except SQLAlchemyError as e:
        raise StoreError(f"{doing}: {e}") from None
