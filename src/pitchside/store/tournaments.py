"""Storing tournaments: create one, save it after every completed match, load the latest, list them.

Game-agnostic: a tournament is its snapshot (JSON) and its completed matches (record + summary). Saving a
match is ONE transaction: the match row and the new snapshot are written together or not at all, so a
process killed at any moment leaves either the tournament before that match or after it, never half. A
match number already stored (another process, or a replay of the same match) is refused, never stored twice.

What is read back is checked: a snapshot or config that is not JSON (a damaged or hand-edited row) is a StoreError
naming the tournament, never a traceback; ``list_tournaments`` marks such a row ``damaged`` and lists the rest.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import CursorResult, Text, cast, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from pitchside.core.errors import DataError
from pitchside.core.strictjson import loads
from pitchside.store.db import StoreError, store_errors
from pitchside.store.models import Tournament, TournamentMatch

RUNNING, FINISHED, DAMAGED = "running", "finished", "damaged"
NAME_LIMIT = 200  # the column's width (PostgreSQL refuses longer; SQLite would keep it)


class StaleTournament(StoreError, RuntimeError):
    """The match does not follow the stored tournament (already saved, or saved out of order)."""


class NoTournament(StoreError, LookupError):
    pass


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    name: str
    game: str
    seed: int
    config: dict[str, Any]
    snapshot: dict[str, Any]
    status: str
    played: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class MatchInfo:
    number: int
    stage: str
    label: str
    home: str
    away: str
    home_goals: int
    away_goals: int
    winner: str | None
    summary: dict[str, Any]
    record: str


def create(
    db: sessionmaker[Session],
    *,
    name: str,
    game: str,
    seed: int,
    config: Mapping[str, Any],
    snapshot: Mapping[str, Any],
) -> int:
    """A new tournament before its first match; its id."""
    if len(name) > NAME_LIMIT or len(game) > 40:
        raise StoreError(f"a tournament name has at most {NAME_LIMIT} characters, a game id 40")
    if not -(2**31) <= seed < 2**31:
        raise StoreError("a tournament seed must fit in 32 bits")
    with store_errors("cannot store the new tournament"), db.begin() as s:
        t = Tournament(name=name, game=game, seed=seed, config=dict(config), snapshot=dict(snapshot), status=RUNNING)
        s.add(t)
        s.flush()
        return t.id


def save_match(
    db: sessionmaker[Session],
    tournament_id: int,
    row: Mapping[str, Any],
    snapshot: Mapping[str, Any],
    *,
    finished: bool = False,
) -> None:
    """Store completed match ``row`` (the TournamentMatch columns: number, stage, label, home, away, home_goals,
    away_goals, winner, summary, record) and the tournament's snapshot after it, in one transaction."""
    number = row["number"]
    try:
        with store_errors(f"cannot save match {number + 1} of tournament {tournament_id}"), db.begin() as s:
            # Write the tournament row first: that takes the write lock (SQLite's database lock, PostgreSQL's row
            # lock) before the count is read, so two processes saving the same match cannot both see it missing.
            lock = update(Tournament).where(Tournament.id == tournament_id).values(status=Tournament.status)
            touched = typing.cast("CursorResult[Any]", s.execute(lock)).rowcount
            if not touched:
                raise NoTournament(f"no tournament {tournament_id}")
            count = _played(s, tournament_id)
            if number != count:
                raise StaleTournament(
                    f"tournament {tournament_id} has {count} matches stored; match {number} cannot follow"
                )
            s.add(TournamentMatch(tournament_id=tournament_id, **row))
            s.flush()
            s.execute(
                update(Tournament)
                .where(Tournament.id == tournament_id)
                .values(snapshot=dict(snapshot), status=FINISHED if finished else RUNNING)
            )
    except IntegrityError:
        # The unique (tournament, number) refused it: someone stored this match meanwhile. Any other refusal
        # (a bad row) is the caller's to see.
        with db() as s:
            stored = _played(s, tournament_id)
        if stored > number:
            raise StaleTournament(
                f"tournament {tournament_id} has {stored} matches stored; match {number} cannot follow"
            ) from None
        raise


