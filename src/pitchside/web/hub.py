"""The server's rooms at run time: connections, broadcasting, the database, bots and timers (asyncio).

Each room has a lock: a change, its database write and its broadcast happen in order under it, so every
connection sees the room's updates in order, and an accepted action is in the database before anyone
hears of it. Rooms never wait for each other: bots think off the event loop (bots.py: IS-MCTS searches in
worker processes, the quick bots in threads), and the database is written from a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pitchside.agents.base import Agent, parse_budget
from pitchside.core.errors import PitchsideError
from pitchside.core.game import Game
from pitchside.core.record import MatchRecord
from pitchside.core.registry import load_game
from pitchside.web.bots import BotPool, Log, make_bot
from pitchside.web.persist import GroupWriter, RoomStore, rebuild
from pitchside.web.rooms import BotKind, ErrorCode, Room, RoomError, RoomStatus
from pitchside.web.settings import Settings

log = logging.getLogger("pitchside.web")


class Socket(Protocol):
    async def send_json(self, data: Any, mode: str = "text") -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(eq=False)
class Connection:
    room_id: str
    socket: Socket
    seat: int | None  # None: a spectator
    cursor: int = 0  # how many of the room's events it has been sent


@dataclass
class Live:
    """What the hub keeps beside a room: its lock, connections, bots, timer and driver task."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: list[Connection] = field(default_factory=list)
    agents: dict[tuple[int, BotKind, str | None], Agent] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    driver: asyncio.Task[None] | None = None
    asks: int = 0  # bot decisions asked for so far: a late "is thinking" of an answered one is dropped


