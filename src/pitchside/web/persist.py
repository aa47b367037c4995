"""Event-sourced rooms: the room header, its seats and its action log in the database (store/models.py).

Every accepted action is written (one row, one transaction) before the server broadcasts it. On start the
server rebuilds every unfinished room by replaying its log with ``core.record.replay`` — the code that
``pitchside replay`` runs — so a restarted match goes on from the very same state.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from pitchside.core.errors import PitchsideError
from pitchside.core.game import Game
from pitchside.core.record import MatchRecord, Move, replay
from pitchside.store.db import open_db, store_errors
from pitchside.store.models import WebAction, WebRoom, WebSeat
from pitchside.web.rooms import BotKind, Room, RoomStatus, Seat


@dataclass
class Stored:
    """A room as the database has it."""

    id: str
    game: str
    version: str
    config: dict[str, Any]
    seed: int
    turn_seconds: float
    status: RoomStatus
    seats: list[Seat]
    moves: list[Move]
    outcome: dict[str, Any] | None
    fingerprint: str | None = None
    cup: tuple[int, int] | None = None

    def record(self) -> MatchRecord:
        players = [s.player() for s in self.seats]
        return MatchRecord(
            self.game,
            self.version,
            dict(self.config),
            seed=self.seed,
            players=players,
            moves=list(self.moves),
            source=f"room {self.id}",
        )


@dataclass(frozen=True)
class Appended:
    """An accepted action as it is written: taken from the room at once, written a moment later."""

    room_id: str
    n: int
    seat: int
    action: str
    status: Mapping[str, Any] | None  # the room's new status when the action ended the match

    @classmethod
    def last(cls, room: Room) -> Appended:
        return cls.since(room, room.seq - 1)[0]

    @classmethod
    def since(cls, room: Room, n: int) -> list[Appended]:
        """The room's actions from number ``n`` on (one action, or one and the answers given ahead it let
        through); the last carries the room's status when it ended the match."""
        out = []
        for i in range(n, room.seq):
            move = room.moves[i]
            ended = i == room.seq - 1 and room.status is RoomStatus.FINISHED
            out.append(cls(room.id, i, move.seat, move.action, _status(room) if ended else None))
        return out


