"""Storing tournaments: create one, save it after every completed match, load the latest, list them.

Game-agnostic: a tournament is its snapshot (JSON) and its completed matches (record + summary). Saving a
match is ONE transaction: the match row and the new snapshot are written together or not at all, so a
process killed at any moment leaves either the tournament before that match or after it, never half. A
match number already stored (another process, or a replay of the same match) is refused, never stored twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from pitchside.store.models import Tournament, TournamentMatch

RUNNING, FINISHED = "running", "finished"


class StaleTournament(RuntimeError):
    """The match does not follow the stored tournament (already saved, or saved out of order)."""


class NoTournament(LookupError):
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
    with db.begin() as s:
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
    with db.begin() as s:
        t = s.execute(select(Tournament).where(Tournament.id == tournament_id).with_for_update()).scalar_one_or_none()
        if t is None:
            raise NoTournament(f"no tournament {tournament_id}")
        count = _played(s, tournament_id)
        if row["number"] != count:
            raise StaleTournament(
                f"tournament {tournament_id} has {count} matches stored; match {row['number']} cannot follow"
            )
        s.add(TournamentMatch(tournament_id=tournament_id, **row))
        t.snapshot = dict(snapshot)
        t.status = FINISHED if finished else RUNNING


def _played(s: Session, tournament_id: int) -> int:
    q = select(func.count()).select_from(TournamentMatch).where(TournamentMatch.tournament_id == tournament_id)
    return int(s.scalar(q) or 0)


def _info(s: Session, t: Tournament) -> TournamentInfo:
    played = _played(s, t.id)
    return TournamentInfo(
        t.id, t.name, t.game, t.seed, dict(t.config), dict(t.snapshot), t.status, played, t.created_at, t.updated_at
    )


def load(db: sessionmaker[Session], tournament_id: int | None = None, game: str | None = None) -> TournamentInfo:
    """A tournament by id, or the latest one (of ``game``, when given)."""
    with db() as s:
        if tournament_id is not None:
            t = s.get(Tournament, tournament_id)
            if t is None or (game is not None and t.game != game):
                raise NoTournament(f"no tournament {tournament_id}")
        else:
            q = select(Tournament).order_by(Tournament.id.desc()).limit(1)
            if game is not None:
                q = q.where(Tournament.game == game)
            t = s.execute(q).scalar_one_or_none()
            if t is None:
                raise NoTournament("no tournament yet")
        return _info(s, t)


def list_tournaments(db: sessionmaker[Session], game: str | None = None) -> list[TournamentInfo]:
    """Every tournament, newest first."""
    with db() as s:
        q = select(Tournament).order_by(Tournament.id.desc())
        if game is not None:
            q = q.where(Tournament.game == game)
        return [_info(s, t) for t in s.execute(q).scalars()]


def matches(db: sessionmaker[Session], tournament_id: int) -> list[MatchInfo]:
    """The tournament's completed matches in order."""
    with db() as s:
        q = select(TournamentMatch).where(TournamentMatch.tournament_id == tournament_id)
        rows = s.execute(q.order_by(TournamentMatch.number)).scalars()
        return [
            MatchInfo(
                m.number, m.stage, m.label, m.home, m.away, m.home_goals, m.away_goals, m.winner,
                dict(m.summary), m.record,
            )
            for m in rows
        ]  # fmt: skip
