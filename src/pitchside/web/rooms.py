"""A room: seats, tokens, the match and its action log. Pure logic: no web framework, no database, no clock.

The room holds no rules. Everything about the match comes from the game protocol: ``parse_action``,
``apply`` (an illegal action raises IllegalAction naming its rule and changes nothing), ``decision``,
``legal_actions``, ``view`` and ``Event.visible_to``. What one seat is sent (:meth:`Room.update`) is
built only from ``view(seat)``, that seat's legal actions and the events visible to it.

Tokens are random (``secrets``) and only their SHA-256 is kept; a token is never logged or shown again.
Time is passed in (``now``, unix seconds) so timers are plain arithmetic here.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.errors import DataError, IllegalAction, InvalidAction
from pitchside.core.game import Event, Game, State
from pitchside.core.record import MatchRecord, Move
from pitchside.core.rng import Rng

NAME_LIMIT = 40
AHEAD_STEPS = 200  # a bound on looking ahead through the seats before one in a window or a hidden pick
# Answers a seat may give before its turn in a window or pick (WEB.md, "Answering ahead").
AHEAD_KINDS = (DecisionKind.RESPONSE, DecisionKind.HIDDEN_PICK)


class RoomStatus(StrEnum):
    WAITING = "waiting"  # seats being filled; no move yet
    PLAYING = "playing"
    FINISHED = "finished"


class BotKind(StrEnum):
    RANDOM = "random"
    HEURISTIC = "heuristic"
    ISMCTS = "ismcts"


class ErrorCode(StrEnum):
    """What went wrong, for a client to act on (WEB.md)."""

    MALFORMED = "malformed"  # not JSON, or not a message/request of the expected shape
    NOTATION = "notation"  # action text that does not parse as this game's notation
    ILLEGAL = "illegal"  # a well-formed action the rules refuse now (``rule`` names the rule)
    STALE = "stale"  # the client acted on an update that is no longer current
    AUTH = "auth"  # a missing or wrong seat token
    TAKEN = "taken"  # the seat is held by someone else
    STATE = "state"  # not possible in the room's status (e.g. a move before the start)
    NOT_FOUND = "not-found"
    LIMIT = "limit"  # a server limit (message size, rooms, connections)
    CONFIG = "config"  # a game option the game refuses (the message names the field)
    STORE = "store"  # the database failed; nothing changed
    INTERNAL = "internal"  # a bug: logged on the server


class RoomError(Exception):
    """A refused request; nothing changed. ``rule`` is the rulebook ID of an illegal action."""

    def __init__(self, code: ErrorCode, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code.value, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        return out


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_room_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


@dataclass
class Seat:
    """One chair. Held by a person (``token_hash``), by a bot (``bot``), or free (a default bot plays it)."""

    index: int
    name: str = ""
    token_hash: str | None = None
    bot: BotKind | None = None
    budget: int | None = None  # IS-MCTS iterations per decision
    seconds: float | None = None  # or IS-MCTS seconds per decision (a budget in time)
    connections: int = 0  # open connections of the holder
    away_since: float | None = None  # when the holder was last seen leaving (or joined without connecting)

    @property
    def human(self) -> bool:
        return self.token_hash is not None

    def kind(self) -> str:
        return "human" if self.human else "bot" if self.bot is not None else "free"

    def budget_text(self) -> str | None:
        """The bot's budget in the agents' grammar (``500``, ``1s``), or None for the default."""
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return None if self.budget is None else str(self.budget)

    def player(self) -> str:
        """The name a record gives this seat: a bot's is its agent's name with its budget (``ismcts:1s``), so
        replaying the record makes the same bots."""
        if self.human:
            return self.name
        if self.bot is None:
            return "bot"
        budget = self.budget_text()
        return f"{self.bot.value}:{budget}" if budget is not None else self.bot.value


@dataclass
class Room:
    """A match between seats. ``moves`` is its action log (what a record and the database keep)."""

    id: str
    game: Game
    config: dict[str, Any]
    seed: int
    state: State
    opening: list[Event]
    seats: list[Seat]
    turn_seconds: float = 0.0
    status: RoomStatus = RoomStatus.WAITING
    moves: list[Move] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    started_at: float | None = None
    decided_at: float = 0.0  # when the current decision began (for the turn timer)
    cup: tuple[int, int] | None = None  # a World Cup match: (tournament id, fixture number)
    # Answers given ahead of a seat's turn in an open window or hidden pick, applied in the rulebook's order
    # when the decision reaches the seat (never stored: they are intents until then).
    ahead: dict[int, list[str]] = field(default_factory=dict)
    dropped: dict[int, str] = field(default_factory=dict)  # why a seat's answers ahead no longer apply
    # The seat whose bot has been thinking longer than the server's thinking delay (hub.py); None: no bot is.
    thinking: int | None = None

    @classmethod
    def create(
        cls,
        game: Game,
        config: Mapping[str, Any] | None,
        seed: int,
        *,
        room_id: str | None = None,
        turn_seconds: float = 0.0,
        cup: tuple[int, int] | None = None,
    ) -> Room:
        """A new room; a config the game refuses is a RoomError naming the field (the game's own message)."""
        try:
            state, opening = game.start(config, seed)
        except DataError as e:
            where = f"options.{e.field}" if e.field else "options"
            raise RoomError(ErrorCode.CONFIG, f"{where}: {e.message}") from None
        n = state.num_seats
        room = cls(
            room_id or new_room_id(),
            game,
            dict(state.config),
            seed,
            state,
            list(opening),
            [Seat(i) for i in range(n)],
            turn_seconds,
            cup=cup,
        )
        room.events.extend(opening)
        return room

    # ------------------------------------------------------------------ seats

    @property
    def seq(self) -> int:
        """How many actions were accepted: every update carries it."""
        return len(self.moves)

    def seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            raise RoomError(ErrorCode.NOT_FOUND, f"room {self.id} has seats 0..{len(self.seats) - 1}, not {index}")
        return self.seats[index]

    def seat_of(self, token: str | None) -> int | None:
        """The seat this token holds, or None."""
        if not token:
            return None
        h = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.index
        return None

    def authorize(self, index: int, token: str | None) -> Seat:
        seat = self.seat(index)
        if not token:
            raise RoomError(ErrorCode.AUTH, "this needs the seat's token (header X-Seat-Token)")
        if self.seat_of(token) != index:
            raise RoomError(ErrorCode.AUTH, f"that token does not hold seat {index}")
        return seat

    def join(self, index: int, name: str, now: float) -> str:
        """Take a seat that no person holds (a bot in it steps aside); the new secret token."""
        seat = self.seat(index)
        if self.status is RoomStatus.FINISHED:
            raise RoomError(ErrorCode.STATE, "the match is over")
        if seat.human:
            raise RoomError(ErrorCode.TAKEN, f"seat {index} is taken by {seat.name}")
        token = new_token()
        seat.name = name.strip()[:NAME_LIMIT] or f"player {index}"
        seat.token_hash = hash_token(token)
        seat.bot = seat.budget = seat.seconds = None
        seat.connections = 0
        seat.away_since = now
        return token

    def leave(self, index: int, token: str | None) -> None:
        seat = self.authorize(index, token)
        seat.name, seat.token_hash, seat.away_since = "", None, None

    def set_bot(self, index: int, kind: BotKind, budget: int | None = None, seconds: float | None = None) -> None:
        """A bot in a seat no person holds; ``budget`` (iterations) or ``seconds`` for IS-MCTS only."""
        seat = self.seat(index)
        if self.status is RoomStatus.FINISHED:
            raise RoomError(ErrorCode.STATE, "the match is over")
        if seat.human:
            raise RoomError(ErrorCode.TAKEN, f"seat {index} is taken by {seat.name}; only they can leave it")
        if kind is not BotKind.ISMCTS and (budget, seconds) != (None, None):
            raise RoomError(ErrorCode.MALFORMED, f"budget: only ismcts takes a budget, not {kind.value}")
        seat.bot, seat.budget, seat.seconds, seat.name = kind, budget, seconds, ""

    def connected(self, index: int | None, now: float, delta: int) -> None:
        """A connection of seat ``index`` opened (+1) or closed (-1)."""
        if index is None:
            return
        seat = self.seats[index]
        seat.connections = max(0, seat.connections + delta)
        if seat.connections == 0:
            seat.away_since = now

    def start(self, token: str | None, now: float) -> None:
        """Any seated person starts the match; with nobody seated, anyone may (a match of bots to watch).
        Seats nobody holds are played by the default bot."""
        if self.status is not RoomStatus.WAITING:
            raise RoomError(ErrorCode.STATE, f"the match is {self.status.value}, it cannot start")
        if any(s.human for s in self.seats) and self.seat_of(token) is None:
            raise RoomError(ErrorCode.AUTH, "only a seated player (with the seat's token) can start the match")
        self.status = RoomStatus.PLAYING
        self.started_at = self.decided_at = now
        self._check_over()

    # ------------------------------------------------------------------ the match

    def act(self, index: int, text: str, now: float, seq: int | None = None) -> list[Event]:
        """Apply seat ``index``'s action (the project's notation); its events, and those of the answers given
        ahead that it let through (:meth:`answer_ahead`). Refused: RoomError, nothing changed.

        A seat that an open response window or hidden pick concerns, but whose turn in it has not come, answers
        ahead: its answer is checked against what it could do when its turn comes and kept until then."""
        if self.status is not RoomStatus.PLAYING:
            raise RoomError(ErrorCode.STATE, f"the match is {self.status.value}: no moves now")
        if seq is not None and seq != self.seq:
            raise RoomError(ErrorCode.STALE, f"that was meant for update {seq}; the match is at {self.seq}")
        action = self._parse(text)
        if self.state.decision().seat != index and self.may_answer_ahead(index):
            self.answer_ahead(index, str(action))
            return []
        try:
            events = self.state.apply(index, action)
        except IllegalAction as e:
            raise RoomError(ErrorCode.ILLEGAL, e.message, e.rule) from None
        self.moves.append(Move(index, str(action)))
        self.events.extend(events)
        self.dropped.pop(index, None)
        events = events + self._release()
        self.decided_at = now
        self._check_over()
        return events

    def _parse(self, text: str) -> Any:
        try:
            return self.game.parse_action(text)
        except InvalidAction as e:
            raise RoomError(ErrorCode.NOTATION, f"cannot read {text[:80]!r}: {e}") from None

    # ------------------------------------------------------------------ answering ahead

    def may_answer_ahead(self, index: int) -> bool:
        d = self.state.decision()
        return self.status is RoomStatus.PLAYING and d.kind in AHEAD_KINDS and index in d.seats and d.seat != index

    def lookahead(self, index: int) -> State | None:
        """The match as it will be when the open window or pick reaches seat ``index``, worked out on a clone,
        or None if it cannot be foreseen. The seats before it stand aside: in a window each passes (the answer
        that changes nothing); in a hidden pick each makes some pick, which ``index`` could not see anyway.
        Their real answers given ahead are never used, so nothing of another seat's leaks into this seat's
        options; ``index``'s own answers ahead are applied on top."""
        d = self.state.decision()
        if d.kind not in AHEAD_KINDS or index not in d.seats:
            return None
        kind, st = d.kind, self.state.clone()
        rng = Rng(self.seed ^ (self.seq + 1))
        stand_aside = self._parse("pass") if kind is DecisionKind.RESPONSE else None
        for _ in range(AHEAD_STEPS):
            d = st.decision()
            if d.seat == index and d.kind is kind:
                break
            if d.kind is not kind or d.seat is None or index not in d.seats:
                return None  # the window closes before this seat's turn
            legal = st.legal_actions(d.seat)
            if stand_aside is not None and stand_aside not in legal:
                return None
            st.apply(d.seat, stand_aside if stand_aside is not None else legal[rng.below(len(legal))])
        else:
            return None
        for text in self.ahead.get(index, []):
            if st.decision().seat != index:
                return None
            st.apply(index, self._parse(text))
        return st if st.decision().seat == index and st.decision().kind is kind else None

    def answer_ahead(self, index: int, text: str) -> None:
        st = self.lookahead(index)
        if st is None:
            raise RoomError(ErrorCode.STATE, "your turn in this decision cannot be answered ahead: wait for it")
        action = self._parse(text)
        try:
            st.apply(index, action)  # on the clone: checks the answer against the seat's options then
        except IllegalAction as e:
            raise RoomError(ErrorCode.ILLEGAL, e.message, e.rule) from None
        self.ahead.setdefault(index, []).append(text)
        self.dropped.pop(index, None)

    def _release(self) -> list[Event]:
        """Apply the answers given ahead by the seat whose turn it now is, while there are any; then drop those
        of seats the decision no longer concerns (the window closed before their turn)."""
        out: list[Event] = []
        while True:
            d = self.state.decision()
            queue = self.ahead.get(d.seat) if d.seat is not None else None
            if not queue or d.seat is None:
                break
            text = queue.pop(0)
            try:
                events = self.state.apply(d.seat, self.game.parse_action(text))
            except (IllegalAction, InvalidAction) as e:
                self.ahead.pop(d.seat, None)
                self.dropped[d.seat] = f"your answer {text!r} no longer applies: {e}"
                break
            self.moves.append(Move(d.seat, text))
            self.events.extend(events)
            out += events
        d = self.state.decision()
        for seat in list(self.ahead):
            settled = d.kind not in AHEAD_KINDS or seat not in d.seats
            if (not self.ahead[seat] or settled) and self.ahead.pop(seat):
                self.dropped[seat] = "the decision was settled before your turn: your answer was not needed"
        return out

    def preview(self, index: int, texts: list[str]) -> list[str]:
        """Seat ``index``'s legal actions after it played ``texts``, worked out on a clone: a play built card by
        card in the page, cancellable until it is sent. Nothing changes. It shows only what the seat would know
        by playing: a step that draws a card for it, uses chance (a die, a shuffle) or hands the decision to
        another seat ends the preview with no actions. A seat answering ahead previews on its look-ahead.
        Refused: RoomError (notation, illegal, state)."""
        if self.status is not RoomStatus.PLAYING:
            raise RoomError(ErrorCode.STATE, "a preview is for the seat whose decision it is, during the match")
        if self.state.decision().seat == index:
            st = self.state.clone()
        elif self.may_answer_ahead(index) and (ahead := self.lookahead(index)) is not None:
            st = ahead
        else:
            raise RoomError(ErrorCode.STATE, "a preview is for the seat whose decision it is, during the match")
        rng = getattr(st, "rng", None)
        if rng is None:
            raise RoomError(ErrorCode.STATE, f"{self.game.id} offers no previews")
        for text in texts:
            action = self._parse(text)
            before = (rng.state, rng.rolls)
            try:
                events = st.apply(index, action)
            except IllegalAction as e:
                raise RoomError(ErrorCode.ILLEGAL, e.message, e.rule) from None
            rng = getattr(st, "rng", rng)
            private = any(e.to is not None for e in events)
            if private or (rng.state, rng.rolls) != before or st.decision().seat != index:
                return []
        return [str(a) for a in st.legal_actions(index)]

    def _check_over(self) -> None:
        if self.state.is_over():
            self.status = RoomStatus.FINISHED

    def deciding(self) -> int | None:
        """The seat whose decision it is now (None before the start and after the end)."""
        if self.status is not RoomStatus.PLAYING:
            return None
        return self.state.decision().seat

    def deadline(self, index: int | None = None) -> float | None:
        """When the turn timer runs out on the seat deciding now (a person's seat), or None."""
        seat = self.deciding()
        if seat is None or not self.turn_seconds or not self.seats[seat].human:
            return None
        if index is not None and index != seat:
            return None
        return self.decided_at + self.turn_seconds

    def controller(self, index: int, now: float, grace: float) -> BotKind | None:
        """Who plays seat ``index`` now: a bot kind, or None when its person decides. A free seat gets the
        default bot; a person away longer than ``grace``, or whose turn timer ran out, a bot for now."""
        seat = self.seats[index]
        if not seat.human:
            return seat.bot or BotKind.HEURISTIC
        if seat.connections == 0 and seat.away_since is not None:
            since = max(seat.away_since, self.started_at or seat.away_since)
            if now - since >= grace:
                return BotKind.HEURISTIC
        limit = self.deadline(index)
        if limit is not None and now >= limit:
            return BotKind.HEURISTIC
        return None

    def wake_at(self, grace: float) -> float | None:
        """The next moment a timer may hand the decision to a bot (grace or turn timer), or None."""
        seat = self.deciding()
        if seat is None:
            return None
        s = self.seats[seat]
        times = [t for t in (self.deadline(seat),) if t is not None]
        if s.human and s.connections == 0 and s.away_since is not None:
            times.append(max(s.away_since, self.started_at or s.away_since) + grace)
        return min(times) if times else None

    # ------------------------------------------------------------------ what each connection sees

    def update(self, index: int | None, since: int, now: float | None = None) -> dict[str, Any]:
        """The message for a connection of seat ``index`` (None: a spectator) that has seen ``since`` events."""
        st = self.state
        decision = st.decision()
        mine = self.status is RoomStatus.PLAYING and index is not None and decision.seat == index
        ahead = None if mine or index is None else self.lookahead(index) if self.may_answer_ahead(index) else None
        out: dict[str, Any] = {
            "type": "update",
            "seq": self.seq,
            "seat": index,
            "status": self.status.value,
            "view": st.view(index),
            "decision": decision.to_json(),
            "legal": self._legal(st if mine else ahead, index),
            "events": [e.to_json() for e in self.events[since:] if e.visible_to(index)],
            "deadline": self.deadline(),
            "seats": self.seats_json(),
            "thinking": self.thinking,
        }
        if ahead is not None or (index is not None and index in self.ahead):
            out["ahead"] = True  # these are answers ahead of this seat's turn: kept until the turn comes
        if index is not None and self.ahead.get(index):
            out["queued"] = list(self.ahead[index])
        if index is not None and index in self.dropped:
            out["notice"] = self.dropped[index]
        if since == 0:
            out["full"] = True  # every event so far: the client replaces its log
        if self.status is RoomStatus.FINISHED:
            out["outcome"] = st.outcome().to_json()
        return out

    @staticmethod
    def _legal(st: State | None, index: int | None) -> list[str]:
        return [] if st is None or index is None else [str(a) for a in st.legal_actions(index)]

    def seats_json(self) -> list[dict[str, Any]]:
        names = self.game.team_names()
        out = []
        for s in self.seats:
            team = self.game.team_of(self.config, s.index)
            out.append(
                {
                    "seat": s.index,
                    "kind": s.kind(),
                    "name": s.name,
                    "bot": s.bot.value if s.bot else None,
                    "budget": s.budget,
                    "seconds": s.seconds,
                    "connected": s.connections > 0,
                    "team": team,
                    "team_name": names[team] if 0 <= team < len(names) else str(team),
                }
            )
        return out

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.id,
            "status": self.status.value,
            "seats": self.seats_json(),
            "players": sum(s.human for s in self.seats),
            "seq": self.seq,
            "config": self.public_config(),
            "turn_seconds": self.turn_seconds,
            "outcome": self.state.outcome().to_json() if self.status is RoomStatus.FINISHED else None,
            "tournament": None if self.cup is None else {"id": self.cup[0], "match": self.cup[1]},
        }

    def public_config(self) -> Any:
        """The config as the game's public view shows it (a config may hold hands or a deck: a World Cup match's)."""
        return self.state.view(None).get("config", {})

    def record(self) -> MatchRecord:
        rec = MatchRecord(
            self.game.id,
            self.game.version,
            dict(self.config),
            seed=self.seed,
            players=[s.player() for s in self.seats],
            moves=list(self.moves),
        )
        if self.status is RoomStatus.FINISHED:
            rec.outcome = self.state.outcome().to_json()
            rec.fingerprint = self.state.fingerprint()
        return rec
