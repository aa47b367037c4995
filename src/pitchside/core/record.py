"""Match records: JSON Lines, and replay.

Line 1 is the header (game, rules version, config, seed or setup, seats), then one line per
applied action (seat, action text), then optionally the outcome. Replaying the moves from
the header gives the same match, card for card.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pitchside.core.errors import DataError, IllegalAction, InvalidAction, ReplayError
from pitchside.core.game import Event, Game, State
from pitchside.core.locate import json_line

FORMAT = "pitchside-record/1"


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
            end = {"outcome": self.outcome}
            if self.fingerprint:
                end["fingerprint"] = self.fingerprint  # type: ignore[assignment]
            yield json.dumps(end, ensure_ascii=False, separators=(",", ":"))

    def dumps(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def loads(cls, text: str, source: str = "<record>") -> MatchRecord:
        rows: list[tuple[int, str, dict[str, Any]]] = []
        for n, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as e:
                raise DataError(source, n, None, f"not valid JSON: {e.msg} (column {e.colno})") from None
            if not isinstance(obj, dict):
                raise DataError(source, n, None, "each line must be a JSON object")
            rows.append((n, raw, obj))
        if not rows:
            raise DataError(source, None, None, "empty record: the first line must be a header")
        n, raw, head = rows[0]

        def need(key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
            if key not in head:
                if default is not ...:
                    return default
                raise DataError(source, n, key, "missing in the header")
            value = head[key]
            if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
                line = json_line(raw, [key])
                raise DataError(source, n if line is None else n + line - 1, key, f"must be {_kind(kind)}")
            return value

        rec = cls(
            game=need("game", str),
            version=need("version", str, ""),
            config=need("config", dict, {}),
            seed=need("seed", (int, type(None)), None),
            setup=need("setup", (dict, type(None)), None),
            players=need("players", list, []),
            source=source,
        )
        if rec.seed is None and rec.setup is None:
            raise DataError(source, n, "seed", "the header needs a seed or a setup")
        for n, _raw, obj in rows[1:]:
            if "outcome" in obj:
                rec.outcome = obj["outcome"]
                fp = obj.get("fingerprint")
                rec.fingerprint = fp if isinstance(fp, str) else None
                continue
            seat, action = obj.get("seat"), obj.get("action")
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise DataError(source, n, "seat", "must be a seat number")
            if not isinstance(action, str):
                raise DataError(source, n, "action", "must be action text")
            rec.moves.append(Move(seat, action, n))
        return rec

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise DataError(str(p), None, None, f"cannot read: {e.strerror}") from None
        return cls.loads(text, str(p))


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind(kind: type | tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", dict: "an object", list: "a list", type(None): "null"}
    return " or ".join(names.get(k, k.__name__) for k in _kinds(kind))


def start_state(game: Game, rec: MatchRecord) -> State:
    if rec.setup is not None:
        return game.from_setup(rec.setup, rec.source)
    return game.new_state(rec.config, rec.seed or 0)


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
    if rec.version and rec.version != game.version:
        raise ReplayError(-1, None, f"record is for rules version {rec.version}, this is {game.version}")
    state = start_state(game, rec)
    events: list[tuple[int, Event]] = []
    for i, move in enumerate(rec.moves):
        if state.is_over():
            raise ReplayError(i, move.line, "the match is already over")
        want = state.decision().seat
        if move.seat != want:
            raise ReplayError(i, move.line, f"seat {move.seat} moved, but the decision is seat {want}'s")
        try:
            action = game.parse_action(move.action)
            evs = state.apply(move.seat, action)
        except InvalidAction as e:
            raise ReplayError(i, move.line, f"cannot parse {move.action!r}: {e}") from None
        except IllegalAction as e:
            raise ReplayError(i, move.line, f"illegal {move.action!r}: {e}") from None
        events.extend((i, ev) for ev in evs)
        if on_move is not None:
            on_move(i, move, evs)
    n = len(rec.moves)
    if rec.outcome is not None:
        if not state.is_over():
            raise ReplayError(n, None, "the record has an outcome but the replayed match is not over")
        got = state.outcome().to_json()
        if _norm(got) != _norm(rec.outcome):
            raise ReplayError(n, None, f"outcome diverges: record {rec.outcome}, replay {got}")
    if rec.fingerprint is not None and rec.fingerprint != state.fingerprint():
        raise ReplayError(n, None, "final state diverges from the recorded fingerprint")
    return Replay(state, events)


def _norm(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, sort_keys=True)
