"""Database URLs for the store tests: a fresh SQLite file always, and a real PostgreSQL when
PITCHSIDE_TEST_POSTGRES_URL names one (.ci/run starts a local server and sets it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

POSTGRES = os.environ.get("PITCHSIDE_TEST_POSTGRES_URL")
BACKENDS = ["sqlite", *(["postgresql"] if POSTGRES else [])]


def _fresh_postgres(worker: str) -> str:
    """A database of this test worker's own, emptied: xdist workers never share one."""
    assert POSTGRES is not None
    base = make_url(POSTGRES)
    name = f"{base.database}_{worker}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'pitchside.sqlite3'}"
    else:
        yield _fresh_postgres(os.environ.get("PYTEST_XDIST_WORKER", "main"))
