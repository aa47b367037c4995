"""The web server under test: a fresh database per test (SQLite always, PostgreSQL too when
PITCHSIDE_TEST_POSTGRES_URL names one: see tests/store/conftest.py) and Starlette's TestClient."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pitchside.web.app import create_app
from pitchside.web.settings import Settings
from tests.store.conftest import db_url  # noqa: F401  (the fixture: one test per database backend)

MakeClient = Callable[..., AbstractContextManager[TestClient]]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def make_client(sqlite_url: str) -> MakeClient:
    """A running server (its lifespan rebuilds stored rooms) on a database; settings as keyword arguments."""

    @contextmanager
    def make(url: str | None = None, **settings: Any) -> Iterator[TestClient]:
        app = create_app(Settings(database_url=url or sqlite_url, **settings))
        with TestClient(app) as client:
            yield client

    return make


@pytest.fixture
def client(make_client: MakeClient) -> Iterator[TestClient]:
    with make_client() as c:
        yield c