class GroupWriter:
    """Group commit: the actions of every room accepted while one transaction is being written go into the
    next one together. Each room still waits for its own action to be stored before it broadcasts it, but
    200 rooms share one disk sync instead of queueing for 200 (SQLite has one writer at a time)."""

    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self.pending: list[tuple[Appended, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def append(self, room: Room, since: int | None = None) -> None:
        """Write the room's actions from number ``since`` on (default: its last one)."""
        items = Appended.since(room, room.seq - 1 if since is None else since)
        if not items:
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.pending.extend((item, done) for item in items)
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._run())
        await done

    async def _run(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await asyncio.to_thread(self.store.append_many, [item for item, _ in batch])
            except Exception as e:  # every room of the batch reloads from the database: none of them moved
                for _, done in batch:
                    if not done.done():
                        done.set_exception(e)
            else:
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)


class RoomStore:
    """The rooms' tables. Every method is one transaction; a database failure is a StoreError."""

    def __init__(
        self, url: str | None = None, db: sessionmaker[Session] | None = None, power_safe: bool = False
    ) -> None:
        self.db = db if db is not None else open_db(url, power_safe)

    def dispose(self) -> None:
        self.db.kw["bind"].dispose()

    def create(self, room: Room) -> None:
        with store_errors(f"cannot store room {room.id}"), self.db.begin() as s:
            s.add(
                WebRoom(
                    id=room.id,
                    game=room.game.id,
                    version=room.game.version,
                    config=room.config,
                    seed=room.seed,
                    turn_seconds=room.turn_seconds,
                    status=room.status.value,
                    tournament_id=room.cup[0] if room.cup else None,
                    match_number=room.cup[1] if room.cup else None,
                )
            )
            s.flush()
            s.add_all(_seat_rows(room))

    def save_seats(self, room: Room) -> None:
        with store_errors(f"cannot store the seats of room {room.id}"), self.db.begin() as s:
            s.execute(delete(WebSeat).where(WebSeat.room_id == room.id))
            s.add_all(_seat_rows(room))

    def save_status(self, room: Room) -> None:
        with store_errors(f"cannot store room {room.id}"), self.db.begin() as s:
            s.execute(update(WebRoom).where(WebRoom.id == room.id).values(**_status(room)))

    def delete(self, room: Room) -> None:
        """Forget a room: its actions, seats and header (a World Cup match the tournament took elsewhere)."""
        with store_errors(f"cannot delete room {room.id}"), self.db.begin() as s:
            s.execute(delete(WebAction).where(WebAction.room_id == room.id))
            s.execute(delete(WebSeat).where(WebSeat.room_id == room.id))
            s.execute(delete(WebRoom).where(WebRoom.id == room.id))

    def append(self, room: Room) -> None:
        """Write the room's last accepted action (and, when it ended the match, the outcome)."""
        self.append_many([Appended.last(room)])

    def append_many(self, items: Sequence[Appended]) -> None:
        """Write accepted actions of any rooms in ONE transaction (one disk sync for all: see GroupWriter)."""
        what = f"move {items[0].n + 1} of room {items[0].room_id}" if len(items) == 1 else f"{len(items)} moves"
        with store_errors(f"cannot store {what}"), self.db.begin() as s:
            s.execute(insert(WebAction), [{"room_id": i.room_id, "n": i.n, "seat": i.seat, "action": i.action}
                                          for i in items])  # fmt: skip
            for i in items:
                if i.status is not None:
                    s.execute(update(WebRoom).where(WebRoom.id == i.room_id).values(**i.status))

    def load(
        self,
        *,
        unfinished: bool = True,
        room_id: str | None = None,
        cup: tuple[int, int] | None = None,
        limit: int = 1000,
    ) -> list[Stored]:
        """Rooms with their seats and logs: the unfinished ones (or one room by id, or a World Cup match's
        rooms), oldest first."""
        with store_errors("cannot read the rooms"), self.db() as s:
            q = select(WebRoom)
            if room_id is not None:
                q = q.where(WebRoom.id == room_id)
            elif cup is not None:
                q = q.where(WebRoom.tournament_id == cup[0], WebRoom.match_number == cup[1])
            elif unfinished:
                q = q.where(WebRoom.status != RoomStatus.FINISHED.value)
            rows = list(s.execute(q.order_by(WebRoom.created_at).limit(limit)).scalars())
            out = []
            for r in rows:
                seats = [
                    _seat(x)
                    for x in s.execute(select(WebSeat).where(WebSeat.room_id == r.id).order_by(WebSeat.seat)).scalars()
                ]
                moves = [
                    Move(a.seat, a.action)
                    for a in s.execute(
                        select(WebAction).where(WebAction.room_id == r.id).order_by(WebAction.n)
                    ).scalars()
                ]
                out.append(
                    Stored(
                        r.id,
                        r.game,
                        r.version,
                        dict(r.config),
                        int(r.seed),
                        float(r.turn_seconds),
                        RoomStatus(r.status),
                        seats,
                        moves,
                        r.outcome,
                        r.fingerprint,
                        _cup(r),
                    )
                )
            return out

    def finished(self, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of the latest finished rooms, newest first (for the lobby)."""
        with store_errors("cannot read the rooms"), self.db() as s:
            q = select(WebRoom).where(WebRoom.status == RoomStatus.FINISHED.value)
            rows = list(s.execute(q.order_by(WebRoom.updated_at.desc()).limit(limit)).scalars())
            return [{"id": r.id, "game": r.game, "status": r.status, "outcome": r.outcome} for r in rows]


def rebuild(stored: Stored, game: Game) -> Room:
    """The room a stored log describes, by replaying it (``core.record.replay``); a log that does not
    replay (a changed rules version, a damaged row) is a PitchsideError naming the room and the move."""
    rec = stored.record()
    if stored.status is RoomStatus.FINISHED:
        rec.outcome, rec.fingerprint = stored.outcome, stored.fingerprint
    done = replay(rec, game)
    _, opening = game.start(stored.config, stored.seed)
    room = Room(
        stored.id,
        game,
        dict(stored.config),
        stored.seed,
        done.state,
        list(opening),
        stored.seats,
        stored.turn_seconds,
        stored.status,
        list(stored.moves),
        cup=stored.cup,
    )
    room.events = [*opening, *(ev for _, ev in done.events)]
    if room.status is not RoomStatus.WAITING and done.state.is_over():
        room.status = RoomStatus.FINISHED
    if len(room.seats) != done.state.num_seats:
        raise PitchsideError(
            f"room {stored.id}: {len(room.seats)} seats stored for a {done.state.num_seats}-seat match"
        )
    return room


def _cup(row: WebRoom) -> tuple[int, int] | None:
    return None if row.tournament_id is None or row.match_number is None else (row.tournament_id, row.match_number)


def _seat(row: WebSeat) -> Seat:
    bot = BotKind(row.bot) if row.bot else None
    return Seat(row.seat, row.name, row.token_hash, bot, row.budget, row.seconds)


def _seat_rows(room: Room) -> list[WebSeat]:
    return [
        WebSeat(
            room_id=room.id,
            seat=s.index,
            name=s.name,
            token_hash=s.token_hash,
            bot=s.bot.value if s.bot else None,
            budget=s.budget,
            seconds=s.seconds,
        )
        for s in room.seats
    ]


def _status(room: Room) -> Mapping[str, Any]:
    out: dict[str, Any] = {"status": room.status.value}
    if room.status is RoomStatus.FINISHED:
        out["outcome"] = room.state.outcome().to_json()
        out["fingerprint"] = room.state.fingerprint()
    return out
