"""The store under conditions it used to fail on with a traceback: two processes saving the same match (SQLite
raised IntegrityError where PostgreSQL said the tournament moved on), and a name longer than its column (PostgreSQL
raised DataError). On SQLite always, and on PostgreSQL when one is configured."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy.orm import Session, sessionmaker

from pitchside.store import tournaments
from pitchside.store.db import StoreError, open_db
from pitchside.store.tournaments import StaleTournament, create, load, matches, save_match


def test_two_writers_of_one_match_get_the_stale_message_not_integrity_error(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interleaving of two processes, made deterministic: this one counted the matches before the other
    stored the same match. It used to end in IntegrityError on SQLite."""
    db: sessionmaker[Session] = open_db(db_url)
    game = f"t-{uuid.uuid4().hex[:12]}"
    tid = create(db, name="cup", game=game, seed=1, config={}, snapshot={"n": 0})
    row = {"number": 0, "stage": "group", "label": "m", "home": "a", "away": "b", "home_goals": 0,
           "away_goals": 0, "winner": None, "summary": {}, "record": ""}  # fmt: skip
    save_match(db, tid, row, {"n": 1})  # the other process
    real, seen = tournaments._played, [0]

    def stale_once(s: Session, t: int) -> int:  # what this one saw, before the other committed
        return seen.pop() if seen else real(s, t)

    monkeypatch.setattr(tournaments, "_played", stale_once)
    with pytest.raises(StaleTournament, match="1 matches stored"):
        save_match(db, tid, row, {"n": "twice"})
    monkeypatch.undo()
    assert load(db, tid).snapshot == {"n": 1} and [m.number for m in matches(db, tid)] == [0]


def test_a_name_longer_than_the_column_is_refused_on_every_backend(db_url: str) -> None:
    """PostgreSQL raised a DataError traceback for a name over 200 characters (SQLite kept it)."""
    db: sessionmaker[Session] = open_db(db_url)
    with pytest.raises(StoreError, match="at most 200"):
        create(db, name="x" * 201, game="g", seed=1, config={}, snapshot={})
