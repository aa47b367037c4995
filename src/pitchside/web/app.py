"""The web server: the lobby's REST API under /api, one WebSocket per connection at /ws/rooms/{id}, and the
browser front end (static files) at /. The protocol is written down in WEB.md; the OpenAPI schema is at
/openapi.json. Every error is ``{"detail": {"code", "message"[, "rule"]}}`` with a 4xx status, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from pitchside.core.game import Game
from pitchside.core.registry import GAMES, UnknownGame, resolve
from pitchside.store.db import StoreError
from pitchside.web import replays
from pitchside.web.hub import Connection, Hub
from pitchside.web.persist import RoomStore
from pitchside.web.rooms import ErrorCode, RoomError
from pitchside.web.schemas import (
    CLIENT_MESSAGE,
    Act,
    CreateCup,
    Created,
    CreateRoom,
    Hello,
    Joined,
    JoinSeat,
    Preview,
    SetBot,
    explain,
)
from pitchside.web.settings import Settings

log = logging.getLogger("pitchside.web")
STATIC = Path(__file__).parent / "static"
STATUS = {
    ErrorCode.MALFORMED: 422,
    ErrorCode.NOTATION: 422,
    ErrorCode.ILLEGAL: 409,
    ErrorCode.STALE: 409,
    ErrorCode.AUTH: 403,
    ErrorCode.TAKEN: 409,
    ErrorCode.STATE: 409,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.LIMIT: 429,
    ErrorCode.CONFIG: 422,
    ErrorCode.STORE: 503,
    ErrorCode.INTERNAL: 500,
}
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]


def _error(code: ErrorCode, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"detail": {"code": code.value, "message": message}}, status_code=status or STATUS[code])


def game_of(name: str) -> Game:
    """A game by id or alias (never a MODULE:NAME spec from the web)."""
    try:
        return resolve(name)
    except UnknownGame as e:
        raise RoomError(ErrorCode.NOT_FOUND, str(e)) from None


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with a clear 413, whether or not it says its length."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]], send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        too_big = _error(ErrorCode.LIMIT, f"a request body is at most {self.limit} bytes", 413)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_big(scope, receive, send)
            return
        seen = 0

        async def counted() -> Any:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooBig
            return message

        try:
            await self.app(scope, counted, send)
        except _TooBig:
            await too_big(scope, receive, send)


class _TooBig(Exception):
    pass


def create_app(settings: Settings | None = None, store: RoomStore | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    store = store if store is not None else RoomStore(settings.database_url, power_safe=settings.power_safe)
    hub = Hub(settings, store)
    from pitchside.web.cups import Cups

    cups = Cups(hub, store.db)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(hub.restore)
        await cups.restore()  # before any bot moves: a match the terminal played meanwhile is not played again
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(
        title="pitchside",
        version="1",
        lifespan=lifespan,
        description="Rooms for 音速杯 Sonic Cup, 世界波 World Ball and 我的世界盃2010 My World Cup.",
    )
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=settings.max_record_bytes)

    @app.exception_handler(RoomError)
    async def room_error(request: Request, e: RoomError) -> JSONResponse:
        return JSONResponse({"detail": e.to_json()}, status_code=STATUS[e.code])

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, e: RequestValidationError) -> JSONResponse:
        parts = [f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}" for err in e.errors()[:5]]
        return _error(ErrorCode.MALFORMED, "; ".join(parts) or "malformed request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        code = ErrorCode.NOT_FOUND if e.status_code == 404 else ErrorCode.MALFORMED
        return _error(code, str(e.detail), e.status_code)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, e: StoreError) -> JSONResponse:
        return _error(ErrorCode.STORE, str(e))

    # ------------------------------------------------------------------ games

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """The games, their seat counts, and each seat count's default options (the game's config keys)."""
        out = []
        for g in GAMES.values():
            defaults = {str(n): g.normalize_config({"seats": n}) for n in g.seat_counts}
            out.append(
                {
                    "id": g.id,
                    "name": g.name,
                    "aliases": list(g.aliases),
                    "version": g.version,
                    "seat_counts": list(g.seat_counts),
                    "teams": list(g.team_names()),
                    "defaults": defaults,
                }
            )
        return out

    @app.get("/api/games/{game}/texts")
    def texts(game: str, lang: Annotated[str, Query(pattern="^(zh|en)$")] = "zh") -> dict[str, Any]:
        """Every rules text of the game (cards, roles, characters, skills, teams, the overview) in one language."""
        from pitchside.core.texts import Lang

        g, ln = game_of(game), Lang(lang)
        return {
            tid: {"title": t.title(ln), "body": t.body(ln), "kind": t.kind.value, "names": list(t.names)}
            for tid, t in g.texts().items()
        }

    # ------------------------------------------------------------------ rooms

    @app.get("/api/rooms")
    def rooms() -> list[dict[str, Any]]:
        """The open rooms, then finished matches (newest first), each replayable."""
        live = [r.summary() for r in hub.rooms.values()]
        known = {r["id"] for r in live}
        done = [r for r in store.finished() if r["id"] not in known] if store is not None else []
        return live + done

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: CreateRoom) -> Created:
        g = game_of(body.game)
        config = dict(body.options)
        if body.seats is not None:
            config["seats"] = body.seats
        seed = body.seed if body.seed is not None else secrets.randbits(62)
        room = await hub.create(g, config, seed, body.turn_seconds)
        return Created(id=room.id)

    @app.get("/api/rooms/{room_id}")
    def room(room_id: str) -> dict[str, Any]:
        return hub.room(room_id).summary()

    @app.post("/api/rooms/{room_id}/seats/{seat}/join")
    async def join(room_id: str, seat: int, body: JoinSeat) -> Joined:
        return Joined(token=await hub.join(room_id, seat, body.name), seat=seat)

    @app.post("/api/rooms/{room_id}/seats/{seat}/leave")
    async def leave(room_id: str, seat: int, x_seat_token: Token = None) -> dict[str, Any]:
        await hub.leave(room_id, seat, x_seat_token)
        return hub.room(room_id).summary()

    @app.post("/api/rooms/{room_id}/seats/{seat}/bot")
    async def bot(room_id: str, seat: int, body: SetBot) -> dict[str, Any]:
        await hub.set_bot(room_id, seat, body.kind, body.budget)
        return hub.room(room_id).summary()

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, x_seat_token: Token = None) -> dict[str, Any]:
        """Start the match: a seated player's token, or none when nobody is seated. Free seats get bots."""
        await hub.begin(room_id, x_seat_token)
        return hub.room(room_id).summary()

    @app.get("/api/rooms/{room_id}/record", response_class=Response)
    def record(room_id: str) -> Response:
        """A finished match as the project's JSON Lines record (a match in play has none: it would tell its seed)."""
        rec = replays.finished_record(hub, room_id)
        return Response(
            rec.dumps(),
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="{room_id}.jsonl"'},
        )

    # ------------------------------------------------------------------ replays

    @app.post("/api/replays", status_code=201)
    async def upload(request: Request) -> dict[str, Any]:
        """Upload a record (JSON Lines, the body as it is) to watch it; it is checked by replaying it."""
        return replays.upload(hub, await request.body())

    @app.get("/api/replays/{replay_id}")
    def replay_info(replay_id: str) -> dict[str, Any]:
        """An uploaded record, or a finished room by its id: game, players, how many moves."""
        return replays.info(hub, replay_id)

    @app.get("/api/replays/{replay_id}/step/{n}")
    def step(replay_id: str, n: int, seat: int | None = None) -> dict[str, Any]:
        """The match after its first ``n`` moves, as ``seat`` saw it (no seat: the public view)."""
        return replays.step(hub, replay_id, n, seat)

    # ------------------------------------------------------------------ World Cups

    @app.get("/api/tournaments")
    def tournaments() -> list[dict[str, Any]]:
        """Every World Cup (made here or with `pitchside worldcup`), newest first."""
        return cups.listing()

    @app.post("/api/tournaments", status_code=201)
    async def create_cup(body: CreateCup) -> dict[str, Any]:
        """A 2010 World Cup: one secret link token per coach (their seat in each of their matches)."""
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        tid, tokens = await asyncio.to_thread(
            cups.create, body.name, seed, body.coaches, body.neutral, body.third_place
        )
        room = await cups.next(tid)
        return {"id": tid, "links": tokens, "room": None if room is None else room.id}

    @app.get("/api/tournaments/{tid}")
    async def cup(tid: int) -> dict[str, Any]:
        """Group tables, fixtures and results, the bracket, the record book, the current match's room."""
        return await cups.page(tid)

    @app.post("/api/tournaments/{tid}/coaches/{coach}/claim")
    async def claim(tid: int, coach: str) -> dict[str, Any]:
        """A coach's link token, once (for a World Cup made in the terminal, whose coaches have none)."""
        return {"token": await cups.claim(tid, coach)}

    @app.post("/api/tournaments/{tid}/next")
    async def next_match(tid: int) -> dict[str, Any]:
        """The room of the next match, made if needed (a coach's match waits for the coach to start it)."""
        room = await cups.next(tid)
        return {"room": None if room is None else room.id}

    # ------------------------------------------------------------------ the WebSocket

    @app.websocket("/ws/rooms/{room_id}")
    async def ws_room(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        await Session(hub, websocket, room_id).run()

    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    return app


class Session:
    """One WebSocket connection: a hello (a seat's token, or none to watch), then actions."""

    def __init__(self, hub: Hub, ws: WebSocket, room_id: str) -> None:
        self.hub = hub
        self.ws = ws
        self.room_id = room_id
        self.conn: Connection | None = None

    async def error(self, e: RoomError) -> None:
        await self.ws.send_json({"type": "error", **e.to_json()})

    async def receive(self) -> Hello | Act | Any | None:
        """The next valid message, None when the client left; a bad one is answered with an error."""
        limit = self.hub.settings.max_message_bytes
        while True:
            msg = await self.ws.receive()
            if msg["type"] == "websocket.disconnect":
                return None
            raw = msg.get("text")
            if raw is None:
                raw = (msg.get("bytes") or b"").decode("utf-8", "replace")
            if len(raw.encode("utf-8")) > limit:
                await self.error(RoomError(ErrorCode.LIMIT, f"a message is at most {limit} bytes"))
                continue
            try:
                return CLIENT_MESSAGE.validate_python(json.loads(raw))
            except json.JSONDecodeError as e:
                await self.error(RoomError(ErrorCode.MALFORMED, f"not JSON: {e.msg} at character {e.pos}"))
            except ValidationError as e:
                await self.error(RoomError(ErrorCode.MALFORMED, explain(e)))

    async def run(self) -> None:
        hub = self.hub
        try:
            hub.room(self.room_id)
            try:
                first = await asyncio.wait_for(self.receive(), hub.settings.hello_seconds)
            except TimeoutError:
                raise RoomError(ErrorCode.MALFORMED, 'no hello: send {"type": "hello", "token": ...}') from None
            if first is None:
                return
            if not isinstance(first, Hello):
                raise RoomError(
                    ErrorCode.MALFORMED, 'the first message is {"type": "hello"} (with a seat token to play)'
                )
            seat = None
            if first.token:
                seat = hub.room(self.room_id).seat_of(first.token)
                if seat is None:
                    raise RoomError(ErrorCode.AUTH, "that token holds no seat in this room")
            self.conn = await hub.attach(self.room_id, self.ws, seat)
            while (msg := await self.receive()) is not None:
                if isinstance(msg, Act):
                    await self.act(msg)
                elif isinstance(msg, Preview):
                    await self.preview(msg)
                elif isinstance(msg, Hello):
                    await self.error(RoomError(ErrorCode.MALFORMED, "hello is said once, first"))
                else:
                    await self.ws.send_json({"type": "pong"})
        except RoomError as e:  # before the hello was accepted: say why, then close
            await self.error(e)
            await self.ws.close(4000 + STATUS[e.code])
        except Exception:  # a dropped connection mid-send, or a bug: never the other rooms' problem
            log.exception("connection to room %s failed", self.room_id)
        finally:
            if self.conn is not None:
                await asyncio.shield(hub.detach(self.conn))  # a closing client never leaves half a detach

    async def preview(self, msg: Preview) -> None:
        """The seat's legal actions after a play being built (Room.preview); only this connection hears."""
        assert self.conn is not None
        if self.conn.seat is None:
            await self.error(RoomError(ErrorCode.AUTH, "spectators have no plays to build: join a seat"))
            return
        try:
            legal = self.hub.room(self.room_id).preview(self.conn.seat, list(msg.actions))
        except RoomError as e:
            await self.error(e)
            return
        await self.ws.send_json({"type": "preview", "actions": list(msg.actions), "legal": legal})

    async def act(self, msg: Act) -> None:
        assert self.conn is not None
        seat = self.conn.seat
        if seat is None:
            await self.error(
                RoomError(ErrorCode.AUTH, "spectators cannot act: join a seat and say hello with its token")
            )
            return
        try:
            await self.hub.act(self.room_id, seat, msg.action, msg.seq)
        except RoomError as e:
            await self.error(e)
        except StoreError as e:
            await self.error(RoomError(ErrorCode.STORE, str(e)))
