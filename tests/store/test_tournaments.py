"""Storing tournaments (store/tournaments.py): one transaction per completed match, the latest, the list, and a
whole World Cup stored match by match that loads back identical. Runs on SQLite, and on PostgreSQL too when
PITCHSIDE_TEST_POSTGRES_URL names a server."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from pitchside.core.record import MatchRecord, replay
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.records import record_book
from pitchside.games.my_world_cup.tournament import WorldCup
from pitchside.sim.worldcup import Played, play_all
from pitchside.store.db import open_db
from pitchside.store.models import Tournament, TournamentMatch
from pitchside.store.tournaments import (
    FINISHED,
    RUNNING,
    NoTournament,
    StaleTournament,
    create,
    list_tournaments,
    load,
    matches,
    save_match,
)


@pytest.fixture
def db(db_url: str) -> sessionmaker[Session]:
    """SQLite, and PostgreSQL when one is configured (tests/store/conftest.py)."""
    return open_db(db_url)


@pytest.fixture
def game() -> str:
    """A game name of this test's own, so tests sharing a PostgreSQL server never see each other's rows."""
    return f"t-{uuid.uuid4().hex[:16]}"


def row(number: int, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": number,
        "stage": "group",
        "label": f"match {number}",
        "home": "esp",
        "away": "bra",
        "home_goals": 1,
        "away_goals": 0,
        "winner": "esp",
        "summary": {"goals": [number]},
        "record": '{"format":"pitchside-record/1"}\n',
    }
    out.update(more)
    return out


def test_create_save_load(db: sessionmaker[Session], game: str) -> None:
    tid = create(db, name="cup", game=game, seed=3, config={"coaches": {}}, snapshot={"played": 0})
    info = load(db, tid)
    assert (info.name, info.game, info.seed, info.status, info.played) == ("cup", game, 3, RUNNING, 0)
    assert info.snapshot == {"played": 0}
    save_match(db, tid, row(0), {"played": 1})
    save_match(db, tid, row(1, winner=None, home_goals=2, away_goals=2), {"played": 2}, finished=True)
    info = load(db, tid)
    assert info.snapshot == {"played": 2} and info.played == 2 and info.status == FINISHED
    got = matches(db, tid)
    assert [(m.number, m.winner, m.home_goals, m.summary) for m in got] == [
        (0, "esp", 1, {"goals": [0]}),
        (1, None, 2, {"goals": [1]}),
    ]


def test_a_match_is_never_stored_twice_or_out_of_order(db: sessionmaker[Session], game: str) -> None:
    """A match number already stored, or one that skips ahead, is refused and changes nothing."""
    tid = create(db, name="cup", game=game, seed=3, config={}, snapshot={"played": 0})
    save_match(db, tid, row(0), {"played": 1})
    with pytest.raises(StaleTournament, match="1 matches stored"):
        save_match(db, tid, row(0), {"played": "again"})
    with pytest.raises(StaleTournament):
        save_match(db, tid, row(2), {"played": "skipped"})
    info = load(db, tid)
    assert info.snapshot == {"played": 1} and [m.number for m in matches(db, tid)] == [0]
    with pytest.raises(NoTournament):
        save_match(db, 10**9, row(0), {})


def test_the_match_and_the_snapshot_are_one_transaction(db: sessionmaker[Session], game: str) -> None:
    """A match row the database refuses leaves the snapshot as it was: both or neither."""
    tid = create(db, name="cup", game=game, seed=3, config={}, snapshot={"played": 0})
    with pytest.raises(IntegrityError):
        save_match(db, tid, row(0, label=None), {"played": 1})  # label is NOT NULL
    assert load(db, tid).snapshot == {"played": 0}
    with db() as s:
        n = s.execute(select(TournamentMatch).where(TournamentMatch.tournament_id == tid)).all()
    assert n == []


def test_latest_and_list(db: sessionmaker[Session], game: str) -> None:
    with pytest.raises(NoTournament):
        load(db, game=game)
    a = create(db, name="a", game=game, seed=1, config={}, snapshot={})
    b = create(db, name="b", game=game, seed=2, config={}, snapshot={})
    assert load(db, game=game).id == b > a
    assert load(db, a, game=game).name == "a"
    with pytest.raises(NoTournament):
        load(db, a, game="another-game")
    assert [t.name for t in list_tournaments(db, game=game)] == ["b", "a"]
    assert {a, b} <= {t.id for t in list_tournaments(db)}


def test_a_whole_world_cup_stored_match_by_match(db: sessionmaker[Session]) -> None:
    """Save after every completed match: the stored snapshot loads back into the same tournament, every match is
    there once, in order, and each record replays to the stored result."""
    cup = WorldCup.new(8, {"me": ["esp"]}, third_place=True)
    tid = create(db, name=cup.name, game=GAME.id, seed=cup.seed, config={}, snapshot=cup.to_json())

    def store(p: Played) -> None:
        save_match(db, tid, p.row(), cup.to_json(), finished=cup.is_over())
        assert load(db, tid).played == p.plan.fixture.number + 1

    play_all(cup, after=store)
    info = load(db, tid)
    assert info.status == FINISHED and info.played == 64
    again = WorldCup.from_json(info.snapshot)
    assert again.to_json() == cup.to_json() and record_book(again) == record_book(cup)
    stored = matches(db, tid)
    assert [m.number for m in stored] == list(range(64))
    for m in stored[::9]:
        rec = MatchRecord.loads(m.record)
        out = replay(rec, GAME).state.outcome()
        assert list(out.scores) == [m.home_goals, m.away_goals]
        assert m.summary["label"] == m.label and m.summary["players"][0] in ("me", "heuristic")
    with db() as s:
        t = s.get(Tournament, tid)
        assert t is not None and t.game == GAME.id
