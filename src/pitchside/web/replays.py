"""Records over the web: download a finished room's, upload one to watch, and step through any of them.

An uploaded record is read as the CLI reads one (``MatchRecord.loads``: every line checked) and replayed
in full before it is kept, so a record that does not replay is refused with the line and move at fault.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError, PitchsideError, ReplayError
from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import UnknownGame, resolve
from pitchside.web.rooms import ErrorCode, RoomError, RoomStatus

if TYPE_CHECKING:
    from pitchside.web.hub import Hub


def finished_record(hub: Hub, room_id: str) -> MatchRecord:
    """The record of a finished room (in memory, or in the database after a restart)."""
    room = hub.rooms.get(room_id)
    if room is not None:
        if room.status is not RoomStatus.FINISHED:
            raise RoomError(ErrorCode.STATE, f"room {room_id} is {room.status.value}: its record comes when it ends")
        _cup_secret(hub, room.cup)
        return room.record()
    stored = hub.store.load(room_id=room_id) if hub.store is not None else []
    if not stored:
        raise RoomError(ErrorCode.NOT_FOUND, f"no room {room_id!r}")
    if stored[0].status is not RoomStatus.FINISHED:
        raise RoomError(ErrorCode.STATE, f"room {room_id} is not finished")
    _cup_secret(hub, stored[0].cup)
    rec = stored[0].record()
    rec.outcome, rec.fingerprint = stored[0].outcome, stored[0].fingerprint
    rec.source = "<record>"
    return rec


def _cup_secret(hub: Hub, cup: tuple[int, int] | None) -> None:
    """A World Cup match's record shows the hands its teams keep and the deck the next matches draw from:
    it is given out only when the World Cup is over."""
    if cup is None or hub.store is None:
        return
    from pitchside.store.tournaments import FINISHED, NoTournament, load

    try:
        running = load(hub.store.db, cup[0]).status != FINISHED
    except NoTournament:
        running = False
    if running:
        raise RoomError(
            ErrorCode.STATE,
            f"a match of World Cup {cup[0]} is shown when the World Cup is over "
            "(its record holds the hands and the deck that play on)",
        )


def upload(hub: Hub, body: bytes) -> dict[str, Any]:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RoomError(ErrorCode.MALFORMED, f"a record is UTF-8 text (byte {e.start} is not)") from None
    try:
        rec = MatchRecord.loads(text, "upload")
        replay(rec, _game(rec.game))
    except (DataError, ReplayError) as e:
        raise RoomError(ErrorCode.MALFORMED, str(e)) from None
    rid = "r" + secrets.token_hex(6)
    hub.replays[rid] = rec
    while len(hub.replays) > hub.settings.max_replays:
        hub.replays.popitem(last=False)
    return {"id": rid, **_info(rec)}


def _game(gid: str) -> Any:
    try:
        return resolve(gid)
    except UnknownGame as e:
        raise RoomError(ErrorCode.NOT_FOUND, str(e)) from None


def _find(hub: Hub, replay_id: str) -> MatchRecord:
    rec = hub.replays.get(replay_id)
    return rec if rec is not None else finished_record(hub, replay_id)


def _info(rec: MatchRecord) -> dict[str, Any]:
    return {
        "game": rec.game,
        "players": rec.players,
        "moves": len(rec.moves),
        "config": rec.config,
        "outcome": rec.outcome,
    }


def info(hub: Hub, replay_id: str) -> dict[str, Any]:
    return {"id": replay_id, **_info(_find(hub, replay_id))}


def step(hub: Hub, replay_id: str, n: int, seat: int | None) -> dict[str, Any]:
    """The match after ``n`` moves as ``seat`` saw it, and the events of move ``n`` (n = 0: of the deal)."""
    rec = _find(hub, replay_id)
    if not 0 <= n <= len(rec.moves):
        raise RoomError(ErrorCode.NOT_FOUND, f"this record has moves 0..{len(rec.moves)}, not {n}")
    game = _game(rec.game)
    part = MatchRecord(rec.game, rec.version, rec.config, rec.seed, rec.setup, rec.players, rec.moves[:n])
    try:
        done = replay(part, game)
    except PitchsideError as e:
        raise RoomError(ErrorCode.MALFORMED, str(e)) from None
    st = done.state
    if seat is not None and not 0 <= seat < st.num_seats:
        raise RoomError(ErrorCode.NOT_FOUND, f"seats are 0..{st.num_seats - 1}, not {seat}")
    if n == 0:
        opening = game.start(rec.config, rec.seed or 0)[1] if rec.setup is None else []
        events = [e for e in opening if e.visible_to(seat)]
    else:
        events = [e for i, e in done.events if i == n - 1 and e.visible_to(seat)]
    return {
        "n": n,
        "moves": len(rec.moves),
        "move": {"seat": rec.moves[n - 1].seat, "action": rec.moves[n - 1].action} if n else None,
        "view": st.view(seat),
        "decision": st.decision().to_json(),
        "events": [e.to_json() for e in events],
        "outcome": st.outcome().to_json() if st.is_over() else None,
    }
