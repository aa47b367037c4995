"""The database: SQLite by default in the data directory, any URL by environment, Alembic schema."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from pitchside.store.db import database_url, make_engine, open_db, upgrade
from pitchside.store.models import Base, Tournament, TournamentMatch


def test_default_is_a_sqlite_file_in_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PITCHSIDE_DATABASE_URL", raising=False)
    monkeypatch.setenv("PITCHSIDE_DATA_DIR", str(tmp_path / "data"))
    assert database_url() == f"sqlite:///{tmp_path / 'data' / 'pitchside.sqlite3'}"
    assert (tmp_path / "data").is_dir()


def test_database_url_wins_over_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PITCHSIDE_DATA_DIR", str(tmp_path / "unused"))
    monkeypatch.setenv("PITCHSIDE_DATABASE_URL", f"sqlite:///{tmp_path / 'other.db'}")
    assert database_url().endswith("other.db")
    assert not (tmp_path / "unused").exists()


def test_migrations_build_exactly_the_models(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    upgrade(engine)  # idempotent
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    assert {"tournaments", "tournament_matches", "alembic_version"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_a_tournament_and_its_matches_round_trip(db_url: str) -> None:
    session = open_db(db_url)
    with session() as s:
        t = Tournament(name="2010", game="my-world-cup", seed=3, config={"coaches": {}}, snapshot={"next": 0})
        t.matches.append(
            TournamentMatch(
                number=0, stage="group", label="A MD1", home="rsa", away="mex",
                home_goals=1, away_goals=1, winner=None, summary={"goals": []}, record="{}\n",
            )
        )  # fmt: skip
        s.add(t)
        s.commit()
        tid = t.id
    with session() as s:
        got = s.get(Tournament, tid)
        assert got is not None
        assert got.snapshot == {"next": 0}
        assert [(m.home, m.away, m.home_goals) for m in got.matches] == [("rsa", "mex", 1)]


def _synchronous(factory: object) -> int:
    with factory() as s:  # type: ignore[operator]
        return int(s.execute(text("PRAGMA synchronous")).scalar_one())


def test_sqlite_syncs_every_commit_unless_told_a_killed_process_is_enough(tmp_path: Path) -> None:
    """FULL (2) for the tournaments' store; the web server's rooms ask NORMAL (1): in WAL mode a commit is still
    written before the call returns (it outlives a killed server), one disk sync fewer per move."""
    from pitchside.web.persist import RoomStore

    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    assert _synchronous(open_db(url)) == 2
    assert _synchronous(open_db(url, power_safe=False)) == 1
    assert _synchronous(RoomStore(url).db) == 1
    assert _synchronous(RoomStore(url, power_safe=True).db) == 2


def test_a_database_of_iteration_budgets_upgrades_to_budgets_in_time(db_url: str) -> None:
    """Migration 0004 (issue 11) adds ``web_seats.seconds``: a room stored before it, with a bot's iteration
    budget, keeps it after the upgrade (its seconds empty), and the new column holds a budget in time."""
    from alembic import command
    from alembic.config import Config

    from pitchside.core.registry import load_game
    from pitchside.store.db import MIGRATIONS
    from pitchside.web.persist import RoomStore
    from pitchside.web.rooms import BotKind, Room

    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")  # the schema before budgets in time
    room = Room.create(load_game("sonic-cup"), {"seats": 2}, 5)
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO web_rooms (id, game, version, config, seed, turn_seconds, status, created_at, updated_at)"
                 " VALUES (:id, 'sonic-cup', :v, :c, 5, 0, 'waiting', :t, :t)"),
            {"id": room.id, "v": room.game.version, "c": json.dumps(room.config), "t": datetime.now(UTC)},
        )  # fmt: skip
        conn.execute(
            text("INSERT INTO web_seats (room_id, seat, name, bot, budget) VALUES (:id, 0, '', 'ismcts', 300)"),
            {"id": room.id},
        )
    assert "seconds" not in {c["name"] for c in inspect(engine).get_columns("web_seats")}
    store = RoomStore(db_url)  # opening the store upgrades the database
    (stored,) = store.load(room_id=room.id)
    assert (stored.seats[0].bot, stored.seats[0].budget, stored.seats[0].seconds) == (BotKind.ISMCTS, 300, None)
    room.set_bot(1, BotKind.ISMCTS, seconds=0.5)
    store.save_seats(room)
    (stored,) = store.load(room_id=room.id)
    assert [(s.budget, s.seconds) for s in stored.seats] == [(None, None), (None, 0.5)]
    store.dispose()
    engine.dispose()
