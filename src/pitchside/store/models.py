"""The tables. Changing them means adding an Alembic migration under migrations/versions/."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Tournament(Base):
    """A competition of many matches. ``snapshot`` is its whole state after the last completed
    match, so an interrupted tournament continues from there and loses nothing."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(20), default="running")
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)

    matches: Mapped[list[TournamentMatch]] = relationship(
        back_populates="tournament", order_by="TournamentMatch.number", cascade="all, delete-orphan"
    )


class TournamentMatch(Base):
    """One completed match of a tournament, with its full record (JSON Lines)."""

    __tablename__ = "tournament_matches"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    stage: Mapped[str] = mapped_column(String(40))
    label: Mapped[str] = mapped_column(String(80))
    home: Mapped[str] = mapped_column(String(20))
    away: Mapped[str] = mapped_column(String(20))
    home_goals: Mapped[int] = mapped_column(Integer)
    away_goals: Mapped[int] = mapped_column(Integer)
    winner: Mapped[str | None] = mapped_column(String(20), nullable=True)
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)
    record: Mapped[str] = mapped_column(Text)
    played_at: Mapped[datetime] = mapped_column(default=_now)

    tournament: Mapped[Tournament] = relationship(back_populates="matches")


class WebRoom(Base):
    """A room of the web server (pitchside.web). Its match is the header here plus its action log
    (``web_actions``): the server rebuilds an unfinished room by replaying that log."""

    __tablename__ = "web_rooms"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[str] = mapped_column(String(20))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    turn_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    status: Mapped[str] = mapped_column(String(20), index=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    fingerprint: Mapped[str | None] = mapped_column(String(128), nullable=True)
    # A World Cup match: its tournament and fixture number (pitchside.web.cups); None for a friendly room.
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournaments.id", ondelete="SET NULL"), nullable=True, index=True
    )
    match_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, onupdate=_now)


class WebSeat(Base):
    """A seat of a web room: its person (name and the SHA-256 of their token, never the token) or its bot."""

    __tablename__ = "web_seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("web_rooms.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(20), nullable=True)
    budget: Mapped[int | None] = mapped_column(Integer, nullable=True)  # IS-MCTS iterations per decision
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)  # or seconds per decision (0004)


class WebAction(Base):
    """One accepted action of a web room, in order (``n`` from 0): written before it is broadcast."""

    __tablename__ = "web_actions"

    room_id: Mapped[str] = mapped_column(ForeignKey("web_rooms.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    played_at: Mapped[datetime] = mapped_column(default=_now)