def _played(s: Session, tournament_id: int) -> int:
    q = select(func.count()).select_from(TournamentMatch).where(TournamentMatch.tournament_id == tournament_id)
    return int(s.scalar(q) or 0)


# The JSON columns are read as text and parsed here, strictly: a damaged row must not stop the rest.
_COLUMNS = (
    Tournament.id,
    Tournament.name,
    Tournament.game,
    Tournament.seed,
    cast(Tournament.config, Text),
    cast(Tournament.snapshot, Text),
    Tournament.status,
    Tournament.created_at,
    Tournament.updated_at,
)


def _info(s: Session, r: Any, strict: bool) -> TournamentInfo:
    tid, name, game, seed, config_text, snapshot_text, status, created, updated = r
    try:
        config, snapshot = (_json_object(x, f"tournament {tid}", col) for x, col in
                            ((config_text, "config"), (snapshot_text, "snapshot")))  # fmt: skip
    except DataError as e:
        if strict:
            raise StoreError(f"tournament {tid} is damaged: {e}") from None
        config, snapshot, status = {}, {}, DAMAGED
    return TournamentInfo(tid, name, game, seed, config, snapshot, status, _played(s, tid), created, updated)


def _json_object(raw: str | None, source: str, column: str) -> dict[str, Any]:
    obj = loads(raw or "", source)
    if not isinstance(obj, dict):
        raise DataError(source, None, column, "is not a JSON object")
    return obj


def load(db: sessionmaker[Session], tournament_id: int | None = None, game: str | None = None) -> TournamentInfo:
    """A tournament by id, or the latest one (of ``game``, when given)."""
    with store_errors("cannot read the tournaments"), db() as s:
        q = select(*_COLUMNS)
        if tournament_id is not None:
            q = q.where(Tournament.id == tournament_id)
        else:
            q = q.order_by(Tournament.id.desc()).limit(1)
        if game is not None:
            q = q.where(Tournament.game == game)
        r = s.execute(q).one_or_none()
        if r is None:
            raise NoTournament("no tournament yet" if tournament_id is None else f"no tournament {tournament_id}")
        return _info(s, r, strict=True)


def list_tournaments(db: sessionmaker[Session], game: str | None = None) -> list[TournamentInfo]:
    """Every tournament, newest first (a damaged one with status ``damaged`` and empty snapshot)."""
    with store_errors("cannot read the tournaments"), db() as s:
        q = select(*_COLUMNS).order_by(Tournament.id.desc())
        if game is not None:
            q = q.where(Tournament.game == game)
        return [_info(s, r, strict=False) for r in s.execute(q).all()]


def matches(db: sessionmaker[Session], tournament_id: int) -> list[MatchInfo]:
    """The tournament's completed matches in order."""
    with store_errors("cannot read the matches"), db() as s:
        q = select(TournamentMatch).where(TournamentMatch.tournament_id == tournament_id)
        rows = s.execute(q.order_by(TournamentMatch.number)).scalars()
        return [
            MatchInfo(
                m.number, m.stage, m.label, m.home, m.away, m.home_goals, m.away_goals, m.winner,
                dict(m.summary), m.record,
            )
            for m in rows
        ]  # fmt: skip


def set_config(db: sessionmaker[Session], tournament_id: int, config: Mapping[str, Any]) -> None:
    """Replace a tournament's config (e.g. the web coaches' token hashes), in one transaction."""
    with store_errors(f"cannot update tournament {tournament_id}"), db.begin() as s:
        q = update(Tournament).where(Tournament.id == tournament_id).values(config=dict(config))
        if not typing.cast("CursorResult[Any]", s.execute(q)).rowcount:
            raise NoTournament(f"no tournament {tournament_id}")
