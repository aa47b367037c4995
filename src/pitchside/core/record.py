"""Match records: JSON Lines, and replay.

Line 1 is the header (format, game, rules version, config, seed or setup, players), then one line per
applied action (seat, action text), then optionally the end line (outcome, fingerprint of the final
state). Replaying the moves from the header gives the same match, card for card.

A record is read as if a stranger wrote it: every line is checked against its shape (``core.recordshape``)
before anything is trusted, and every error names the file, the line and the field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pitchside.core.errors import DataError, IllegalAction, InvalidAction, ReplayError
from pitchside.core.game import Event, Game, State

FORMAT = "pitchside-record/1"
MAX_RECORD_BYTES = 64 * 1024 * 1024  # a long 10-seat match is a few hundred kB


@dataclass
class Move:
    seat: int
    action: str
    line: int | None = None  # the file line it was read from, for error messages


@dataclass
class MatchRecord:
    game: str
    version: str
    config: dict[str, Any]
    seed: int | None = None
    setup: dict[str, Any] | None = None
    players: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    fingerprint: str | None = None  # of the final state, to detect divergence
    source: str = "<record>"
    line: int | None = None  # the header's file line, when read from text
    end_line: int | None = None  # the end line's (outcome, fingerprint)

    def header(self) -> dict[str, Any]:
        h: dict[str, Any] = {"format": FORMAT, "game": self.game, "version": self.version}
        h["config"] = self.config
        if self.setup is not None:
            h["setup"] = self.setup
        else:
            h["seed"] = self.seed
        h["players"] = self.players
        return h

    def lines(self) -> Iterator[str]:
        yield json.dumps(self.header(), ensure_ascii=False, separators=(",", ":"))
        for m in self.moves:
            yield json.dumps({"seat": m.seat, "action": m.action}, ensure_ascii=False)
        if self.outcome is not None:
            end: dict[str, Any] = {"outcome": self.outcome}
            if self.fingerprint:
                end["fingerprint"] = self.fingerprint
            yield json.dumps(end, ensure_ascii=False, separators=(",", ":"))

    def dumps(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the record; a regular file is replaced whole or not at all (a full disk keeps the old one)."""
        p = Path(path)
        data = self.dumps().encode("utf-8")
        if p.exists() and not p.is_file():  # /dev/stdout, a pipe: write straight through
            with p.open("wb") as f:
                f.write(data)
            return
        tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, p)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    @classmethod
    def loads(cls, text: str, source: str = "<record>") -> MatchRecord:
        from pitchside.core.recordshape import parse_record

        return parse_record(cls, text, source)

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        from pitchside.core.strictjson import decode, read_bytes

        raw = read_bytes(path, MAX_RECORD_BYTES, "a match record")
        return cls.loads(decode(raw, str(path)), str(path))


def start_state(game: Game, rec: MatchRecord) -> State:
    """The state the record starts from; a bad config or setup names the record's header line and field."""
    from pitchside.core.setupfile import check_seats, check_setup_seats

    where = "setup" if rec.setup is not None else "config"
    try:
        if rec.setup is not None:
            check_setup_seats(rec.setup, rec.source)
            return game.from_setup(rec.setup, rec.source)
        check_seats(rec.config, "<config>")
        return game.new_state(rec.config, rec.seed or 0)
    except DataError as e:
        if e.line is not None or e.file not in (rec.source, "<config>", "<setup>"):
            raise  # an error inside a data file the config names: it names that file
        name = f"{where}.{e.field}" if e.field else where
        raise DataError(rec.source, rec.line, name, e.message) from None


@dataclass
class Replay:
    state: State
    events: list[tuple[int, Event]]  # (move index, event); index -1 = before the first move


def replay(
    rec: MatchRecord,
    game: Game,
    on_move: Callable[[int, Move, list[Event]], None] | None = None,
) -> Replay:
    """Re-run a record; raise ReplayError at the first move that does not apply."""

    def head_error(field: str, message: str) -> ReplayError:
        return ReplayError(-1, rec.line, message, file=rec.source, field=field)

    if rec.game != game.id:
        raise head_error(
            "game", f"the record is of {rec.game!r}; this game is {game.id!r} (records name a game by its id)"
        )
    if rec.version != game.version:
        raise head_error("version", f"record is for rules version {rec.version}, this is {game.version}")
    state = start_state(game, rec)
    events: list[tuple[int, Event]] = []
    for i, move in enumerate(rec.moves):

        def move_error(message: str, i: int = i, line: int | None = move.line) -> ReplayError:
            return ReplayError(i, line, message, file=rec.source)

        if state.is_over():
            raise move_error("the match is already over")
        want = state.decision().seat
        if move.seat != want:
            raise move_error(f"seat {move.seat} moved, but the decision is seat {want}'s")
        try:
            action = game.parse_action(move.action)
            evs = state.apply(move.seat, action)
        except InvalidAction as e:
            raise move_error(f"cannot parse {move.action!r}: {e}") from None
        except IllegalAction as e:
            raise move_error(f"illegal {move.action!r}: {e}") from None
        events.extend((i, ev) for ev in evs)
        if on_move is not None:
            on_move(i, move, evs)
    n = len(rec.moves)

    def end_error(field: str, message: str) -> ReplayError:
        return ReplayError(n, rec.end_line, message, file=rec.source, field=field)

    if rec.outcome is not None:
        if not state.is_over():
            raise end_error("outcome", "the record has an outcome but the replayed match is not over")
        got = state.outcome().to_json()
        if _norm(got) != _norm(rec.outcome):
            raise end_error("outcome", f"outcome diverges: record {rec.outcome}, replay {got}")
    if rec.fingerprint is not None and rec.fingerprint != state.fingerprint():
        raise end_error("fingerprint", "final state diverges from the recorded fingerprint")
    return Replay(state, events)


def _norm(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, sort_keys=True)