class Hub:
    def __init__(self, settings: Settings, store: RoomStore | None = None) -> None:
        self.settings = settings
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.live: dict[str, Live] = {}
        self.replays: OrderedDict[str, MatchRecord] = OrderedDict()
        self.bots = BotPool(settings.bot_workers)
        self.writer = None if store is None else GroupWriter(store)
        self.gone: dict[str, str] = {}  # room id -> why it is not served (not rebuilt, or closed)
        self.on_finish: Callable[[Room], Coroutine[Any, Any, None]] | None = None  # e.g. a World Cup takes its result
        self.tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ life

    def restore(self) -> None:
        """Rebuild every unfinished room from the database by replaying its log."""
        if self.store is None:
            return
        now = time.time()
        for stored in self.store.load(unfinished=True):
            try:
                room = rebuild(stored, load_game(stored.game))
            except PitchsideError as e:
                self.gone[stored.id] = f"room {stored.id} could not be rebuilt: {e}"
                log.error("room %s not rebuilt: %s", stored.id, e)
                continue
            for seat in room.seats:
                seat.connections, seat.away_since = 0, now if seat.human else None
            if room.status is RoomStatus.PLAYING:
                room.started_at = room.decided_at = now
            self._add(room)

    async def start(self) -> None:
        for room in self.rooms.values():
            self.kick(room)

    async def stop(self) -> None:
        if self.tasks:  # let a finished match be handed over (a World Cup saving its result)
            await asyncio.wait(self.tasks, timeout=10)
        for lv in self.live.values():
            if lv.timer is not None:
                lv.timer.cancel()
            if lv.driver is not None:
                lv.driver.cancel()
        for lv in self.live.values():
            if lv.driver is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await lv.driver
        self.bots.close()

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.live[room.id] = Live()

    def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise RoomError(ErrorCode.NOT_FOUND, self.gone.get(room_id) or f"no room {room_id!r}")
        return room

    async def discard(self, room_id: str, why: str) -> None:
        """Close a room for good and forget it (a World Cup match that was played elsewhere): its bots stop, its
        connections get ``why`` and close, and its rows leave the database."""
        room, lv = self.rooms.get(room_id), self.live.get(room_id)
        if room is None or lv is None:
            return
        async with lv.lock:
            for handle in (lv.timer, lv.driver):
                if handle is not None:
                    handle.cancel()
            await self._write("delete", room)
            del self.rooms[room_id], self.live[room_id]
            self.gone[room_id] = f"room {room_id} was closed: {why}"
            for c in lv.conns:
                with contextlib.suppress(Exception):
                    await c.socket.send_json({"type": "error", "code": ErrorCode.NOT_FOUND.value, "message": why})
                    await c.socket.close(4404)
            lv.conns.clear()

    async def _write(self, what: str, room: Room) -> None:
        if self.store is not None:
            await asyncio.to_thread(getattr(self.store, what), room)

    # ------------------------------------------------------------------ the lobby

    async def create(self, game: Game, config: Mapping[str, Any], seed: int, turn_seconds: float | None) -> Room:
        open_rooms = sum(r.status is not RoomStatus.FINISHED for r in self.rooms.values())
        if open_rooms >= self.settings.max_rooms:
            raise RoomError(ErrorCode.LIMIT, f"this server has its {self.settings.max_rooms} open rooms; try later")
        timer = self.settings.turn_seconds if turn_seconds is None else turn_seconds
        return await self.add(Room.create(game, config, seed, turn_seconds=timer))

    async def add(self, room: Room) -> Room:
        """Store a new room and serve it."""
        if room.id in self.rooms:  # pragma: no cover - 48 random bits
            raise RoomError(ErrorCode.STATE, f"room id {room.id} is taken")
        await self._write("create", room)
        self._add(room)
        return room

    async def join(self, room_id: str, seat: int, name: str) -> str:
        room = self.room(room_id)
        async with self.live[room_id].lock:
            token = room.join(seat, name, time.time())
            await self.seats_changed(room)
        return token

    async def leave(self, room_id: str, seat: int, token: str | None) -> None:
        room = self.room(room_id)
        async with self.live[room_id].lock:
            room.leave(seat, token)
            for c in self.live[room_id].conns:
                if c.seat == seat:
                    c.seat = None  # the connection stays, as a spectator
            await self.seats_changed(room)

    async def set_bot(self, room_id: str, seat: int, kind: BotKind, budget: int | str | None = None) -> None:
        """A bot in a seat. ``budget``: IS-MCTS iterations (``500``) or a budget in the agents' grammar, as
        ``pitchside play --bot ismcts:1s`` takes it (``"500"``, ``"1s"``, ``"250ms"``), within the server's limits."""
        room = self.room(room_id)
        iterations, seconds = self._budget(budget)
        async with self.live[room_id].lock:
            room.set_bot(seat, kind, iterations, seconds)
            await self.seats_changed(room)

    def _budget(self, budget: int | str | None) -> tuple[int | None, float | None]:
        if budget is None:
            return None, None
        try:
            iterations, seconds = parse_budget(BotKind.ISMCTS.value, str(budget))
        except ValueError as e:
            raise RoomError(ErrorCode.MALFORMED, f"budget: {e}") from None
        most, most_seconds = self.settings.max_budget, self.settings.max_budget_seconds
        if iterations is not None and iterations > most:
            raise RoomError(ErrorCode.LIMIT, f"an IS-MCTS budget is at most {most} iterations, not {iterations}")
        if seconds is not None and seconds > most_seconds:
            raise RoomError(ErrorCode.LIMIT, f"an IS-MCTS budget is at most {most_seconds:g} s, not {seconds:g} s")
        return iterations, seconds

    async def begin(self, room_id: str, token: str | None) -> None:
        room = self.room(room_id)
        async with self.live[room_id].lock:
            room.start(token, time.time())
            await self._write("save_status", room)
            await self._broadcast(room)
        await self._after(room)

    async def _after(self, room: Room) -> None:
        """After a change: let a bot move if it is a bot's turn; hand a finished match to whoever waits for it."""
        if room.status is RoomStatus.FINISHED and self.on_finish is not None:
            task = asyncio.get_running_loop().create_task(self.on_finish(room))  # never cut short by a client
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        else:
            self.kick(room)

    async def seats_changed(self, room: Room) -> None:
        await self._write("save_seats", room)
        await self._broadcast(room)
        self.kick(room)

    # ------------------------------------------------------------------ the match

    async def act(self, room_id: str, seat: int, text: str, seq: int | None) -> None:
        """Apply a seat's action, write it, then tell every connection. Refused: RoomError, nothing changed.
        A client that goes away meanwhile does not cut it short (it is shielded from cancellation)."""
        await asyncio.shield(self._act(room_id, seat, text, seq))

    async def _act(self, room_id: str, seat: int, text: str, seq: int | None) -> None:
        room = self.room(room_id)
        async with self.live[room_id].lock:
            if self.rooms.get(room_id) is not room:  # closed (discard) or reloaded while this move waited
                raise RoomError(ErrorCode.STALE, f"room {room_id} changed before the move came in")
            before = room.seq
            room.act(seat, text, time.time(), seq)  # an answer given ahead changes nothing yet: nothing to write
            try:
                if self.writer is not None:
                    await self.writer.append(room, before)
            except Exception as e:  # a StoreError, or a row the database refused
                self._reload(room)  # the database has the truth: the move did not happen
                raise RoomError(ErrorCode.STORE, f"the move could not be stored, so it did not happen: {e}") from None
            await self._broadcast(room)
        await self._after(room)

    def _reload(self, room: Room) -> None:
        assert self.store is not None
        fresh = rebuild(self.store.load(room_id=room.id)[0], room.game)
        for old, new in zip(room.seats, fresh.seats, strict=True):
            new.connections, new.away_since = old.connections, old.away_since
        fresh.started_at, fresh.decided_at = room.started_at, room.decided_at
        for c in self.live[room.id].conns:
            c.cursor = min(c.cursor, len(fresh.events))
        self.rooms[room.id] = fresh

    def kick(self, room: Room) -> None:
        """Let a bot move if the decision is a bot's now, else set the timer for when it may become one."""
        lv = self.live.get(room.id)
        if lv is None:
            return
        if lv.timer is not None:
            lv.timer.cancel()
            lv.timer = None
        if lv.driver is not None and not lv.driver.done():
            return  # the running driver looks again after its move
        if room.status is not RoomStatus.PLAYING:
            return
        lv.driver = asyncio.get_running_loop().create_task(self._drive(room.id))

    async def _drive(self, room_id: str) -> None:
        """Play the bots' decisions in a row until a person must decide; then wait for them (or their timer)."""
        grace = self.settings.grace_seconds
        while True:
            room = self.rooms.get(room_id)
            if room is None or room.status is not RoomStatus.PLAYING:
                return
            seat = room.deciding()
            assert seat is not None
            kind = room.controller(seat, time.time(), grace)
            if kind is None:
                wake = room.wake_at(grace)
                if wake is not None:
                    lv = self.live[room_id]
                    delay = max(0.0, wake - time.time()) + 0.01
                    lv.timer = asyncio.get_running_loop().call_later(delay, self._wake, room_id)
                return
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            agent = self._agent(room, seat, kind, room.seats[seat].budget_text())
            seq = room.seq
            seed = (room.seed * 1_000_003 + seq) & (2**63 - 1)
            match = None
            if kind is BotKind.ISMCTS:  # a long search: in a worker process, which replays the room's log
                moves = tuple((m.seat, m.action) for m in room.moves)
                match = Log(room.id, room.game.id, room.config, room.seed, moves)
            lv = self.live[room_id]
            lv.asks += 1
            told = asyncio.get_running_loop().create_task(self._thinking_later(room, seat, lv.asks))
            try:
                text = await self.bots.ask(agent, room.state, seat, seed, match=match)
            except Exception:  # a bot that fails must not stall the room: the game's own bot moves instead
                log.exception("room %s: the %s bot failed; the heuristic bot moves for it", room_id, kind.value)
                fallback = self._agent(room, seat, BotKind.HEURISTIC, None)
                text = await self.bots.ask(fallback, room.state, seat, seed)
            finally:
                told.cancel()
                lv.asks += 1
                if room.thinking is not None:  # told: now told it stopped, before the move's update
                    await self._thinking(room, None, lv.asks)
            try:
                await self.act(room_id, seat, text, seq)
            except RoomError as e:
                if e.code is not ErrorCode.STALE:  # a person moved meanwhile: look again
                    log.error("room %s: the %s bot's move %r was refused: %s", room_id, kind.value, text, e)
                    return

    async def _thinking_later(self, room: Room, seat: int, ask: int) -> None:
        """After ``thinking_delay``, unless the bot has answered (this task is cancelled then), every connection
        is told the seat's bot is thinking. The telling is shielded: a send is never cut short halfway."""
        await asyncio.sleep(self.settings.thinking_delay)
        await asyncio.shield(self._thinking(room, seat, ask))

    async def _thinking(self, room: Room, seat: int | None, ask: int) -> None:
        """Tell every connection ``{"type": "thinking", "seat": seat}`` (None: no bot is thinking now), in order
        with the updates (under the room's lock). Public: which seat, nothing of the search. Only for the bot
        decision ``ask``: one answered meanwhile is not announced."""
        lv = self.live.get(room.id)
        if lv is None:
            return
        async with lv.lock:
            if self.rooms.get(room.id) is not room or lv.asks != ask or room.thinking == seat:
                return
            room.thinking = seat
            await self._send_all(room, list(lv.conns), [{"type": "thinking", "seat": seat}] * len(lv.conns))

    def _wake(self, room_id: str) -> None:
        lv = self.live.get(room_id)
        room = self.rooms.get(room_id)
        if lv is not None and room is not None:
            lv.timer = None
            self.kick(room)

    def _agent(self, room: Room, seat: int, kind: BotKind, budget: str | None) -> Agent:
        agents = self.live[room.id].agents
        key = (seat, kind, budget)
        if key not in agents:
            agents[key] = make_bot(room.game, kind, budget)
        return agents[key]

    # ------------------------------------------------------------------ connections

    async def attach(self, room_id: str, socket: Socket, seat: int | None) -> Connection:
        room = self.room(room_id)
        lv = self.live[room_id]
        async with lv.lock:
            if len(lv.conns) >= self.settings.max_connections:
                raise RoomError(ErrorCode.LIMIT, f"room {room_id} has its {self.settings.max_connections} connections")
            conn = Connection(room_id, socket, seat)
            lv.conns.append(conn)
            room.connected(seat, time.time(), +1)
            await self._broadcast(room, also=conn)
        self.kick(room)
        return conn

    async def detach(self, conn: Connection) -> None:
        lv = self.live.get(conn.room_id)
        room = self.rooms.get(conn.room_id)
        if lv is None or room is None:
            return
        async with lv.lock:
            if conn not in lv.conns:  # a failed send dropped it meanwhile
                return
            lv.conns.remove(conn)
            room = self.rooms[conn.room_id]
            room.connected(conn.seat, time.time(), -1)
            await self._broadcast(room)
        self.kick(room)

    async def _broadcast(self, room: Room, also: Connection | None = None) -> None:
        """Send each connection what its seat may see: the view, its legal actions, its new events."""
        lv = self.live[room.id]
        cache: dict[tuple[int | None, int], dict[str, Any]] = {}
        targets = list(lv.conns)
        payloads = []
        for c in targets:
            since = 0 if c is also else c.cursor
            key = (c.seat, since)
            if key not in cache:
                cache[key] = room.update(c.seat, since)
            payloads.append(cache[key])
        for c in targets:
            c.cursor = len(room.events)
        await self._send_all(room, targets, payloads)

    async def _send_all(self, room: Room, targets: list[Connection], payloads: list[dict[str, Any]]) -> None:
        """Send each target its payload at once; a connection whose send fails is dropped."""
        lv = self.live[room.id]
        results = await asyncio.gather(
            *(_send(c.socket, p) for c, p in zip(targets, payloads, strict=True)), return_exceptions=True
        )
        for c, r in zip(targets, results, strict=True):
            if isinstance(r, BaseException) and c in lv.conns:
                lv.conns.remove(c)
                room.connected(c.seat, time.time(), -1)
                with contextlib.suppress(Exception):
                    await c.socket.close(1011)


async def _send(socket: Socket, payload: dict[str, Any]) -> None:
    # No asyncio.wait_for here: on Python 3.11 it can swallow or misplace a cancellation arriving as the send
    # completes, and a closing client's cancelled task then ends as "cancelled" (seen with Starlette's
    # TestClient). uvicorn buffers a slow client's sends; a dead one fails the send and is dropped below.
    await socket.send_json(payload)
