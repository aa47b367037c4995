"""World Cup online: the 2010 World Cup of ``pitchside worldcup`` played in rooms (the same tournament store).

A tournament is its stored snapshot (store/tournaments.py) and nothing else: each match is a My World Cup
room made from ``WorldCup.next_match()`` (config and seed), and when the room's match ends the tournament
is loaded from the store, completes the match (``WorldCup.complete``) and is saved with it in one
transaction — so a tournament started in the terminal goes on in the browser and the reverse.

Each coach has a secret token (stored hashed in the tournament's config, ``web_tokens``); it is the token of
the coach's seat in each of their matches. A match that no coach plays is played by bots at once; a coach's
match waits for the coach to start it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from pitchside.core.errors import DataError
from pitchside.core.names import check_name
from pitchside.games.my_world_cup.game import GAME, find_team
from pitchside.games.my_world_cup.records import record_book
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.tournament import COACH_LIMIT, GROUPS, STAGE_NAMES, WorldCup
from pitchside.sim.match import MatchResult
from pitchside.sim.worldcup import Played, players
from pitchside.store import tournaments as store
from pitchside.store.db import StoreError
from pitchside.web.hub import Hub
from pitchside.web.rooms import BotKind, ErrorCode, Room, RoomError, RoomStatus, hash_token, new_token

log = logging.getLogger("pitchside.web")
TOKENS = "web_tokens"  # the config key of the coaches' token hashes


class Cups:
    def __init__(self, hub: Hub, db: sessionmaker[Session]) -> None:
        self.hub = hub
        self.db = db
        self.lock = asyncio.Lock()  # one completion or new match at a time
        hub.on_finish = self.finished

    # ------------------------------------------------------------------ the store

    def _load(self, tid: int) -> tuple[store.TournamentInfo, WorldCup]:
        try:
            info = store.load(self.db, tid, game=GAME.id)
        except store.NoTournament:
            raise RoomError(ErrorCode.NOT_FOUND, f"no World Cup {tid}") from None
        try:
            return info, WorldCup.from_json(info.snapshot, f"tournament {tid}")
        except DataError as e:
            raise RoomError(ErrorCode.STATE, str(e)) from None

    # ------------------------------------------------------------------ creating and claiming

    def create(
        self, name: str, seed: int, coaches: Mapping[str, Sequence[str]], neutral: bool, third_place: bool
    ) -> tuple[int, dict[str, str]]:
        """A new World Cup and one secret link token per coach."""
        try:
            teams = {
                check_name(c, "coaches", COACH_LIMIT): [find_team(t, f"coaches.{c}") for t in ts]
                for c, ts in coaches.items()
            }
            cup = WorldCup.new(seed, teams, neutral=neutral, third_place=third_place, name=name)
        except DataError as e:
            raise RoomError(ErrorCode.CONFIG, f"{e.field or 'tournament'}: {e.message}") from None
        tokens = {c: new_token() for c in cup.coaches}
        config = {
            "coaches": cup.coaches,
            "neutral": neutral,
            "third_place": third_place,
            TOKENS: {c: hash_token(t) for c, t in tokens.items()},
        }
        tid = store.create(self.db, name=cup.name, game=GAME.id, seed=seed, config=config, snapshot=cup.to_json())
        return tid, tokens

    async def claim(self, tid: int, coach: str) -> str:
        """The link token of a coach who has none yet (a tournament made in the terminal has none)."""
        async with self.lock:
            info, cup = self._load(tid)
            if coach not in cup.coaches:
                raise RoomError(ErrorCode.NOT_FOUND, f"World Cup {tid} has no coach {coach!r}")
            hashes = dict(info.config.get(TOKENS) or {})
            if coach in hashes:
                raise RoomError(ErrorCode.TAKEN, f"{coach}'s link was given out already")
            token = new_token()
            hashes[coach] = hash_token(token)
            await asyncio.to_thread(store.set_config, self.db, tid, {**info.config, TOKENS: hashes})
        room = self.current(tid)
        if room is not None:  # the coach's seat in their open match takes the token
            async with self.hub.live[room.id].lock:
                for seat in room.seats:
                    if seat.name == coach and seat.token_hash is None:
                        seat.token_hash = hashes[coach]
                await self.hub.seats_changed(room)
        return token

    # ------------------------------------------------------------------ matches

    def current(self, tid: int) -> Room | None:
        """The open room of the tournament's next match, if one was made."""
        for room in self.hub.rooms.values():
            if room.cup is not None and room.cup[0] == tid and room.status is not RoomStatus.FINISHED:
                return room
        return None

    async def settle(self, tid: int, cup: WorldCup) -> None:
        """Close the open room of a match the tournament has taken already: `pitchside worldcup` played it on the
        same store (while this server was stopped, or meanwhile). Its partial log is of no use: the result is in."""
        plan = cup.next_match()
        room = self.current(tid)
        if room is not None and room.cup is not None and (plan is None or room.cup[1] != plan.fixture.number):
            why = f"match {room.cup[1]} of World Cup {tid} was played elsewhere (pitchside worldcup?)"
            log.warning("room %s closed: %s", room.id, why)
            await self.hub.discard(room.id, why)

    async def restore(self) -> None:
        """After the hub rebuilt its rooms: close those of matches the terminal played while the server was down."""
        for tid in sorted({r.cup[0] for r in self.hub.rooms.values() if r.cup is not None}):
            try:
                _, cup = await asyncio.to_thread(self._load, tid)
            except (RoomError, StoreError) as e:
                log.error("World Cup %s: not checked at start: %s", tid, e)
                continue
            await self.settle(tid, cup)

    async def next(self, tid: int) -> Room | None:
        """The room of the next match (made now if there is none); None when the tournament is over."""
        async with self.lock:
            room, bots_only = await self._next(tid)
        if bots_only and room is not None:
            await self.hub.begin(room.id, None)  # played at once (outside the lock: it may end at once)
        return room

    async def _next(self, tid: int) -> tuple[Room | None, bool]:
        info, cup = self._load(tid)
        await self.settle(tid, cup)
        room = self.current(tid)
        if room is not None:
            return room, False
        plan = cup.next_match()
        if plan is None:
            return None, False
        number = plan.fixture.number
        stored = (
            [s for s in self.hub.store.load(cup=(tid, number)) if s.status is RoomStatus.FINISHED]
            if (self.hub.store is not None)
            else []
        )
        if stored:  # the match ended but the server stopped before the tournament took it: take it now
            from pitchside.web.persist import rebuild

            await self._complete(rebuild(stored[-1], GAME))
            return await self._next(tid)
        room = Room.create(GAME, plan.config, plan.seed, cup=(tid, number), turn_seconds=self.hub.settings.turn_seconds)
        hashes = info.config.get(TOKENS) or {}
        for side, coach in enumerate(plan.coaches):
            seat = room.seats[side]
            if coach is None:
                seat.bot = BotKind.HEURISTIC
            else:
                seat.name, seat.token_hash = coach, hashes.get(coach)
        await self.hub.add(room)
        return room, all(c is None for c in plan.coaches)

    async def finished(self, room: Room) -> None:
        """A room's match ended: if it is a World Cup match, the tournament takes it and the next one follows."""
        if room.cup is None:
            return
        nxt, bots_only = None, False
        async with self.lock:
            try:
                await self._complete(room)  # not taken if the terminal stored this match meanwhile: go on anyway
                nxt, bots_only = await self._next(room.cup[0])
            except (RoomError, StoreError) as e:
                log.error("World Cup %s: match %s not taken: %s", room.cup[0], room.cup[1], e)
        if nxt is not None and bots_only:
            await self.hub.begin(nxt.id, None)

    async def _complete(self, room: Room) -> bool:
        assert room.cup is not None
        tid, number = room.cup
        _, cup = self._load(tid)
        plan = cup.next_match()
        if plan is None or plan.fixture.number != number:
            log.warning("World Cup %s: match %s was stored meanwhile (the terminal?); this room's is kept", tid, number)
            return False
        state = room.state
        assert isinstance(state, MyWorldCupState)
        result = cup.complete(state, room.events)
        rec = room.record()
        names = players(plan, BotKind.HEURISTIC.value)
        rec.players = list(names)
        match = MatchResult(rec, state.outcome(), room.seq, state)
        row = Played(plan, match, result, names).row()
        await asyncio.to_thread(store.save_match, self.db, tid, row, cup.to_json(), finished=cup.is_over())
        return True

    # ------------------------------------------------------------------ pages

    async def page(self, tid: int) -> dict[str, Any]:
        """Everything public about a World Cup: coaches, group tables, fixtures and results, the bracket,
        the record book. Never the snapshot itself (it holds the hands and the deck order)."""
        async with self.lock:  # never between a match taken and the next room made
            info, cup = await asyncio.to_thread(self._load, tid)
            await self.settle(tid, cup)
        results = {r.number: r for r in cup.results}
        room = self.current(tid)
        book = record_book(cup)
        if not cup.is_over():
            book.pop("seed", None)  # the seed tells every deal to come
        hashes = info.config.get(TOKENS) or {}
        return {
            "id": tid,
            "name": cup.name,
            "status": info.status,
            "played": cup.played,
            "coaches": {c: {"teams": ts, "linked": c in hashes} for c, ts in cup.coaches.items()},
            "teams": {
                t.id: {"zh": t.zh, "en": t.en, "group": t.group, "controller": cup.controller(t.id)}
                for t in cup.teamset.teams.values()
            },
            "groups": {g: [_row(r) for r in cup.standings(g)] for g in GROUPS},
            "stages": STAGE_NAMES,
            "fixtures": [
                {
                    **f.to_json(),
                    "result": results[f.number].to_json() if f.number in results else None,
                    "text": results[f.number].text() if f.number in results else None,
                }
                for f in cup.fixtures
            ],
            "next": None if (nf := cup.next_fixture()) is None else nf.to_json(),
            "room": None if room is None else room.id,
            "champion": cup.champion,
            "placings": cup.placings(),
            "record_book": book,
        }

    def listing(self) -> list[dict[str, Any]]:
        return [
            {
                "id": t.id,
                "name": t.name,
                "status": t.status,
                "played": t.played,
                "coaches": sorted(t.config.get("coaches") or {}),
            }
            for t in store.list_tournaments(self.db, game=GAME.id)
        ]


def _row(r: Any) -> dict[str, Any]:
    return {
        "team": r.team,
        "played": r.played,
        "won": r.won,
        "drawn": r.drawn,
        "lost": r.lost,
        "scored": r.scored,
        "conceded": r.conceded,
        "difference": r.difference,
        "points": r.points,
    }
